// A page (kind: page): several resource or settings screens on one route, one under the other,
// each under its own heading (the profile's phones, e-mails and addresses). The page has the
// main heading and, when its locale has one, an intro text; codegen checked that every panel
// exists and admits everyone the page admits, so no panel is refused here. A notice the page
// before handed over (an activation that led here) shows above the panels, as on home. A page
// that leads on (continueTo: a splash) has a button under its intro to that route.
import { useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { screenById, type ScreenDescription } from './screens-data.ts'
import { ResourceScreen } from './resource-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'
import { SuccessNotice } from './result-popups.tsx'
import { PageChangesContext } from './page-changes.ts'

export function PageScreen({ screen }: { screen: ScreenDescription }) {
  const { t, i18n } = useTranslation('screens')
  const introKey = `screens:${screen.id}.intro`
  const location = useLocation()
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  )
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), 3000)
    return () => clearTimeout(timer)
  }, [notice])
  const [version, setVersion] = useState(0)
  const changes = useMemo(() => ({ version, changed: () => setVersion((v) => v + 1) }), [version])
  return (
    <PageChangesContext.Provider value={changes}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t(`screens:${screen.id}.title`)}
        </Title>
        <SuccessNotice text={notice} onClose={() => setNotice(null)} />
        {i18n.exists(introKey) && <Text maw={720}>{t(introKey)}</Text>}
        {screen.continueTo && (
          <Group>
            <Button component={Link} to={screen.continueTo}>
              {t(`screens:${screen.id}.continue`)}
            </Button>
          </Group>
        )}
        {(screen.panels ?? []).map((id) => {
          const panel = screenById(id)
          if (!panel) throw new Error(`assertion: panel ${id} is in the bundle`)
          return (
            <Paper
              key={id}
              component="section"
              withBorder
              p="md"
              aria-label={t(`screens:${id}.title`)}
            >
              {panel.kind === 'settings' ? (
                <SettingsScreen screen={panel} headingLevel={2} />
              ) : (
                <ResourceScreen screen={panel} headingLevel={2} />
              )}
            </Paper>
          )
        })}
      </Stack>
    </PageChangesContext.Provider>
  )
}
