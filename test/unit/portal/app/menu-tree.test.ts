// The left menu fits the person (issue 16, item 4; src/portal/app/menu-tree.ts): a personal
// customer gets no business or merchant entry, a business customer's merchant tools come in
// sub-groups, a sub-group of one is that entry alone, a brand setting that is off hides its
// entry, and while the viewer loads only what every signed-in user may open is listed.
import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../../../src/shared/access.ts'
import {
  isSubGroup,
  menuTree,
  type MenuEntry,
  type MenuNode,
} from '../../../../src/portal/app/menu-tree.ts'
import { screenRoutes } from '../../../../src/generated/screen-routes.ts'
import { mayOpenMenuPage } from '../../../../src/portal/app/menu-page-access.ts'

const viewer = (customerType: number, accessRight = 2): Viewer => ({
  signedIn: true,
  isAdmin: false,
  accessRight,
  customerType,
  permissions: {},
})
const personal = viewer(0)
const business = viewer(2)

const entry = (id: string, menu: string, order: number, access: string, extra = {}): MenuEntry => ({
  id,
  route: `/${id}`,
  menu,
  order,
  title: `screens:${id}.title`,
  pageAccess: { access },
  ...extra,
})

const entries = [
  entry('profile', 'settings', 0, 'user'),
  entry('companyAccess', 'settings', 6, 'rights:2 customer:business'),
  entry('keys', 'merchant', 4, 'rights:2 customer:business', { menuGroup: 'api' }),
  entry('buttons', 'merchant', 1, 'rights:1,2 customer:business', { menuGroup: 'buttons' }),
  entry('logos', 'merchant', 3, 'rights:1,2 customer:business', { menuGroup: 'buttons' }),
  entry('log', 'merchant', 5, 'rights:2 customer:business', { menuGroup: 'api' }),
  entry('contracts', 'transfers', 1, 'rights:2', { brandFlag: 'contractsEnable' }),
]

const shape = (nodes: MenuNode[]) =>
  nodes.map((node) =>
    isSubGroup(node) ? { [node.subGroup]: node.entries.map((e) => e.id) } : node.id,
  )

describe('the menu tree', () => {
  it('gives a personal customer no business or merchant entry', () => {
    const tree = menuTree(entries, personal, { contractsEnable: true })
    expect(tree.map((branch) => [branch.group, shape(branch.nodes)])).toEqual([
      ['transfers', ['contracts']],
      ['settings', ['profile']],
    ])
  })

  it("puts a business customer's merchant tools in sub-groups, in their order", () => {
    const merchant = menuTree(entries, business, {}).find((branch) => branch.group === 'merchant')
    expect(shape(merchant!.nodes)).toEqual([
      { buttons: ['buttons', 'logos'] },
      { api: ['keys', 'log'] },
    ])
  })

  it('shows a sub-group left with one entry as that entry', () => {
    const merchant = menuTree(entries, viewer(2, 1), {}).find((b) => b.group === 'merchant')
    // Right 1 opens the buttons and the logos but neither API page.
    expect(shape(merchant!.nodes)).toEqual([{ buttons: ['buttons', 'logos'] }])
    const one = menuTree(entries.slice(0, 4), viewer(2, 1), {}).find((b) => b.group === 'merchant')
    expect(shape(one!.nodes)).toEqual(['buttons'])
  })

  it('hides an entry whose brand setting is off', () => {
    const ids = (settings: Record<string, unknown>) =>
      menuTree(entries, business, settings).flatMap((branch) => branch.entries.map((e) => e.id))
    expect(ids({ contractsEnable: true })).toContain('contracts')
    expect(ids({ contractsEnable: false })).not.toContain('contracts')
  })

  it('lists only what every signed-in user may open while the viewer loads', () => {
    const tree = menuTree(entries, undefined, { contractsEnable: true })
    expect(tree.map((branch) => [branch.group, shape(branch.nodes)])).toEqual([
      ['settings', ['profile']],
    ])
  })

  it('keeps every merchant screen for business customers (spec/screens)', () => {
    const merchant = screenRoutes.filter((screen) => screen.menu === 'merchant')
    expect(merchant.length).toBeGreaterThan(0)
    for (const screen of merchant) expect(screen.access).toMatch(/ customer:business$/)
  })
})

describe('the hand-written pages of the menu', () => {
  it('P2P opens only with the sendMoneyUser flag, as p2pTransferSubmit asks', () => {
    expect(mayOpenMenuPage('transferP2p', personal)).toBe(false)
    const flagged = { ...personal, permissions: { sendMoneyUser: true } }
    expect(mayOpenMenuPage('transferP2p', flagged)).toBe(true)
    // Viewing-only rights never send, flag or not.
    expect(mayOpenMenuPage('transferP2p', { ...flagged, accessRight: 1 })).toBe(false)
    expect(mayOpenMenuPage('transferP2p', undefined)).toBe(false)
  })
})
