// The left menu's groups (transfers, settings, merchant): the rendered screens from the generated routes
// and the hand-written pages of page-menu.ts, in their order; titles come from i18n. Only what
// the acting user may open is listed (spec/README.md, Screens); until that is known, only the
// pages every signed-in user may open.
import { NavLink as RouterNavLink, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NavLink } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'
import { pageMenu, type MenuPage } from './page-menu.ts'
import { mayOpen, openToEveryone, useViewer, type PageAccess } from './viewer.ts'

const groups = ['transfers', 'settings', 'merchant'] as const
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

const entries = [
  ...screenRoutes.map((screen) => ({
    ...screen,
    title: `screens:${screen.id}.title`,
    pageAccess: { access: screen.access } as PageAccess,
  })),
  ...pageMenu.map((page) => ({ ...page, pageAccess: accessOf(page) })),
]

export function ScreenMenu() {
  const { t } = useTranslation(menuNamespaces)
  const location = useLocation()
  const viewer = useViewer()
  const visible = entries.filter((item) =>
    viewer ? mayOpen(item.pageAccess, viewer) : openToEveryone(item.pageAccess),
  )
  return groups.map((group) => {
    const items = visible.filter((item) => item.menu === group).sort((a, b) => a.order - b.order)
    if (items.length === 0) return null
    const active = items.some((screen) => location.pathname.startsWith(screen.route))
    return (
      // A group opens and closes: a button, not a link without an address.
      <NavLink
        key={group}
        component="button"
        label={t(`menu.${group}`)}
        defaultOpened={active}
        childrenOffset="sm"
      >
        {items.map((screen) => (
          <NavLink
            key={screen.id}
            component={RouterNavLink}
            // Only the page itself is marked: /setting is not also every /setting/... page.
            end
            to={screen.route}
            label={t(screen.title)}
          />
        ))}
      </NavLink>
    )
  })
}
