// Errors of the checks and the server's VF answer shown next to the node or level they name.
import { describe, expect, it } from 'vitest'
import { errorsByNode } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/error-paths.ts'
import type { Payload } from '../../../../../../src/portal/renderer/widgets/shareholder-tree/tree-model.ts'

const payload: Payload = {
  shareholders: [
    {
      type: 2,
      share: 60,
      companyId: 7,
      shareholders: [
        { type: 1, share: 50, personId: 1 },
        { type: 2, share: 50, companyId: 9 },
      ],
    },
    { type: 1, share: 40, personId: 2 },
    { type: 2, share: 5, companyId: 9 },
  ],
  personList: [
    { id: 1, sourcesOfFunds: [{ sourceId: 3 }] },
    { id: 2, sourcesOfFunds: [] },
    { id: 3 },
  ],
  companyList: [
    { id: 7, directors: [1] },
    { id: 9, directors: [2] },
    { id: 11, directors: [2] },
  ],
}

describe('errorsByNode', () => {
  it.each([
    ['a top-level share', 'shareholders.1.share', [['shareholders.1', 'share']]],
    [
      'a nested share',
      'shareholders.0.shareholders.1.share',
      [['shareholders.0.shareholders.1', 'share']],
    ],
    ['the top level itself (its sum)', 'shareholders', [['shareholders', '']]],
    ['a nested level', 'shareholders.0.shareholders', [['shareholders.0.shareholders', '']]],
    ['a node itself', 'shareholders.2', [['shareholders.2', '']]],
    [
      'a node no longer in the tree, on its level',
      'shareholders.0.shareholders.5.share',
      [['shareholders.0.shareholders', '']],
    ],
    ['a company at its only node', 'companyList.0.directors', [['shareholders.0', 'directors']]],
    [
      'a company at each of its nodes',
      'companyList.1.name',
      [
        ['shareholders.0.shareholders.1', 'name'],
        ['shareholders.2', 'name'],
      ],
    ],
    [
      'a company in no node, on the top level',
      'companyList.2.directors',
      [['shareholders', 'directors']],
    ],
    [
      "a person's source of funds at its node",
      'personList.0.sourcesOfFunds.0.details',
      [['shareholders.0.shareholders.0', 'sourcesOfFunds.0.details']],
    ],
    [
      "a person's missing sources at its node",
      'personList.1.sourcesOfFunds',
      [['shareholders.1', 'sourcesOfFunds']],
    ],
    [
      "another field of a person (a user's e-mail) at its node",
      'personList.0.email',
      [['shareholders.0.shareholders.0', 'email']],
    ],
  ])('%s', (_name, parameter, want) => {
    const found = errorsByNode([{ parameter, description: 'wrong' }], payload)
    expect([...found].map(([key, errors]) => [key, errors[0]!.field])).toEqual(want)
  })

  it('ignores the paths of other sections', () => {
    const found = errorsByNode(
      [
        { parameter: 'directors', description: 'x' },
        { parameter: 'company.name', description: 'y' },
      ],
      payload,
    )
    expect(found.size).toBe(0)
  })

  it('keeps every error of a node, in order', () => {
    const found = errorsByNode(
      [
        { parameter: 'shareholders.1.share', description: 'a' },
        { parameter: 'shareholders.1', description: 'b' },
      ],
      payload,
    )
    expect(found.get('shareholders.1')?.map((error) => error.description)).toEqual(['a', 'b'])
  })
})
