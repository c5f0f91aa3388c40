// The shareholder tree of a businessAccountCreate draft (product-spec section 3, Registration
// payload): read from the payload and changed immutably, so every subtree the change does not
// touch keeps its identity and its memoized row is not drawn again.
import type { components } from '../../../../generated/api.d.ts'
import type { Json } from '../../screens-data.ts'

export type Shareholder = components['schemas']['Shareholder']
export type Payload = Record<string, Json>
/** A personList or companyList entry: its id within the payload and its form's fields. */
export type Entity = { id: number } & Record<string, Json>
/** Where a node sits: its index on each level from the top, e.g. [0, 1]. */
export type NodePath = readonly number[]

/** One empty list for every missing one, so a memo on a missing list does not run again. */
const none: never[] = []

/** The top level of the tree; an empty draft has none. */
export function treeOf(payload: Payload): Shareholder[] {
  return (payload.shareholders ?? none) as unknown as Shareholder[]
}

export function personsOf(payload: Payload): Entity[] {
  return (payload.personList ?? none) as unknown as Entity[]
}

export function companiesOf(payload: Payload): Entity[] {
  return (payload.companyList ?? none) as unknown as Entity[]
}

/** The payload path of a node, the one server errors name: 'shareholders.0.shareholders.1'. */
export function nodeKey(path: NodePath): string {
  return path.map((index) => `shareholders.${index}`).join('.')
}

/** The payload path of the level under a node ('shareholders' for the top level). */
export function levelKey(parent: NodePath): string {
  return parent.length === 0 ? 'shareholders' : `${nodeKey(parent)}.shareholders`
}

export function nodeAt(tree: readonly Shareholder[], path: NodePath): Shareholder | undefined {
  let level: readonly Shareholder[] | undefined = tree
  let node: Shareholder | undefined
  for (const index of path) {
    node = level?.[index]
    level = node?.shareholders
  }
  return path.length === 0 ? undefined : node
}

/** The tree with the level under `parent` replaced by `change` of it. */
export function updateLevel(
  tree: readonly Shareholder[],
  parent: NodePath,
  change: (level: readonly Shareholder[]) => Shareholder[],
): Shareholder[] {
  const [first, ...rest] = parent
  if (first === undefined) return change(tree)
  return tree.map((node, index) => {
    if (index !== first) return node
    const shareholders = updateLevel(node.shareholders ?? [], rest, change)
    const { shareholders: _old, ...withoutChildren } = node
    // An empty level is left out: the schema wants a present list to have an item.
    return shareholders.length > 0 ? { ...node, shareholders } : withoutChildren
  })
}

export function insertNode(
  tree: readonly Shareholder[],
  parent: NodePath,
  node: Shareholder,
): Shareholder[] {
  return updateLevel(tree, parent, (level) => [...level, node])
}

export function replaceNode(
  tree: readonly Shareholder[],
  path: NodePath,
  change: (node: Shareholder) => Shareholder,
): Shareholder[] {
  const index = path.at(-1)
  if (index === undefined) throw new Error('assertion: a node path names a node')
  return updateLevel(tree, path.slice(0, -1), (level) =>
    level.map((node, at) => (at === index ? change(node) : node)),
  )
}

export function removeNode(tree: readonly Shareholder[], path: NodePath): Shareholder[] {
  const index = path.at(-1)
  if (index === undefined) throw new Error('assertion: a node path names a node')
  return updateLevel(tree, path.slice(0, -1), (level) => level.filter((_, at) => at !== index))
}

/** Every person and company id a list of nodes and their subtrees refer to. */
export function idsInTree(nodes: readonly Shareholder[]): {
  personIds: Set<number>
  companyIds: Set<number>
} {
  const personIds = new Set<number>()
  const companyIds = new Set<number>()
  const visit = (level: readonly Shareholder[]) => {
    for (const node of level) {
      if (node.personId !== undefined) personIds.add(node.personId)
      if (node.companyId !== undefined) companyIds.add(node.companyId)
      visit(node.shareholders ?? [])
    }
  }
  visit(nodes)
  return { personIds, companyIds }
}

/** The paths of every node that matches, in tree order. */
export function pathsWhere(
  tree: readonly Shareholder[],
  matches: (node: Shareholder) => boolean,
): NodePath[] {
  const found: NodePath[] = []
  const visit = (level: readonly Shareholder[], parent: NodePath) =>
    level.forEach((node, index) => {
      const path = [...parent, index]
      if (matches(node)) found.push(path)
      visit(node.shareholders ?? [], path)
    })
  visit(tree, [])
  return found
}

/**
 * The sum of a level's shares in percent, rounded like the checks round it (six decimals,
 * registration-rules.ts), so the tree warns exactly when the check will refuse the level.
 */
export function levelSum(level: readonly Shareholder[]): number {
  const scale = 1_000_000
  return Math.round(level.reduce((sum, node) => sum + node.share, 0) * scale) / scale
}

/** The inverse of nodeKey: 'shareholders.0.shareholders.1' to [0, 1]. */
export function pathOfKey(key: string): NodePath {
  return key
    .split('.')
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
}
