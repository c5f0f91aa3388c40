// What a history entry says, as a key of the portal's texts (issue 16 item 2): a payout to
// another bank, card or wallet is named by its method in the reader's language, never by the
// server's English sentence with the payee in it (the payee has a column of its own).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cardLedgerWords } from '../../../../src/server/cards/card-fees.ts'
import { describeEntry, type HistoryRow } from '../../../../src/server/history/history-entries.ts'

const wire: HistoryRow = {
  transfer_id: 1,
  account_id: 10000001,
  currency_code: 'USD',
  kind: 'wire',
  status: 'posted',
  ledger_description: 'Wire transfer to Alex Morgan',
  created_at: '2026-11-27T10:00:00Z',
  net_minor: -10_300,
  order_id: 7,
  order_kind: 'wire',
  to_account_id: null,
  from_account_id: 10000001,
  to_email: null,
  details: { beneficiaryName: 'Alex Morgan' },
  batch_id: null,
  is_payer: true,
  fee_minor: 300,
  counterparty_name: 'Alex Morgan',
  counterparty_email: null,
  reference: null,
  amount_minor: -10_300,
  type: 'wire',
  balance_minor: 0,
  part: 0,
}

describe('describeEntry', () => {
  test.each([
    ['wire', 'sentWire'],
    ['eft', 'sentEft'],
    ['oct', 'sentToCard'],
    ['crypto_eft', 'sentCrypto'],
    ['instant_payment', 'sentInstant'],
    ['interac', 'sentInterac'],
  ])('a %s payout reads as %s, with no parameter naming the payee', (kind, key) => {
    const words = describeEntry({ ...wire, kind, order_kind: kind })
    expect(words).toEqual({ description: 'Wire transfer to Alex Morgan', descriptionKey: key })
  })

  test('a card hold and the identity check fee have their own words', () => {
    const ledgerOnly = { ...wire, order_id: null, order_kind: null, is_payer: false }
    expect(describeEntry({ ...ledgerOnly, kind: 'demo_card_hold' }).descriptionKey).toBe('cardHold')
    expect(describeEntry({ ...ledgerOnly, kind: 'merchant_identity_fee' }).descriptionKey).toBe(
      'identityCheckFee',
    )
  })
  test.each([
    ['card_load', 'Card load', 'cardLoad'],
    ['card_fee', 'Card issue fee', 'cardIssueFee'],
    ['card_fee', 'Card activation fee', 'cardActivationFee'],
    ['card_fee', 'Card reissue fee', 'cardReissueFee'],
    ['card_fee', 'Card express shipping fee', 'cardExpressShippingFee'],
  ])('%s "%s" reads as %s', (kind, description, key) => {
    const row = { ...wire, order_id: null, order_kind: null, kind, ledger_description: description }
    expect(describeEntry(row)).toEqual({ description, descriptionKey: key })
  })

  test('every card text has its words in all six languages', () => {
    for (const lang of ['en', 'es', 'pt', 'ro', 'ru', 'ua']) {
      const texts = JSON.parse(
        readFileSync(join(import.meta.dirname, `../../../../locales/${lang}/history.json`), 'utf8'),
      ) as { descriptions: Record<string, string> }
      for (const key of Object.keys(cardLedgerWords)) expect(texts.descriptions[key]).toBeTruthy()
    }
  })
})
