// The tree's actions. They read the draft through a ref rather than a closure, so they stay
// the same object for the widget's life (rows are memoized on them) and a change made right
// after another, in the same event, builds on it instead of on the draft of the last render.
import { useLayoutEffect, useMemo, useRef } from 'react'
import { ShareholderType } from '../../../../generated/constants.ts'
import { commitTree } from './commit.ts'
import { withEntity } from './entity-form.ts'
import { pruneUnreferenced } from './prune.ts'
import {
  companiesOf,
  idsInTree,
  insertNode,
  nodeAt,
  personsOf,
  removeNode,
  replaceNode,
  treeOf,
  type Payload,
  type Shareholder,
} from './tree-model.ts'
import type { Dialog, TreeActions } from './tree-context.ts'
import type { WizardWidgetProps } from '../../wizard/widget-props.ts'

export function useStableActions(
  props: Pick<WizardWidgetProps, 'payload' | 'onChange'>,
  open: (dialog: Dialog) => void,
): TreeActions {
  const latest = useRef(props.payload)
  const onChange = useRef(props.onChange)
  useLayoutEffect(() => {
    latest.current = props.payload
    onChange.current = props.onChange
  })
  return useMemo(() => {
    const commit = (next: Payload) => {
      latest.current = next
      onChange.current(next)
    }
    return {
      open,
      setShare(path, share, expected) {
        const payload = latest.current
        const node = nodeAt(treeOf(payload), path)
        if (!node || !sameEntity(node, expected)) return
        commit(
          commitTree(
            payload,
            replaceNode(treeOf(payload), path, (n) => ({ ...n, share })),
          ),
        )
      },
      addNode(parent, node, created) {
        const payload = created ? withEntity(latest.current, kindOf(node), created) : latest.current
        commit(commitTree(payload, insertNode(treeOf(payload), parent, node)))
      },
      removeNode(path) {
        const payload = latest.current
        const node = nodeAt(treeOf(payload), path)
        if (!node) return
        const removed = idsInTree([node])
        const tree = removeNode(treeOf(payload), path)
        commit(commitTree(payload, tree, removed))
      },
      saveEntity(kind, entity) {
        commit(withEntity(latest.current, kind, entity))
      },
      changePerson(personId, change) {
        const person = personsOf(latest.current).find((entry) => entry.id === personId)
        if (person) commit(withEntity(latest.current, 'person', change(person)))
      },
      setDirectors(companyId, directors, created) {
        let payload = created ? withEntity(latest.current, 'person', created) : latest.current
        const company = companiesOf(payload).find((entry) => entry.id === companyId)
        if (!company) return
        const before = Array.isArray(company.directors) ? company.directors : []
        const { directors: _old, ...rest } = company
        // No empty list: the schema wants a present one to have an item; the check names it.
        payload = withEntity(payload, 'company', directors.length ? { ...rest, directors } : rest)
        const personIds = before.filter(
          (id): id is number => typeof id === 'number' && !directors.includes(id),
        )
        commit(pruneUnreferenced(payload, { personIds, companyIds: [] }))
      },
    } satisfies TreeActions
  }, [open])
}

const sameEntity = (a: Shareholder, b: Shareholder) =>
  a.type === b.type && a.personId === b.personId && a.companyId === b.companyId

const kindOf = (node: { type: number }) =>
  node.type === ShareholderType.Person ? 'person' : 'company'
