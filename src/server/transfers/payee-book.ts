// The customer's saved destinations (product-spec section 3, Transfer/payee templates; section
// 5, recent transfers hide items flagged isDisabled): what a submit saves beside its order,
// and the rules that answer wireStatus, eftStatus and isDisabled when they are listed. A saved
// item is disabled when the customer may no longer send by its type and permission (section 6
// flags) or when its destination fails today's checks (a card whose BIN is now blocked).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import {
  beneficiaries,
  externalCards,
  paymentTemplates,
  type SavedDetails,
} from '../db/schema-payees.ts'
import type { OrderRow } from './approval-codes.ts'
import { ibanCheck } from './directory/iban.ts'
import { swiftCheck } from './directory/swift.ts'
import { binOf, isBinBlocked } from './directory/bin.ts'
import type { ExternalDestination } from './external-destinations.ts'
import { eftNeedsBankCode } from '../../shared/transfer-types.ts'
import { flagOfTransfer, type TransferPermission } from '../../shared/permission-flags.ts'

export type Permission = TransferPermission

/** The flag a saved item's type and permission need; P2P goes to others only (sendMoneyUser). */
export function flagOfType(type: string, permission: Permission): string | undefined {
  return flagOfTransfer(type, permission)
}

export async function permissionsOf(db: Db, customerId: number): Promise<Record<string, boolean>> {
  const [row] = await db
    .select({ permissions: customers.permissions })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row?.permissions ?? {}
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** 'valid' when the saved IBAN (if any) and SWIFT still pass their checks, else 'invalid'. */
export function wireStatusOf(details: SavedDetails): string {
  const iban = text(details.iban)
  if (iban && !ibanCheck(iban).valid) return 'invalid'
  return swiftCheck(text(details.swift)).valid ? 'valid' : 'invalid'
}

/** 'incomplete' when the country now needs bank and branch codes the payee lacks. */
export function eftStatusOf(details: SavedDetails, countryCode: string | null): string {
  const lacksCodes = !text(details.bankCode) || !text(details.branchCode)
  return countryCode && eftNeedsBankCode(countryCode) && lacksCodes ? 'incomplete' : 'valid'
}

/** Whether a saved item of this type can no longer be sent as it is. */
export function isDisabled(
  type: string,
  permission: Permission,
  details: SavedDetails,
  countryCode: string | null,
  flags: Record<string, boolean>,
): boolean {
  const flag = flagOfType(type, permission)
  if (!flag || flags[flag] !== true) return true
  if (type === 'oct') {
    const bin = binOf(text(details.cardNumber))
    return bin !== undefined && isBinBlocked(bin)
  }
  if (type === 'wire') return wireStatusOf(details) !== 'valid'
  if (type === 'eft') return eftStatusOf(details, countryCode) !== 'valid'
  return false
}

/** The states section 3 names for a saved payee or template: wireStatus, eftStatus, isDisabled. */
export function savedStates(
  row: {
    transferType: string
    permission: string
    details: SavedDetails
    countryCode: string | null
  },
  flags: Record<string, boolean>,
): { permission: Permission; wireStatus?: string; eftStatus?: string; isDisabled: boolean } {
  const permission = row.permission as Permission
  return {
    permission,
    ...(row.transferType === 'wire' ? { wireStatus: wireStatusOf(row.details) } : {}),
    ...(row.transferType === 'eft' ? { eftStatus: eftStatusOf(row.details, row.countryCode) } : {}),
    isDisabled: isDisabled(row.transferType, permission, row.details, row.countryCode, flags),
  }
}

export interface SaveRequest {
  kind: string
  permission: Permission
  templateName?: string
  amountMinor: bigint
}

/**
 * Saves what an order leaves behind, in its transaction: a card seen for the first time, and
 * with a templateName the template (replacing one of the same name) and the payee.
 */
export async function saveWithOrder(
  tx: Db,
  order: OrderRow,
  request: SaveRequest,
  destination: ExternalDestination,
): Promise<void> {
  const { newCard } = destination
  if (newCard) {
    await tx
      .insert(externalCards)
      .values({ customerId: order.customerId, ...newCard, permission: request.permission })
      .onConflictDoNothing()
  }
  if (!request.templateName) return
  const common = {
    transferType: request.kind,
    permission: request.permission,
    countryCode: destination.countryCode ?? null,
    currencyCode: destination.payoutCurrency,
    details: destination.details,
    updatedAt: new Date(),
  }
  await tx
    .insert(paymentTemplates)
    .values({
      customerId: order.customerId,
      templateName: request.templateName,
      beneficiaryName: destination.beneficiaryName || null,
      amountMinor: order.toAmountMinor,
      ...common,
    })
    .onConflictDoUpdate({
      target: [paymentTemplates.customerId, paymentTemplates.templateName],
      set: {
        beneficiaryName: destination.beneficiaryName || null,
        amountMinor: order.toAmountMinor,
        ...common,
      },
    })
  const name = destination.beneficiaryName || destination.destination
  await tx
    .insert(beneficiaries)
    .values({
      customerId: order.customerId,
      name,
      email: destination.toEmail ?? null,
      destination: destination.destination,
      ...common,
    })
    .onConflictDoUpdate({
      target: [beneficiaries.customerId, beneficiaries.transferType, beneficiaries.destination],
      set: { name, email: destination.toEmail ?? null, ...common },
    })
}
