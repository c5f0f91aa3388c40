// Errors of the shared checks or of the server's VF answer, by the node or level they name, so
// the tree shows each next to what it is about. A parameter is a dotted payload path:
// 'shareholders.0.shareholders.1.share' is the share of the second shareholder of the first
// one, 'shareholders.0.shareholders' that level (its sum), 'companyList.2.directors' the
// directors of the third company, shown at every node of that company;
// 'personList.1.sourcesOfFunds.0.details' a tree person's source of funds (the shareholder
// section's check, registration-rules.ts), at every node of that person. Any other issue of a
// person reaches the tree only when the tree is the first section naming the person (a
// shareholder who is also a user, wizard-checks.ts sectionOfIssue): it shows at the nodes too.
import type { FieldError } from '../../call-operation.ts'
import {
  companiesOf,
  levelKey,
  personsOf,
  nodeAt,
  nodeKey,
  pathsWhere,
  treeOf,
  type NodePath,
  type Payload,
} from './tree-model.ts'

export interface NodeError {
  /** The rest of the path under the node or level: 'share', 'directors', '' for itself. */
  field: string
  description: string
}

/** Node keys ('shareholders.0') and level keys ('shareholders.0.shareholders') to errors. */
export type ErrorsByKey = ReadonlyMap<string, readonly NodeError[]>

export function errorsByNode(errors: readonly FieldError[], payload: Payload): ErrorsByKey {
  const found = new Map<string, NodeError[]>()
  const add = (key: string, field: string, description: string) =>
    found.set(key, [...(found.get(key) ?? []), { field, description }])
  for (const error of errors) {
    const parts = error.parameter.split('.')
    if (parts[0] === 'shareholders') {
      const { key, field } = shareholderTarget(parts, payload)
      add(key, field, error.description)
    } else if (parts[0] === 'companyList' || parts[0] === 'personList') {
      for (const { key, field } of entityTargets(parts, payload)) add(key, field, error.description)
    }
  }
  return found
}

const isIndex = (part: string | undefined) => part !== undefined && /^\d+$/.test(part)

/** The node or level a 'shareholders…' path names; a node no longer in the tree, its level. */
function shareholderTarget(parts: string[], payload: Payload): { key: string; field: string } {
  const tree = treeOf(payload)
  const path: number[] = []
  let at = 0
  while (parts[at] === 'shareholders' && isIndex(parts[at + 1])) {
    const next = [...path, Number(parts[at + 1])]
    if (!nodeAt(tree, next)) return { key: levelKey(path), field: '' }
    path.push(Number(parts[at + 1]))
    at += 2
  }
  if (parts[at] === 'shareholders' || path.length === 0)
    return { key: levelKey(path), field: parts.slice(at + 1).join('.') }
  return { key: nodeKey(path), field: parts.slice(at).join('.') }
}

/**
 * Every node of the company or person a 'companyList.<index>…' or 'personList.<index>…' path
 * names; the top level when no node names it.
 */
function entityTargets(parts: string[], payload: Payload): { key: string; field: string }[] {
  const isCompany = parts[0] === 'companyList'
  const list = isCompany ? companiesOf(payload) : personsOf(payload)
  const entity = isIndex(parts[1]) ? list[Number(parts[1])] : undefined
  const field = parts.slice(2).join('.')
  const paths: NodePath[] = entity
    ? pathsWhere(treeOf(payload), (node) =>
        isCompany ? node.companyId === entity.id : node.personId === entity.id,
      )
    : []
  if (paths.length === 0) return [{ key: levelKey([]), field }]
  return paths.map((path) => ({ key: nodeKey(path), field }))
}
