// The derived card flags of product-spec section 3 under the rules of section 4 ("Card and
// account status ids", Rules). One pure function for the server (card.flags) and the portal;
// where the product is silent the choice is ours, recorded in docs/decisions.md ("Cards").
import { AccountStatus } from '../generated/constants.ts'

export interface CardFlagInput {
  statusId: number
  subType: string | null
  cardIsVirtual: boolean
  cardExpiryMonth: number | null
  cardExpiryYear: number | null
  /** The status of a replacement on its way (cardReissuedStatusId), when one was ordered. */
  cardReissuedStatusId: number | null
  /** Whether the card (or its replacement) ships by express already. */
  expressShipping: boolean
}

export interface CardFlags {
  isDebit: boolean
  isPrepaid: boolean
  isPhysical: boolean
  isVirtual: boolean
  isExpired: boolean
  expiry?: string
  statusText: string
  balanceAvailable: boolean
  historyAvailable: boolean
  canBlock: boolean
  canChangePin: boolean
  canShowPin: boolean
  canEditName: boolean
  cardDetailsAvailable: boolean
  canLoad: boolean
  canEnroll: boolean
  canPause: boolean
  canUnpause: boolean
  canActivate: boolean
  canReissue: boolean
  canUpgradeShipping: boolean
}

const S = AccountStatus

/** The English name of each status id (the portal shows its own translation by id). */
export const cardStatusText: Readonly<Record<number, string>> = {
  [S.Submitted]: 'Submitted',
  [S.Active]: 'Active',
  [S.Canceled]: 'Canceled',
  [S.Closed]: 'Closed',
  [S.Fraud]: 'Fraud',
  [S.Printing]: 'Printing',
  [S.Printed]: 'Printed',
  [S.Shipped]: 'Shipped',
  [S.Pending]: 'Pending',
  [S.Limited]: 'Limited',
  [S.Expired]: 'Expired',
  [S.Processing]: 'Processing',
  [S.PendingDocument]: 'Pending document',
  [S.Paused]: 'Paused',
}

/** Section 4: history for paused, active, limited and expired. */
export const cardHistoryStatuses: ReadonlySet<number> = new Set<number>([
  S.Paused,
  S.Active,
  S.Limited,
  S.Expired,
])
const historyStatuses = cardHistoryStatuses

/** Ours: a PIN exists once the card was activated (the same statuses as history). */
const pinStatuses = historyStatuses
/** Ours: a replacement for a card in use or expired; a limited card waits for the bank. */
const reissueStatuses = new Set<number>([S.Active, S.Paused, S.Expired])
/** A card on its way to the customer, before it is shipped. */
const issuingStatuses = new Set<number>([S.Processing, S.Printing, S.Printed, S.PendingDocument])
/** Ended for good: nothing but reading it. */
const endedStatuses = new Set<number>([S.Canceled, S.Closed])

/** True when the last day of the expiry month is before `now` (UTC). */
export function expiryPassed(month: number | null, year: number | null, now: Date): boolean {
  if (month === null || year === null) return false
  const firstOfNext = Date.UTC(year, month, 1)
  return now.getTime() >= firstOfNext
}

export function expiryText(month: number | null, year: number | null): string | undefined {
  if (month === null || year === null) return undefined
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}

export function deriveCardFlags(card: CardFlagInput, now: Date = new Date()): CardFlags {
  const status = card.statusId
  const fraud = status === S.Fraud
  const physical = !card.cardIsVirtual
  const ended = endedStatuses.has(status)
  const reissueOnItsWay =
    card.cardReissuedStatusId !== null && issuingStatuses.has(card.cardReissuedStatusId)
  const expiry = expiryText(card.cardExpiryMonth, card.cardExpiryYear)
  const pin = physical && !fraud && pinStatuses.has(status)
  return {
    isDebit: card.subType === 'DEBIT',
    isPrepaid: card.subType === 'PREPAID',
    isPhysical: physical,
    isVirtual: card.cardIsVirtual,
    isExpired: status === S.Expired || expiryPassed(card.cardExpiryMonth, card.cardExpiryYear, now),
    ...(expiry ? { expiry } : {}),
    statusText: cardStatusText[status] ?? String(status),
    balanceAvailable: status !== S.Submitted && !ended,
    historyAvailable: historyStatuses.has(status),
    canBlock: status !== S.Submitted && !ended,
    canChangePin: pin,
    canShowPin: pin,
    canEditName: !ended,
    cardDetailsAvailable: !fraud && historyStatuses.has(status),
    canLoad: status === S.Active,
    canEnroll: status === S.Active,
    canPause: status === S.Active || status === S.Expired,
    canUnpause: status === S.Paused,
    canActivate: physical && status === S.Shipped,
    canReissue: physical && reissueStatuses.has(status) && !reissueOnItsWay,
    canUpgradeShipping:
      physical && !card.expressShipping && (issuingStatuses.has(status) || reissueOnItsWay),
  }
}
