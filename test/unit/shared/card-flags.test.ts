// The derived card flags (product-spec section 3) under the rules of section 4, one row per
// status id of section 4 and card kind: pause for active or expired, not fraud; unpause only
// when paused; change or show PIN never for fraud; load and enrollment only when active and not
// fraud; history for paused, active, limited and expired.
import { describe, expect, it } from 'vitest'
import {
  deriveCardFlags,
  expiryPassed,
  type CardFlagInput,
  type CardFlags,
} from '../../../src/shared/card-flags.ts'

const now = new Date('2026-11-28T12:00:00Z')

function card(statusId: number, cardIsVirtual: boolean, extra: Partial<CardFlagInput> = {}) {
  return {
    statusId,
    subType: 'PREPAID',
    cardIsVirtual,
    cardExpiryMonth: 11,
    cardExpiryYear: 2029,
    cardReissuedStatusId: null,
    expressShipping: false,
    ...extra,
  }
}

type Row = Pick<
  CardFlags,
  | 'historyAvailable'
  | 'canPause'
  | 'canUnpause'
  | 'canLoad'
  | 'canEnroll'
  | 'canBlock'
  | 'canEditName'
  | 'balanceAvailable'
  | 'cardDetailsAvailable'
>
const no: Row = {
  historyAvailable: false,
  canPause: false,
  canUnpause: false,
  canLoad: false,
  canEnroll: false,
  canBlock: true,
  canEditName: true,
  balanceAvailable: true,
  cardDetailsAvailable: false,
}
const history = { historyAvailable: true, cardDetailsAvailable: true }

/** Each status id of section 4 (and 11, closed) and what it allows, whatever the kind. */
const table: [number, string, Row][] = [
  [0, 'Submitted', { ...no, canBlock: false, balanceAvailable: false }],
  [2, 'Active', { ...no, ...history, canPause: true, canLoad: true, canEnroll: true }],
  [4, 'Canceled', { ...no, canBlock: false, canEditName: false, balanceAvailable: false }],
  [11, 'Closed', { ...no, canBlock: false, canEditName: false, balanceAvailable: false }],
  [18, 'Fraud', no],
  [19, 'Printing', no],
  [20, 'Printed', no],
  [21, 'Shipped', no],
  [23, 'Pending', no],
  [27, 'Limited', { ...no, ...history }],
  [38, 'Expired', { ...no, ...history, canPause: true }],
  [41, 'Processing', no],
  [65, 'Pending document', no],
  [71, 'Paused', { ...no, ...history, canUnpause: true }],
]

const pinStatuses = new Set([2, 27, 38, 71])
const issuing = new Set([19, 20, 41, 65])

describe('deriveCardFlags', () => {
  for (const [statusId, statusText, row] of table) {
    for (const virtual of [false, true]) {
      it(`${statusText} (${statusId}), ${virtual ? 'virtual' : 'physical'}`, () => {
        const flags = deriveCardFlags(card(statusId, virtual), now)
        expect(flags).toMatchObject({ ...row, statusText })
        expect(flags).toMatchObject({ isVirtual: virtual, isPhysical: !virtual, isPrepaid: true })
        const pin = !virtual && pinStatuses.has(statusId)
        expect(flags.canShowPin).toBe(pin)
        expect(flags.canChangePin).toBe(pin)
        expect(flags.canActivate).toBe(!virtual && statusId === 21)
        expect(flags.canReissue).toBe(!virtual && [2, 38, 71].includes(statusId))
        expect(flags.canUpgradeShipping).toBe(!virtual && issuing.has(statusId))
        expect(flags.isExpired).toBe(statusId === 38)
        expect(flags.expiry).toBe('11/29')
      })
    }
  }

  it('never lets a fraud card pause, load, enrol or show or change its PIN', () => {
    const flags = deriveCardFlags(card(18, false), now)
    expect(flags).toMatchObject({
      canPause: false,
      canLoad: false,
      canEnroll: false,
      canShowPin: false,
      canChangePin: false,
    })
  })

  it('says expired from the expiry month, and debit from the sub-type', () => {
    const old = deriveCardFlags(
      card(2, true, { cardExpiryMonth: 10, cardExpiryYear: 2026, subType: 'DEBIT' }),
      now,
    )
    expect(old).toMatchObject({ isExpired: true, isDebit: true, isPrepaid: false })
    expect(expiryPassed(11, 2026, now)).toBe(false)
    expect(expiryPassed(null, null, now)).toBe(false)
    const noExpiry = deriveCardFlags(card(0, true, { cardExpiryMonth: null, cardExpiryYear: null }))
    expect(noExpiry.expiry).toBeUndefined()
  })

  it('offers a reissue only once, and an upgrade only to standard shipping', () => {
    const onItsWay = deriveCardFlags(card(2, false, { cardReissuedStatusId: 41 }), now)
    expect(onItsWay).toMatchObject({ canReissue: false, canUpgradeShipping: true })
    const express = deriveCardFlags(card(41, false, { expressShipping: true }), now)
    expect(express.canUpgradeShipping).toBe(false)
  })
})
