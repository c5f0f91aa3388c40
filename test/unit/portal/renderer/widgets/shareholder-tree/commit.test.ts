// A change of the tree prunes what it left unreferenced and clears the source-of-funds details
// of persons at or below 25 % effective share (product-spec section 4, Business registration).
import { describe, expect, it } from 'vitest'
import { commitTree } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/commit.ts'
import type {
  Payload,
  Shareholder,
} from '../../../../../../src/portal/renderer/widgets/shareholder-tree/tree-model.ts'

const sources = [{ sourceId: 1, details: 'Salary' }]

function draft(shareholders: Shareholder[]): Payload {
  return {
    directors: [1],
    users: [],
    shareholders: shareholders as unknown as Payload[],
    personList: [
      { id: 1, sourcesOfFunds: sources },
      { id: 2, sourcesOfFunds: sources },
      { id: 3, sourcesOfFunds: sources },
    ],
    companyList: [{ id: 1, directors: [3] }],
  }
}

const details = (payload: Payload) =>
  (payload.personList as { id: number; sourcesOfFunds?: { details?: string }[] }[]).map(
    (person) => [person.id, person.sourcesOfFunds?.[0]?.details],
  )

describe('commitTree', () => {
  it.each([
    [
      'keeps the details of a person above 25 %',
      { tree: [{ type: 1, share: 30, personId: 2 }], want: 'Salary' },
    ],
    [
      'clears the details of a person at exactly 25 %',
      { tree: [{ type: 1, share: 25, personId: 2 }], want: undefined },
    ],
    [
      'clears them when the effective share is low through a company',
      {
        tree: [
          { type: 2, share: 40, companyId: 1, shareholders: [{ type: 1, share: 50, personId: 2 }] },
        ],
        want: undefined,
      },
    ],
    [
      'sums the places a person holds',
      {
        tree: [
          { type: 1, share: 20, personId: 2 },
          { type: 2, share: 20, companyId: 1, shareholders: [{ type: 1, share: 50, personId: 2 }] },
        ],
        want: 'Salary',
      },
    ],
  ] as [string, { tree: Shareholder[]; want: string | undefined }][])(
    '%s',
    (_name, { tree, want }) => {
      const next = commitTree(draft([]), tree)
      expect(details(next)[1]).toEqual([2, want])
    },
  )

  it('keeps the chosen sources when it clears their details', () => {
    const next = commitTree(draft([]), [{ type: 1, share: 10, personId: 2 }])
    expect((next.personList as Payload[])[1]!.sourcesOfFunds).toEqual([{ sourceId: 1 }])
  })

  it('clears the details of a person the change took out of the tree', () => {
    const given = draft([{ type: 1, share: 60, personId: 1 }])
    const next = commitTree(given, [{ type: 1, share: 60, personId: 2 }])
    expect(details(next)).toEqual([
      [1, undefined],
      [2, 'Salary'],
      [3, 'Salary'],
    ])
  })

  it('leaves persons who were never in the tree alone', () => {
    const next = commitTree(draft([]), [{ type: 1, share: 60, personId: 2 }])
    expect(details(next)[0]).toEqual([1, 'Salary'])
    expect(details(next)[2]).toEqual([3, 'Salary'])
  })

  it('prunes the candidates the new tree no longer names', () => {
    const given = draft([{ type: 2, share: 60, companyId: 1 }])
    const next = commitTree(given, [], { personIds: [], companyIds: [1] })
    expect(next.companyList).toEqual([])
    expect((next.personList as Payload[]).map((person) => person.id)).toEqual([1, 2])
    expect(next.shareholders).toEqual([])
  })
})
