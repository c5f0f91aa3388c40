// recentTransferList: the acting customer's recent outgoing transfers, newest first, for
// repeating one (product-spec sections 5, 7 and 9): the seven types of section 9 (P2P and the
// external kinds, whose kind is the type's name). Refused, expired and returned transfers are
// not offered, and neither are items flagged isDisabled (section 5): those the customer may
// no longer send by type and permission, or whose destination now fails its checks.
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import type { SavedDetails } from '../db/schema-payees.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import type { OrderRow } from './approval-codes.ts'
import { isDisabled, permissionsOf, type Permission } from './payee-book.ts'
import { TransferType } from '../../generated/constants.ts'

/** Every transfer type of section 9 can be repeated. */
export const recentTypes: readonly TransferType[] = Object.values(TransferType)
export type RecentType = TransferType

/** Orders worth repeating: done, at their rail, or waiting for an approval. */
const offeredStatuses = [
  'completed',
  'settled',
  'pending',
  'heldForClaim',
  'awaitingCode',
  'awaitingApprover',
]
/** How many rows are read at most to fill a page once disabled items are left out. */
const scanLimit = 500

export function permissionOfOrder(order: OrderRow): Permission {
  return order.details.permission === 'own' ? 'own' : '3d'
}

export function countryOfOrder(order: OrderRow): string | undefined {
  return typeof order.details.countryCode === 'string' ? order.details.countryCode : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

export const handler: Handler<'recentTransferList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const types: readonly string[] = input.types ?? recentTypes
  const search = input.search?.trim()
  const like = search ? `%${escapeLike(search)}%` : undefined
  const rows = await context.db
    .select()
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, customerId),
        inArray(transferOrders.kind, [...types]),
        inArray(transferOrders.status, offeredStatuses),
        ...(input.permission === 'own'
          ? [sql`${transferOrders.details}->>'permission' = 'own'`]
          : input.permission === '3d'
            ? [sql`coalesce(${transferOrders.details}->>'permission', '3d') = '3d'`]
            : []),
        ...(input.countryCode
          ? [sql`${transferOrders.details}->>'countryCode' = ${input.countryCode}`]
          : []),
        ...(like
          ? [
              or(
                ilike(transferOrders.toEmail, like),
                sql`${transferOrders.details}->>'destination' ilike ${like}`,
                sql`${transferOrders.details}->>'beneficiaryName' ilike ${like}`,
                sql`${transferOrders.details}->>'payeeName' ilike ${like}`,
              ),
            ]
          : []),
      ),
    )
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(scanLimit)
  const flags = await permissionsOf(context.db, customerId)
  const transfers = rows
    .filter(
      (row) =>
        !isDisabled(
          row.kind,
          permissionOfOrder(row),
          row.details as SavedDetails,
          countryOfOrder(row) ?? null,
          flags,
        ),
    )
    .slice(0, input.limit ?? 5)
    .map((row) => {
      const beneficiaryName = text(row.details.beneficiaryName) ?? text(row.details.payeeName)
      const countryCode = countryOfOrder(row)
      return {
        transactionId: row.id,
        type: row.kind as RecentType,
        permission: permissionOfOrder(row),
        ...(beneficiaryName ? { beneficiaryName } : {}),
        destination: row.toEmail ?? text(row.details.destination) ?? '',
        ...(countryCode ? { countryCode } : {}),
        amount: fromMinor(row.toAmountMinor, scaleOf(row.toCurrencyCode)),
        currencyCode: row.toCurrencyCode,
        createdAt: row.createdAt.toISOString(),
        isDisabled: false,
      }
    })
  return rpcOk({ transfers })
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
