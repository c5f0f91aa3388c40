// The payout rail adapter (issue 6): an external transfer leaves the bank through a rail
// (wire, EFT, card push, crypto, instant scheme, Interac). The order's money waits as a hold
// on the customer's account towards the rail's clearing account; the rail later reports
// that the payout settled (the hold is posted) or came back (the hold is voided). A
// deployment with a real rail implements this interface and reports outcomes as jobs the
// transfers area runs (recordRailOutcomeJob in src/server/transfers/rail-outcomes.ts), e.g.
// enqueued by the rail's webhook; an adapter never imports the transfers area.
import type { Db } from '../../db/open-database.ts'
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'

/** What a rail needs to pay a beneficiary; amounts in minor units of currencyCode. */
export interface RailPayout {
  orderId: number
  kind: ExternalTransferType
  amountMinor: bigint
  currencyCode: string
  beneficiaryName: string
  /** The account, IBAN, masked card, wallet, instant key or e-mail paid to. */
  destination: string
  countryCode: string | undefined
}

export interface RailAdapter {
  /** Names the rail in order details and logs. */
  readonly name: string
  /**
   * Accepts a payout inside the order's transaction (so a rolled-back order sends nothing);
   * it must not wait for the rail: the outcome is reported later.
   */
  submit(tx: Db, payout: RailPayout): Promise<void>
}

export type RailOutcome =
  { orderId: number; outcome: 'settled' } | { orderId: number; outcome: 'returned'; reason: string }
