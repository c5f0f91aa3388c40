// The left menu's groups of rendered screens (settings, merchant), from the generated routes;
// titles come from the 'screens' locale namespace, loaded when the menu first renders.
import { NavLink as RouterNavLink, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NavLink } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'

const groups = ['settings', 'merchant'] as const

export function ScreenMenu() {
  const { t } = useTranslation('screens')
  const location = useLocation()
  return groups.map((group) => {
    const items = screenRoutes.filter((screen) => screen.menu === group)
    if (items.length === 0) return null
    const active = items.some((screen) => location.pathname.startsWith(screen.route))
    return (
      <NavLink key={group} label={t(`menu.${group}`)} defaultOpened={active} childrenOffset="sm">
        {items.map((screen) => (
          <NavLink
            key={screen.id}
            component={RouterNavLink}
            to={screen.route}
            label={t(`${screen.id}.title`)}
          />
        ))}
      </NavLink>
    )
  })
}
