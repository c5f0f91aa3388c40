// The derived account flags of product-spec section 3, by the rules in account-flags.ts.
import { describe, expect, it } from 'vitest'
import {
  deriveAccountFlags,
  isCardProduct,
  type AccountFlags,
  type LedgerAccountView,
} from '../../../src/shared/account-flags.ts'
import { AccountStatus, AccountType } from '../../../src/generated/constants.ts'

const paymentId = 10000001
const otherId = 10000002
const cardType = 2006

function account(overrides: Partial<LedgerAccountView> = {}): LedgerAccountView {
  return {
    accountId: paymentId,
    type: AccountType.Payment,
    statusId: AccountStatus.Active,
    scale: 2,
    balanceMinor: 10_000n,
    pendingMinor: 0n,
    balanceMinMinor: 0n,
    settlementAccountId: null,
    ...overrides,
  }
}

function card(settlementAccountId: number, statusId: number = AccountStatus.Active) {
  return account({ accountId: 10000009, type: cardType, statusId, settlementAccountId })
}

const activePaymentFlags: AccountFlags = {
  statementsAvailable: true,
  transactionHistoryAvailable: true,
  instructionsAvailable: true,
  cardCanBeRequested: true,
  remainingValue: '100.00',
  isPrepayment: false,
  cardIsRequested: false,
}

type Case = [
  string,
  {
    given: { account: LedgerAccountView; others: LedgerAccountView[] }
    want: Partial<AccountFlags>
  },
]

describe('deriveAccountFlags', () => {
  const cases: Case[] = [
    [
      'an active payment account without a card',
      { given: { account: account(), others: [] }, want: activePaymentFlags },
    ],
    [
      'a payment account a card settles to has its card requested',
      {
        given: { account: account(), others: [card(paymentId)] },
        want: { ...activePaymentFlags, cardCanBeRequested: false, cardIsRequested: true },
      },
    ],
    [
      'a card settling to another account leaves this one free to request',
      {
        given: { account: account(), others: [account({ accountId: otherId }), card(otherId)] },
        want: activePaymentFlags,
      },
    ],
    [
      'a closed account offers no instructions or cards, and shows no requested card',
      {
        given: { account: account({ statusId: AccountStatus.Closed }), others: [card(paymentId)] },
        want: {
          statementsAvailable: true,
          transactionHistoryAvailable: true,
          instructionsAvailable: false,
          cardCanBeRequested: false,
          cardIsRequested: false,
        },
      },
    ],
    [
      'a submitted account has no statements yet',
      {
        given: { account: account({ statusId: AccountStatus.Submitted }), others: [] },
        want: {
          statementsAvailable: false,
          instructionsAvailable: false,
          cardCanBeRequested: false,
        },
      },
    ],
    [
      'a prepayment account (4001) is marked and offers no instructions or cards',
      {
        given: { account: account({ type: AccountType.Prepayment }), others: [] },
        want: {
          isPrepayment: true,
          instructionsAvailable: false,
          cardCanBeRequested: false,
          statementsAvailable: true,
        },
      },
    ],
    [
      'a receiving account (4002) is not a prepayment account',
      {
        given: { account: account({ type: AccountType.Receiving }), others: [] },
        want: { isPrepayment: false, instructionsAvailable: false, cardCanBeRequested: false },
      },
    ],
    [
      'an active card has history but no statements',
      {
        given: { account: card(paymentId), others: [] },
        want: {
          statementsAvailable: false,
          transactionHistoryAvailable: true,
          cardCanBeRequested: false,
        },
      },
    ],
    [
      'a card still being printed has no history',
      {
        given: { account: card(paymentId, AccountStatus.Printing), others: [] },
        want: { transactionHistoryAvailable: false },
      },
    ],
    [
      'a paused card keeps its history',
      {
        given: { account: card(paymentId, AccountStatus.Paused), others: [] },
        want: { transactionHistoryAvailable: true },
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    const others = given.others.some((other) => other.accountId === given.account.accountId)
      ? given.others
      : [given.account, ...given.others]
    expect(deriveAccountFlags(given.account, others)).toMatchObject(want)
  })
})

describe('remainingValue', () => {
  const cases: [string, { given: Partial<LedgerAccountView>; want: string }][] = [
    [
      'is the balance when nothing holds it',
      { given: { balanceMinor: 125_075n }, want: '1250.75' },
    ],
    [
      'takes a pending outgoing hold off the balance',
      { given: { balanceMinor: 125_075n, pendingMinor: -2_500n }, want: '1225.75' },
    ],
    [
      'does not count pending incoming money as spendable',
      { given: { balanceMinor: 10_000n, pendingMinor: 5_000n }, want: '100.00' },
    ],
    [
      'keeps the minimum balance back',
      {
        given: { balanceMinor: 10_000n, pendingMinor: -2_500n, balanceMinMinor: 1_000n },
        want: '65.00',
      },
    ],
    [
      'never goes below zero',
      {
        given: { balanceMinor: 500n, pendingMinor: -2_500n, balanceMinMinor: 1_000n },
        want: '0.00',
      },
    ],
    ['uses the currency scale', { given: { scale: 0, balanceMinor: 1_000n }, want: '1000' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    const view = account(given)
    expect(deriveAccountFlags(view, [view]).remainingValue).toBe(want)
  })
})

describe('isCardProduct', () => {
  const cases: [string, { given: number; want: boolean }][] = [
    ['below the card range', { given: 2005, want: false }],
    ['the first card product', { given: 2006, want: true }],
    ['the last card product', { given: 2135, want: true }],
    ['above the card range', { given: 2136, want: false }],
    ['a payment account', { given: AccountType.Payment, want: false }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(isCardProduct(given)).toBe(want)
  })
})
