// A page (kind: page): several resource or settings screens on one route, one under the other,
// each under its own heading (the profile's phones, e-mails and addresses). The page has the
// main heading and, when its locale has one, an intro text; codegen checked that every panel
// exists and admits everyone the page admits, so no panel is refused here. A notice the page
// before handed over (an activation that led here) shows above the panels, as on home. A
// panel given with ifAdmitted shows only to whom its own access admits; a settings panel whose
// record is not asked of the customer (hideOn) is left out. A page that leads on (continueTo:
// a splash) has a button under its intro to that route.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { screenById, type ScreenDescription } from './screens-data.ts'
import { ResourceScreen } from './resource-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'
import { SuccessNotice } from './result-popups.tsx'
import { PageChangesContext } from './page-changes.ts'
import { mayOpen, useViewer } from '../app/viewer.ts'

type PanelItem = NonNullable<ScreenDescription['panels']>[number]

/** The panels the viewer sees: each, less those ifAdmitted whose access refuses the viewer. */
function useShownPanels(items: readonly PanelItem[]): ScreenDescription[] {
  const viewer = useViewer()
  return items.flatMap((item) => {
    const id = typeof item === 'string' ? item : item.id
    const panel = screenById(id)
    if (!panel) throw new Error(`assertion: panel ${id} is in the bundle`)
    if (typeof item === 'string') return [panel]
    return viewer && mayOpen({ access: panel.access }, viewer) ? [panel] : []
  })
}

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
  const panels = useShownPanels(screen.panels ?? [])
  const [absent, setAbsent] = useState<ReadonlySet<string>>(new Set())
  const leaveOut = useCallback(
    (id: string) =>
      setAbsent((previous) => (previous.has(id) ? previous : new Set([...previous, id]))),
    [],
  )
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
        {panels.map((panel) => (
          <Paper
            key={panel.id}
            component="section"
            withBorder
            p="md"
            aria-label={t(`screens:${panel.id}.title`)}
            // Still mounted, so a panel found absent does not load again.
            display={absent.has(panel.id) ? 'none' : undefined}
          >
            {panel.kind === 'settings' ? (
              <SettingsScreen screen={panel} headingLevel={2} onAbsent={() => leaveOut(panel.id)} />
            ) : (
              <ResourceScreen screen={panel} headingLevel={2} />
            )}
          </Paper>
        ))}
      </Stack>
    </PageChangesContext.Provider>
  )
}
