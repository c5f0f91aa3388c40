// Shapes merchant rows into the entities of schemas/ (MerchantLogo, SavedPaymentButton,
// PbnSettings, IpnSettings, IdentityVerificationItem, ReputationItem, Subscriber, Installment,
// IpnMessage). Amounts leave as decimal strings with the currency's scale; absent values are
// left out rather than sent as null, as the schemas describe them.
import type { components } from '../../generated/api.d.ts'
import type {
  merchantIdentityVerifications,
  merchantInstallments,
  merchantIpnMessages,
  merchantIpnSettings,
  merchantLogos,
  merchantPaymentButtons,
  merchantPbnSettings,
  merchantReputationEntries,
  merchantSubscribers,
} from '../db/schema-merchant.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { buttonCode } from './button-code.ts'

type Schemas = components['schemas']

export type LogoRow = typeof merchantLogos.$inferSelect
export type ButtonRow = typeof merchantPaymentButtons.$inferSelect
export type PbnSettingsRow = typeof merchantPbnSettings.$inferSelect
export type IpnSettingsRow = typeof merchantIpnSettings.$inferSelect
export type VerificationRow = typeof merchantIdentityVerifications.$inferSelect
export type ReputationRow = typeof merchantReputationEntries.$inferSelect
export type SubscriberRow = typeof merchantSubscribers.$inferSelect
export type InstallmentRow = typeof merchantInstallments.$inferSelect
export type IpnMessageRow = typeof merchantIpnMessages.$inferSelect

/** Only the keys whose value is present: the schemas have optional fields, not nullable ones. */
function present<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: NonNullable<T[K]> }
}

export function amountOf(amountMinor: bigint, currencyCode: string): string {
  return fromMinor(amountMinor, scaleOf(currencyCode))
}

/** A logo without its image bytes, as lists read it. */
export type LogoSummary = Omit<LogoRow, 'content'>

/** A logo; the image itself (a data: URL) only when given, so lists stay small. */
export function logoView(row: LogoSummary, content?: Buffer): Schemas['MerchantLogo'] {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    contentType: row.contentType as Schemas['MerchantLogo']['contentType'] & string,
    sizeBytes: row.sizeBytes,
    ...(content ? { file: `data:${row.contentType};base64,${content.toString('base64')}` } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}

export function buttonView(row: ButtonRow, origin: string): Schemas['SavedPaymentButton'] {
  return {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    currencyCode: row.currencyCode,
    ...present({
      itemName: row.itemName,
      itemNumber: row.itemNumber,
      amount: row.amountMinor === null ? null : amountOf(row.amountMinor, row.currencyCode),
      logoId: row.logoId,
      returnUrl: row.returnUrl,
      cancelUrl: row.cancelUrl,
      notifyUrl: row.notifyUrl,
    }),
    code: buttonCode(row, origin),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function pbnSettingsView(row: PbnSettingsRow | undefined): Schemas['PbnSettings'] {
  return {
    ...present({ notifyUrl: row?.notifyUrl, secretHint: row?.secretHint }),
    enabled: row?.enabled ?? false,
    hasSecret: Boolean(row?.secretSealed),
  }
}

/** Without a row, the defaults of product-spec section 9 (status ids 1). */
export function ipnSettingsView(row: IpnSettingsRow | undefined): Schemas['IpnSettings'] {
  return {
    ...present({ notifyUrl: row?.notifyUrl, secretHint: row?.secretHint }),
    notifyStatusId: row?.notifyStatusId ?? 1,
    statusId: row?.statusId ?? 1,
    hasSecret: Boolean(row?.secretSealed),
  }
}

export function verificationView(row: VerificationRow): Schemas['IdentityVerificationItem'] {
  return {
    id: row.id,
    accountId: row.accountId,
    email: row.email,
    ...present({ firstName: row.firstName, lastName: row.lastName, note: row.note }),
    status: row.status as Schemas['IdentityVerificationItem']['status'] & string,
    fee: {
      amount: amountOf(row.feeMinor, row.feeCurrencyCode),
      currencyCode: row.feeCurrencyCode,
    },
    createdAt: row.createdAt.toISOString(),
    ...present({ completedAt: row.completedAt?.toISOString() }),
  }
}

export function reputationView(row: ReputationRow): Schemas['ReputationItem'] {
  return {
    email: row.email,
    type: row.type,
    verified: row.verified,
    limited: row.limited,
    ...present({ registeredAt: row.registeredAt?.toISOString() }),
    transactionCount: row.transactionCount,
    refundCount: row.refundCount,
    chargebackCount: row.chargebackCount,
  }
}

export function subscriberView(row: SubscriberRow): Schemas['Subscriber'] {
  return {
    id: row.id,
    email: row.email,
    ...present({ name: row.name, buttonId: row.buttonId }),
    amount: amountOf(row.amountMinor, row.currencyCode),
    currencyCode: row.currencyCode,
    frequency: row.frequency as Schemas['Subscriber']['frequency'] & string,
    status: row.status as Schemas['Subscriber']['status'] & string,
    startDate: row.startDate,
    ...present({
      nextPaymentDate: row.nextPaymentDate,
      cancelledAt: row.cancelledAt?.toISOString(),
    }),
  }
}

export function installmentView(row: InstallmentRow): Schemas['Installment'] {
  return {
    id: row.id,
    subscriberId: row.subscriberId,
    amount: amountOf(row.amountMinor, row.currencyCode),
    currencyCode: row.currencyCode,
    status: row.status as Schemas['Installment']['status'] & string,
    date: row.paidAt.toISOString(),
  }
}

export function ipnMessageView(row: IpnMessageRow): Schemas['IpnMessage'] {
  return {
    id: row.id,
    ...present({ transactionId: row.transactionId, httpStatus: row.httpStatus }),
    notifyUrl: row.notifyUrl,
    statusId: row.statusId,
    confirmed: row.confirmedAt !== null,
    attempts: row.attempts,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    ...present({ confirmedAt: row.confirmedAt?.toISOString() }),
  }
}
