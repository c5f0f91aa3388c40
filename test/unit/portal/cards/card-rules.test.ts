// Where /cards leads (product-spec section 2): a single card goes straight to its page, else
// the physical list, or the virtual one when every card is virtual; nothing while loading.
import { describe, expect, test } from 'vitest'
import {
  cardsLanding,
  hasAction,
  kindKey,
  type Card,
} from '../../../../src/portal/features/cards/card-rules.ts'

function card(accountId: number, virtual: boolean, debit = true): Card {
  return {
    accountId,
    type: 2006,
    currencyCode: 'USD',
    accountStatusId: 2,
    balance: '0.00',
    customerId: 1,
    cardIsVirtual: virtual,
    flags: { isVirtual: virtual, isPhysical: !virtual, isDebit: debit, isPrepaid: !debit },
  } as unknown as Card
}

describe('cardsLanding', () => {
  test('nothing while the cards load or failed', () => {
    expect(cardsLanding({ status: 'loading' })).toBeNull()
    expect(cardsLanding({ status: 'failed', failure: { title: null, text: null } })).toBeNull()
  })
  test('a single card opens its page, physical or virtual', () => {
    expect(cardsLanding({ status: 'ready', cards: [card(7, false)] })).toBe('/cards/7')
    expect(cardsLanding({ status: 'ready', cards: [card(8, true)] })).toBe('/cards/8')
  })
  test('several cards: the physical list, unless every card is virtual', () => {
    const mixed = [card(1, true), card(2, false)]
    expect(cardsLanding({ status: 'ready', cards: mixed })).toBe('/cards/physical')
    const virtual = [card(1, true), card(2, true)]
    expect(cardsLanding({ status: 'ready', cards: virtual })).toBe('/cards/virtual')
  })
  test('no card: the physical list, which offers to apply', () => {
    expect(cardsLanding({ status: 'ready', cards: [] })).toBe('/cards/physical')
  })
})

test('a card without a name is called by its kind', () => {
  expect(kindKey(card(1, true, false))).toBe('kind.virtualPrepaid')
  expect(kindKey(card(1, false, true))).toBe('kind.physicalDebit')
})

test('a card whose flags allow nothing has no action; any one flag is an action', () => {
  const none = {
    canLoad: false,
    canPause: false,
    canUnpause: false,
    canEditName: false,
    canShowPin: false,
    canChangePin: false,
    canBlock: false,
    canActivate: false,
    canReissue: false,
    canUpgradeShipping: false,
  }
  const flags = (extra: object) => ({ ...card(1, false).flags, ...none, ...extra })
  expect(hasAction(flags({}))).toBe(false)
  for (const name of Object.keys(none)) expect(hasAction(flags({ [name]: true }))).toBe(true)
})
