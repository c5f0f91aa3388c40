// The card issuer adapter (issue 17): who makes a card. The cards area keeps each card as a
// ledger account and a card_records row; the issuer names the products and their fees, makes
// the card's number, expiry and PIN, and moves a physical card through its statuses (section
// 4: 41 processing, 19 printing, 20 printed, 21 shipped, or 65 pending document). It reports
// each status as a job whose payload is a CardStatusReport; the cards area runs that job
// (cards/card-status.ts), so an adapter never imports the area it reports to. A deployment
// with a real issuer implements this interface and enqueues the same job from its webhook.
import type { Db } from '../../db/open-database.ts'

export interface CardProduct {
  type: number
  subType: 'PREPAID' | 'DEBIT'
  currencyCode: string
  cardIsVirtual: boolean
}

export interface ShippingOption {
  id: number
  type: string
  /** Minor units of the product's currency. */
  feeMinor: bigint
  deliveryTime: string
  disabledReasons: string[]
  express: boolean
}

/** Fees in minor units of the product's currency. */
export interface CardFees {
  annualMinor: bigint
  issueMinor: bigint
  monthlyMinor: bigint
  activationMinor: bigint
  shipping: ShippingOption[]
}

export interface IssuedCard {
  /** The whole number: the cards area seals it at once and keeps only the masked form. */
  cardNumber: string
  pin: string
  expiryMonth: number
  expiryYear: number
}

/** A physical card (or its replacement) handed over for printing and shipping. */
export interface ShipmentRequest {
  accountId: number
  target: 'card' | 'reissue'
  /** A document the issuer needs is missing: the card waits in 65 (pending document). */
  documentMissing: boolean
}

/**
 * A status the issuer reports. `from` is the status the report follows: the cards area
 * applies it only while the card (or its replacement) is still there, so a card blocked on
 * its way does not come back to life. Null applies it whatever the status (fraud, limits,
 * expiry).
 */
export interface CardStatusReport {
  accountId: number
  target: 'card' | 'reissue'
  statusId: number
  from: number | null
}

export interface CardIssuerAdapter {
  readonly name: string
  products(): CardProduct[]
  /** The fees of a product shipped to the country; undefined when the issuer cannot say. */
  fees(product: CardProduct, countryCode: string | undefined): CardFees | undefined
  /** A new card's number, expiry and PIN. */
  issue(now: Date): IssuedCard
  /** A new PIN of four digits. */
  newPin(): string
  /** Starts printing and shipping inside the caller's transaction; reports come as jobs. */
  ship(tx: Db, request: ShipmentRequest): Promise<void>
  /**
   * Called after the cards area recorded one of the issuer's reports, at the job's time `now`
   * (the next step is due after it).
   */
  followUp(tx: Db, applied: CardStatusReport, now: Date): Promise<void>
  /** Reports a status at once (fraud, limited, expired: the issuer's own decisions). */
  report(tx: Db, report: Omit<CardStatusReport, 'from' | 'target'>): Promise<void>
}
