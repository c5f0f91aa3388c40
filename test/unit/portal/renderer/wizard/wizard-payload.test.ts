// New persons and companies of a wizard get the next free positive integer id of their list:
// one more than the highest, never a freed one, so a stale reference never means someone else.
import { describe, expect, it } from 'vitest'
import { nextId } from '../../../../../src/portal/renderer/wizard/wizard-payload.ts'
import type { Json } from '../../../../../src/portal/renderer/screens-data.ts'

describe('nextId', () => {
  it.each([
    ['no list', { given: undefined, want: 1 }],
    ['an empty list', { given: [], want: 1 }],
    ['one after the highest', { given: [{ id: 1 }, { id: 4 }, { id: 2 }], want: 5 }],
    ['never a freed id below the highest', { given: [{ id: 3 }], want: 4 }],
    ['ignoring entries without a numeric id', { given: [{}, { id: 'x' }, { id: 2 }], want: 3 }],
    ['ignoring negative and fractional ids', { given: [{ id: -7 }, { id: 1.5 }], want: 1 }],
  ] as [string, { given: Json | undefined; want: number }][])('%s', (_name, { given, want }) => {
    expect(nextId(given)).toBe(want)
  })
})
