// The left menu's shape (issue 16): the entries the viewer may open, in their groups and
// sub-groups, in order. Pure, so the rules are unit-tested: an entry is listed when the
// viewer's access admits it (or, while the viewer loads, when every signed-in user may open
// it) and its brand setting is on; a sub-group sits where its first entry would; a sub-group
// left with one entry shows as that entry alone, and an empty group is not shown.
import type { Viewer } from '../../shared/access.ts'
import { mayOpen, openToEveryone, type PageAccess } from './page-access.ts'

export const menuGroups = ['transfers', 'cards', 'settings', 'merchant'] as const
export type MenuGroup = (typeof menuGroups)[number]

export interface MenuEntry {
  id: string
  route: string
  menu: string
  order: number
  /** `<namespace>:<key>` of the entry's title. */
  title: string
  pageAccess: PageAccess
  menuGroup?: string
  /** A brand setting that must be true for the entry to be listed (contractsEnable). */
  brandFlag?: string
}

export interface MenuSubGroup {
  subGroup: string
  entries: MenuEntry[]
}

export type MenuNode = MenuEntry | MenuSubGroup

export interface MenuBranch {
  group: MenuGroup
  nodes: MenuNode[]
  /** Every entry of the group, sub-groups included, for marking the open group. */
  entries: MenuEntry[]
}

export const isSubGroup = (node: MenuNode): node is MenuSubGroup => 'subGroup' in node

/** Whether the viewer (undefined while it loads) and the brand let the entry be listed. */
export function listed(
  entry: MenuEntry,
  viewer: Viewer | undefined,
  brandSettings: Readonly<Record<string, unknown>>,
): boolean {
  if (entry.brandFlag !== undefined && brandSettings[entry.brandFlag] !== true) return false
  return viewer ? mayOpen(entry.pageAccess, viewer) : openToEveryone(entry.pageAccess)
}

function nodesOf(entries: MenuEntry[]): MenuNode[] {
  const nodes: MenuNode[] = []
  const subGroups = new Map<string, MenuSubGroup>()
  for (const entry of entries) {
    if (entry.menuGroup === undefined) {
      nodes.push(entry)
      continue
    }
    let subGroup = subGroups.get(entry.menuGroup)
    if (!subGroup) {
      subGroup = { subGroup: entry.menuGroup, entries: [] }
      subGroups.set(entry.menuGroup, subGroup)
      nodes.push(subGroup)
    }
    subGroup.entries.push(entry)
  }
  return nodes.map((node) =>
    isSubGroup(node) && node.entries.length === 1 ? node.entries[0]! : node,
  )
}

/** The menu's groups with what the viewer may open in each, empty groups left out. */
export function menuTree(
  entries: readonly MenuEntry[],
  viewer: Viewer | undefined,
  brandSettings: Readonly<Record<string, unknown>>,
): MenuBranch[] {
  const shown = entries.filter((entry) => listed(entry, viewer, brandSettings))
  return menuGroups.flatMap((group) => {
    const inGroup = shown.filter((entry) => entry.menu === group).sort((a, b) => a.order - b.order)
    return inGroup.length === 0 ? [] : [{ group, nodes: nodesOf(inGroup), entries: inGroup }]
  })
}
