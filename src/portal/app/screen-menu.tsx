// The left menu's groups (transfers, settings, merchant): the rendered screens from the generated routes
// and the hand-written pages of page-menu.ts, in their order; titles come from i18n.
import { NavLink as RouterNavLink, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NavLink } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'
import { pageMenu } from './page-menu.ts'

const groups = ['transfers', 'settings', 'merchant'] as const
/** The namespaces of every menu title, loaded with the menu. */
const menuNamespaces = [
  'screens',
  ...new Set(pageMenu.map((page) => page.title.split(':')[0] ?? 'common')),
]

export function ScreenMenu() {
  const { t } = useTranslation(menuNamespaces)
  const location = useLocation()
  return groups.map((group) => {
    const items = [
      ...screenRoutes.map((screen) => ({ ...screen, title: `screens:${screen.id}.title` })),
      ...pageMenu,
    ]
      .filter((item) => item.menu === group)
      .sort((a, b) => a.order - b.order)
    if (items.length === 0) return null
    const active = items.some((screen) => location.pathname.startsWith(screen.route))
    return (
      <NavLink key={group} label={t(`menu.${group}`)} defaultOpened={active} childrenOffset="sm">
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
