// Page-style paging of the merchant lists: page 1 starts at row 0, and a page past any table
// reads nothing rather than sending the database an offset it cannot hold.
import { describe, expect, it } from 'vitest'
import { pageWindow } from '../../../../src/server/merchant/page-window.ts'

describe('pageWindow', () => {
  it.each([
    [1, 50, { limit: 50, offset: 0 }],
    [2, 50, { limit: 50, offset: 50 }],
    [2, 25, { limit: 25, offset: 25 }],
    [3, 1000, { limit: 1000, offset: 2000 }],
  ])('page %i of %i rows reads %j', (pageNumber, pageSize, want) => {
    expect(pageWindow(pageNumber, pageSize)).toEqual(want)
  })

  it('reads nothing for a page past any table', () => {
    expect(pageWindow(3_000_000, 1000)).toBeUndefined()
    expect(pageWindow(Number.MAX_SAFE_INTEGER, 1000)).toBeUndefined()
  })

  it('asserts what validation guarantees', () => {
    expect(() => pageWindow(0, 10)).toThrow(/assertion/)
    expect(() => pageWindow(1, 0)).toThrow(/assertion/)
    expect(() => pageWindow(1.5, 10)).toThrow(/assertion/)
  })
})
