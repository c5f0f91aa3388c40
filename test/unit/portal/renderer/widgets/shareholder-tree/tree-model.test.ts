// The tree changes immutably and keeps every untouched subtree, which the memoized rows rely
// on; node paths and payload paths convert both ways.
import { describe, expect, it } from 'vitest'
import {
  insertNode,
  levelKey,
  levelSum,
  nodeAt,
  nodeKey,
  pathOfKey,
  removeNode,
  replaceNode,
  type Shareholder,
} from '../../../../../../src/portal/renderer/widgets/shareholder-tree/tree-model.ts'

const person = (personId: number, share: number): Shareholder => ({ type: 1, share, personId })
const company = (companyId: number, share: number, shareholders?: Shareholder[]): Shareholder => ({
  type: 2,
  share,
  companyId,
  ...(shareholders && { shareholders }),
})

const tree: Shareholder[] = [
  company(1, 60, [person(1, 50), company(2, 50, [person(2, 100)])]),
  person(3, 40),
]

describe('paths', () => {
  it.each([
    [[0], 'shareholders.0', 'shareholders.0.shareholders'],
    [[0, 1], 'shareholders.0.shareholders.1', 'shareholders.0.shareholders.1.shareholders'],
  ])('%j is %s, its level %s', (path, key, level) => {
    expect(nodeKey(path)).toBe(key)
    expect(levelKey(path)).toBe(level)
    expect(pathOfKey(key)).toEqual(path)
  })

  it('names the top level shareholders', () => {
    expect(levelKey([])).toBe('shareholders')
    expect(pathOfKey('')).toEqual([])
  })

  it.each([
    [[1], 3],
    [[0, 1, 0], 2],
  ])('finds the node at %j', (path, personId) => {
    expect(nodeAt(tree, path)?.personId ?? nodeAt(tree, path)?.companyId).toBe(personId)
  })

  it('finds nothing at a path out of the tree', () => {
    expect(nodeAt(tree, [0, 5])).toBeUndefined()
    expect(nodeAt(tree, [])).toBeUndefined()
  })
})

describe('changes', () => {
  it('replaces a nested node and keeps the untouched subtrees', () => {
    const next = replaceNode(tree, [0, 0], (node) => ({ ...node, share: 30 }))
    expect(nodeAt(next, [0, 0])?.share).toBe(30)
    expect(next[1]).toBe(tree[1])
    expect(nodeAt(next, [0, 1])).toBe(nodeAt(tree, [0, 1]))
    expect(nodeAt(tree, [0, 0])?.share).toBe(50)
  })

  it('inserts at the end of a nested level', () => {
    const next = insertNode(tree, [0, 1], person(4, 10))
    expect(nodeAt(next, [0, 1])?.shareholders?.map((n) => n.personId)).toEqual([2, 4])
  })

  it('inserts a first own shareholder under a company without any', () => {
    const next = insertNode([company(5, 100)], [0], person(1, 100))
    expect(next[0]?.shareholders).toEqual([person(1, 100)])
  })

  it("drops a company's emptied level rather than leaving an empty list", () => {
    const next = removeNode(tree, [0, 1, 0])
    expect(nodeAt(next, [0, 1])).toEqual(company(2, 50))
    expect('shareholders' in nodeAt(next, [0, 1])!).toBe(false)
  })

  it('removes a top-level node with its subtree', () => {
    expect(removeNode(tree, [0])).toEqual([person(3, 40)])
  })
})

describe('levelSum', () => {
  it.each([
    ['no shares', [], 0],
    ['whole percents', [person(1, 60), person(2, 40)], 100],
    ['thirds', [person(1, 33.33), person(2, 33.33), person(3, 33.34)], 100],
    ['decimals without float noise', [person(1, 0.1), person(2, 0.2)], 0.3],
    ['a hair above 100, as the check sees it', [person(1, 50.004), person(2, 50)], 100.004],
  ])('%s', (_name, level, want) => {
    expect(levelSum(level)).toBe(want)
  })
})
