// What every part of the tree reads: the draft's tree with its names, effective shares and
// errors (new with each change of the draft), and the actions (the same for the widget's life,
// so a memoized row does not draw again because a callback is new).
import { createContext, useContext } from 'react'
import type { EntityKind } from './entity-form.ts'
import type { ErrorsByKey } from './error-paths.ts'
import type { Entity, NodePath, Shareholder } from './tree-model.ts'

export type Dialog =
  | { kind: 'add'; parent: NodePath }
  /** The name is kept for the text while the dialog closes, when the node is gone. */
  | { kind: 'remove'; path: NodePath; name: string; isCompany: boolean }
  /** A person or company form: a new one without id; a new director of a company. */
  | { kind: 'entity'; entity: EntityKind; id?: number; directorOf?: number }

export interface TreeView {
  tree: readonly Shareholder[]
  persons: ReadonlyMap<number, Entity>
  companies: ReadonlyMap<number, Entity>
  /** Effective percent of the registering company, by person id (registration-rules.ts). */
  effective: ReadonlyMap<number, number>
  errors: ErrorsByKey
  /** The brand's sourceOfWealthEnable: above 25 % a person needs source-of-funds details. */
  sourceOfWealth: boolean
  /** The operation the wizard builds: its description names the sources-of-funds dictionary. */
  operationId: string
  /** The shown name of a person or company, a numbered placeholder before its form has one. */
  nameOf(kind: EntityKind, id: number | undefined): string
}

export interface TreeActions {
  /**
   * Sets the share of the node at `path` if that is still `node`'s entity: a share typed just
   * before its row went away must not land on the node that took its place.
   */
  setShare(path: NodePath, share: number, node: Shareholder): void
  /** Adds a node, with the person or company it names when that is new. */
  addNode(parent: NodePath, node: Shareholder, created?: Entity): void
  removeNode(path: NodePath): void
  saveEntity(kind: EntityKind, entity: Entity): void
  /** Changes a person as the draft holds it at the time (its sources of funds). */
  changePerson(personId: number, change: (person: Entity) => Entity): void
  /** Replaces a company's directors, with a new person when one was created for it. */
  setDirectors(companyId: number, directors: number[], created?: Entity): void
  open(dialog: Dialog): void
}

export const TreeDataContext = createContext<TreeView | null>(null)
export const TreeActionsContext = createContext<TreeActions | null>(null)

/** The draft's tree; a part that reads it draws again with every change of the draft. */
export function useTreeData(): TreeView {
  const value = useContext(TreeDataContext)
  if (!value) throw new Error('assertion: a tree part is inside ShareholderTreeWidget')
  return value
}

/** The actions; a memoized row reads only these, which never change. */
export function useTreeActions(): TreeActions {
  const value = useContext(TreeActionsContext)
  if (!value) throw new Error('assertion: a tree part is inside ShareholderTreeWidget')
  return value
}
