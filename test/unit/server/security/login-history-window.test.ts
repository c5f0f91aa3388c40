// The login-history date filter (src/server/security/login-history-window.ts): whole UTC days,
// both ends included.
import { describe, expect, it } from 'vitest'
import { loginHistoryWindow } from '../../../../src/server/security/login-history-window.ts'

describe('loginHistoryWindow', () => {
  it('includes the whole of both days', () => {
    expect(loginHistoryWindow('2026-03-01', '2026-03-02')).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      before: new Date('2026-03-03T00:00:00Z'),
    })
  })

  it('makes one day of equal dates', () => {
    expect(loginHistoryWindow('2026-02-28', '2026-02-28')).toEqual({
      from: new Date('2026-02-28T00:00:00Z'),
      before: new Date('2026-03-01T00:00:00Z'),
    })
  })

  it('leaves an end open when its date is absent', () => {
    expect(loginHistoryWindow(undefined, '2026-12-31')).toEqual({
      before: new Date('2027-01-01T00:00:00Z'),
    })
    expect(loginHistoryWindow('2026-01-01')).toEqual({ from: new Date('2026-01-01T00:00:00Z') })
    expect(loginHistoryWindow()).toEqual({})
  })

  it('refuses a toDate before fromDate, naming toDate', () => {
    expect(loginHistoryWindow('2026-03-02', '2026-03-01')).toMatchObject({ parameter: 'toDate' })
  })
})
