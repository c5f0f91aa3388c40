// recentTransferDetailsGet: the details of one of the customer's recent transfers, to fill a
// new one like it (product-spec section 7: hasRequirements, type, details, address validity).
// details holds the request fields by name; hasRequirements is true when the type now needs a
// field the old transfer lacks (an EFT to BR, JP, HK or LK without bank and branch codes, a
// wire whose saved IBAN or SWIFT no longer passes); the address is valid when the transfer
// type needs none or a beneficiary address was given.
import { and, eq, inArray } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import type { SavedDetails } from '../db/schema-payees.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { eftStatusOf, wireStatusOf } from './payee-book.ts'
import {
  countryOfOrder,
  permissionOfOrder,
  recentTypes,
  type RecentType,
} from './recent-transfer-list.ts'

/** Order details that are bookkeeping, not request fields. */
const internalKeys = new Set(['destination', 'rail', 'templateName', 'payeeName'])

export const handler: Handler<'recentTransferDetailsGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [order] = await context.db
    .select()
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.id, input.transactionId),
        eq(transferOrders.customerId, customerId),
        inArray(transferOrders.kind, [...recentTypes]),
      ),
    )
  if (!order) {
    return validationFailure([refusal('transactionId', 'refusal.common.notYourTransfer')])
  }
  const details: SavedDetails = {}
  for (const [key, value] of Object.entries(order.details)) {
    if (internalKeys.has(key)) continue
    if (['string', 'number', 'boolean'].includes(typeof value) || value === null) {
      details[key] = value as string | number | boolean | null
    }
  }
  details.accountId = order.fromAccountId
  details.amount = fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))
  details.permission = permissionOfOrder(order)
  if (order.kind === 'p2p') {
    details.toEmail = order.toEmail
    details.currency = order.currencyCode
  } else if (order.kind !== 'crypto_eft') {
    details.currencyCode = order.toCurrencyCode
  }
  const country = countryOfOrder(order) ?? null
  const hasRequirements =
    (order.kind === 'eft' && eftStatusOf(details, country) !== 'valid') ||
    (order.kind === 'wire' && wireStatusOf(details) !== 'valid')
  const needsAddress = order.kind === 'wire' || order.kind === 'eft'
  const address = details.beneficiaryAddress
  return rpcOk({
    hasRequirements,
    type: order.kind as RecentType,
    details,
    isAddressValid: !needsAddress || (typeof address === 'string' && address.trim() !== ''),
  })
}
