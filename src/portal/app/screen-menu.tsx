// The left menu's groups (transfers, settings, merchant): the rendered screens from the
// generated routes and the hand-written pages of page-menu.ts, in their order; titles come
// from i18n. Only what the acting user may open, in the brand's settings, is listed
// (spec/README.md, Screens; menu-tree.ts); until the viewer is known, only the pages every
// signed-in user may open. Merchant tools come in sub-groups (the screens' menuGroup).
import { NavLink as RouterNavLink, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NavLink } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'
import { useBrand } from '../brand/brand-context.tsx'
import { pageMenu, type MenuPage } from './page-menu.ts'
import { isSubGroup, menuTree, type MenuEntry } from './menu-tree.ts'
import { useViewer, type PageAccess } from './viewer.ts'

/** The namespaces of every menu title, loaded with the menu. */
export const menuNamespaces = [
  'screens',
  ...new Set(pageMenu.map((page) => page.title.split(':')[0] ?? 'common')),
]

/** A menu page's access: its own, or that of the rendered screen at its route. */
function accessOf(page: MenuPage): PageAccess {
  if (page.access) return { access: page.access, anyPermission: page.anyPermission }
  const screen = screenRoutes.find((item) => item.route === page.route)
  if (!screen) throw new Error(`assertion: menu page ${page.id} has an access or a screen`)
  return { access: screen.access }
}

const entries: MenuEntry[] = [
  ...screenRoutes.map((screen) => ({
    id: screen.id,
    route: screen.route,
    menu: screen.menu,
    order: screen.order,
    title: `screens:${screen.id}.title`,
    pageAccess: { access: screen.access } as PageAccess,
    ...('menuGroup' in screen && { menuGroup: screen.menuGroup }),
    ...('brandFlag' in screen && { brandFlag: String(screen.brandFlag) }),
  })),
  ...pageMenu.map((page) => ({ ...page, pageAccess: accessOf(page) })),
]

const isOpen = (items: MenuEntry[], pathname: string) =>
  items.some((item) => pathname.startsWith(item.route))

function EntryLink({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation(menuNamespaces)
  return (
    <NavLink
      component={RouterNavLink}
      // Only the page itself is marked: /setting is not also every /setting/... page.
      end
      to={entry.route}
      label={t(entry.title)}
    />
  )
}

export function ScreenMenu() {
  const { t } = useTranslation(menuNamespaces)
  const location = useLocation()
  const viewer = useViewer()
  const brand = useBrand() as unknown as Readonly<Record<string, unknown>>
  return menuTree(entries, viewer, brand).map((branch) => (
    // A group opens and closes: a button, not a link without an address.
    <NavLink
      key={branch.group}
      component="button"
      label={t(`menu.${branch.group}`)}
      defaultOpened={isOpen(branch.entries, location.pathname)}
      childrenOffset="sm"
    >
      {branch.nodes.map((node) =>
        isSubGroup(node) ? (
          <NavLink
            key={node.subGroup}
            component="button"
            label={t(`menu.groups.${node.subGroup}`)}
            defaultOpened={isOpen(node.entries, location.pathname)}
            childrenOffset="sm"
          >
            {node.entries.map((entry) => (
              <EntryLink key={entry.id} entry={entry} />
            ))}
          </NavLink>
        ) : (
          <EntryLink key={node.id} entry={node} />
        ),
      )}
    </NavLink>
  ))
}
