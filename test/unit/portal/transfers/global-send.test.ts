// @vitest-environment jsdom
// The global payment form without a browser (issue 16): its checks, the server's refusals put
// on the fields they name, the review's numbers from the meta's quote (who pays the fee), the
// submit's body, the summary read back from the history, and the days the recipient has left.
import { describe, expect, it } from 'vitest'
import {
  checkGlobalFields,
  emptyGlobalFields,
  globalReviewFacts,
  globalSubmitBody,
  globalSummaryOf,
  refusalsOnFields,
  transactionIdOf,
  type GlobalFields,
} from '../../../../src/portal/features/transfers/global-send.ts'
import {
  globalPaymentDaysLeft,
  globalPaymentLifetimeDays,
} from '../../../../src/shared/global-payment.ts'

const filled: GlobalFields = {
  ...emptyGlobalFields,
  amount: '50',
  toEmail: 'friend@abroad.example',
  beneficiaryName: 'Ana Lima',
  countryCode: 'BR',
}

describe('checkGlobalFields', () => {
  it('names each field a person must fix, and nothing on a filled form', () => {
    expect(checkGlobalFields(emptyGlobalFields, false)).toEqual({
      accountId: 'required',
      amount: 'amount',
      toEmail: 'required',
      beneficiaryName: 'required',
      countryCode: 'required',
    })
    expect(checkGlobalFields(filled, true)).toEqual({})
    expect(checkGlobalFields({ ...filled, toEmail: 'not-an-email' }, true)).toEqual({
      toEmail: 'email',
    })
    for (const bad of ['a b@c.example', 'ana.lima@', 'ana@abroad', 'ana@@abroad.example']) {
      expect(checkGlobalFields({ ...filled, toEmail: bad }, true).toEmail, bad).toBe('email')
    }
    expect(checkGlobalFields({ ...filled, amount: '0' }, true).amount).toBe('amount')
  })
})

describe('refusalsOnFields', () => {
  it('puts a validation failure on the fields it names, and ignores others', () => {
    expect(
      refusalsOnFields({
        errors: [
          { parameter: 'toEmail', description: 'On the payout blacklist' },
          { parameter: 'currencyCode', description: 'Not the account currency' },
          { parameter: 'idempotencyKey', description: 'Bad key' },
        ],
      }),
    ).toEqual({ toEmail: 'On the payout blacklist', amount: 'Not the account currency' })
    expect(refusalsOnFields({ field: 'amount', responseDescription: 'Too much' })).toEqual({
      amount: 'Too much',
    })
    expect(refusalsOnFields({ responseDescription: 'Insufficient funds' })).toEqual({})
  })
})

describe('globalReviewFacts', () => {
  const parts = { amount: '50', currency: 'USD', recipient: 'Ana', arrives: 'Later' }
  it('the sender pays the fee: the total is amount and fee, they get the amount', () => {
    const facts = globalReviewFacts({
      ...parts,
      feePayer: 'sender',
      quote: { estimatedTotal: '51.00', maximumFee: '1.00', currencyCode: 'USD' },
    })
    expect(facts.amount).toBe('50.00')
    expect(facts.fee).toEqual({ fee: '1.00', feeCurrencyCode: 'USD' })
    expect(facts.total).toEqual({ amount: '51.00', currency: 'USD' })
    expect(facts.theyGet).toEqual({ amount: '50.00', currency: 'USD' })
  })

  it('the recipient pays it: the amount leaves, they get it less the fee', () => {
    const facts = globalReviewFacts({
      ...parts,
      feePayer: 'recipient',
      quote: { estimatedTotal: '50.00', maximumFee: '1.00', currencyCode: 'USD' },
    })
    expect(facts.total).toEqual({ amount: '50.00', currency: 'USD' })
    expect(facts.theyGet).toEqual({ amount: '49.00', currency: 'USD' })
  })

  it('without a quote says only the amount', () => {
    const facts = globalReviewFacts({ ...parts, feePayer: 'sender', quote: undefined })
    expect(facts).toEqual({ amount: '50', currency: 'USD', recipient: 'Ana', arrives: 'Later' })
  })
})

describe('globalSubmitBody', () => {
  it('sends the trimmed fields in the account currency, the fee side and the key', () => {
    const body = globalSubmitBody(
      { ...filled, toEmail: ' friend@abroad.example ', feePayer: 'recipient', description: ' ' },
      { accountId: 10000006, currencyCode: 'USD' },
      'key-1',
    )
    expect(body).toEqual({
      accountId: 10000006,
      amount: '50',
      currencyCode: 'USD',
      toEmail: 'friend@abroad.example',
      beneficiaryName: 'Ana Lima',
      countryCode: 'BR',
      feeIsBen: true,
      idempotencyKey: 'key-1',
    })
  })
})

describe('globalSummaryOf', () => {
  const row = {
    transactionId: 77,
    date: '2026-11-28T10:00:00.000Z',
    accountId: 10000006,
    currencyCode: 'USD',
    status: 'processing' as const,
  }
  const history = [
    { ...row, transactionType: 'fees', amount: '-1.00' },
    {
      ...row,
      transactionType: 'globalPayment',
      amount: '-50.00',
      fee: '1.00',
      counterpartyEmail: 'friend@abroad.example',
      counterpartyName: 'Ana Lima',
    },
    { ...row, transactionId: 7, transactionType: 'p2p', amount: '-3.00' },
  ]
  it('reads the payment and its fee line by the transaction id', () => {
    expect(globalSummaryOf(history, 77)).toEqual({
      transactionId: 77,
      date: row.date,
      amount: '50.00',
      currencyCode: 'USD',
      fee: '1.00',
      email: 'friend@abroad.example',
      name: 'Ana Lima',
      status: 'processing',
    })
  })
  it('finds nothing for another id or another kind of transfer', () => {
    expect(globalSummaryOf(history, 7)).toBeUndefined()
    expect(globalSummaryOf(history, 78)).toBeUndefined()
  })
})

describe('transactionIdOf', () => {
  it('takes a positive 32-bit id from the address only', () => {
    expect(transactionIdOf('?transactionId=42')).toBe(42)
    expect(transactionIdOf('?transactionId=0')).toBeUndefined()
    expect(transactionIdOf('?transactionId=1e3')).toBeUndefined()
    expect(transactionIdOf('?transactionId=99999999999')).toBeUndefined()
    expect(transactionIdOf('')).toBeUndefined()
  })
})

describe('globalPaymentDaysLeft', () => {
  it('counts the days begun of the lifetime left, never below 0', () => {
    const opened = new Date('2026-11-28T10:00:00Z')
    expect(globalPaymentDaysLeft(opened, opened)).toBe(globalPaymentLifetimeDays)
    expect(globalPaymentDaysLeft(opened, new Date('2026-11-28T10:00:05Z'))).toBe(
      globalPaymentLifetimeDays,
    )
    expect(globalPaymentDaysLeft(opened, new Date('2026-11-29T10:00:01Z'))).toBe(
      globalPaymentLifetimeDays - 1,
    )
    expect(globalPaymentDaysLeft(opened, new Date('2027-01-01T00:00:00Z'))).toBe(0)
  })
})
