// Deleting a shareholder node or a company director removes the persons and companies nothing
// refers to any more, except users (product-spec section 4, Business registration).
import { describe, expect, it } from 'vitest'
import { pruneUnreferenced } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/prune.ts'
import type { Payload } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/tree-model.ts'

const person = (id: number, extra: Payload = {}) => ({ id, firstName: `P${id}`, ...extra })
const company = (id: number, directors: number[]) => ({ id, name: `C${id}`, directors })

/** Persons 1..8, companies 1..2; what refers to whom is set per case. */
function draft(overrides: Payload = {}): Payload {
  return {
    directors: [1],
    ultimateBeneficiaryOwners: [2],
    authorizedCompanyRepresentative: { personId: 3 },
    users: [{ personId: 4, accessRights: 2 }],
    shareholders: [{ type: 1, share: 50, personId: 5 }],
    personList: [1, 2, 3, 4, 5, 6, 7].map((id) => person(id)).concat(person(8, { isUser: true })),
    companyList: [company(1, [6]), company(2, [7])],
    ...overrides,
  }
}

const ids = (list: unknown) => (list as { id: number }[]).map((entry) => entry.id)

describe('pruneUnreferenced', () => {
  it.each([
    ['a director stays', { personIds: [1] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ['an ultimate beneficiary owner stays', { personIds: [2] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ['the representative stays', { personIds: [3] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ['a person in users stays', { personIds: [4] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ['a person still in the tree stays', { personIds: [5] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ["a kept company's director stays", { personIds: [6] }, [1, 2, 3, 4, 5, 6, 7, 8]],
    ['a person marked isUser stays', { personIds: [8] }, [1, 2, 3, 4, 5, 6, 7, 8]],
  ])('%s', (_name, candidates, want) => {
    const given = draft({
      shareholders: [
        { type: 1, share: 50, personId: 5 },
        { type: 2, share: 50, companyId: 1 },
      ],
    })
    const next = pruneUnreferenced(given, { companyIds: [], ...candidates })
    expect(ids(next.personList)).toEqual(want)
    expect(next).toBe(given)
  })

  it('removes a candidate person that nothing refers to', () => {
    const given = draft({ shareholders: [] })
    const next = pruneUnreferenced(given, { personIds: [5], companyIds: [] })
    expect(ids(next.personList)).toEqual([1, 2, 3, 4, 6, 7, 8])
  })

  it('leaves an unreferenced person alone when the removal did not name it', () => {
    const given = draft({ shareholders: [] })
    expect(pruneUnreferenced(given, { personIds: [], companyIds: [] })).toBe(given)
  })

  it('removes a company no node names, with its directors that nothing else names', () => {
    const given = draft({ shareholders: [{ type: 2, share: 60, companyId: 1 }] })
    const next = pruneUnreferenced(given, { personIds: [5], companyIds: [2] })
    expect(ids(next.companyList)).toEqual([1])
    expect(ids(next.personList)).toEqual([1, 2, 3, 4, 6, 8])
  })

  it('keeps a removed company director who directs another company too', () => {
    const given = draft({
      shareholders: [{ type: 2, share: 60, companyId: 1 }],
      companyList: [company(1, [6]), company(2, [6, 7])],
    })
    const next = pruneUnreferenced(given, { personIds: [], companyIds: [2] })
    expect(ids(next.companyList)).toEqual([1])
    expect(ids(next.personList)).toEqual([1, 2, 3, 4, 5, 6, 8])
  })

  it('keeps a company a nested node still names', () => {
    const given = draft({
      shareholders: [
        { type: 2, share: 60, companyId: 1, shareholders: [{ type: 2, share: 100, companyId: 2 }] },
      ],
    })
    expect(pruneUnreferenced(given, { personIds: [], companyIds: [2] })).toBe(given)
  })
})
