// New persons and companies get the next free positive integer id of their list.
import { describe, expect, it } from 'vitest'
import { nextFreeId } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/ids.ts'

describe('nextFreeId', () => {
  it.each([
    ['an empty list', { given: [], want: 1 }],
    ['one after the highest', { given: [{ id: 1 }, { id: 4 }, { id: 2 }], want: 5 }],
    ['never a freed id below the highest', { given: [{ id: 3 }], want: 4 }],
    ['ignoring entries without a numeric id', { given: [{}, { id: 'x' }, { id: 2 }], want: 3 }],
    ['ignoring non-positive and fractional ids', { given: [{ id: -7 }, { id: 1.5 }], want: 1 }],
  ])('%s', (_name, { given, want }) => {
    expect(nextFreeId(given)).toBe(want)
  })
})
