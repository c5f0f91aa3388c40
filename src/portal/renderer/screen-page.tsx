// The route of every rendered screen: finds the screen by its id and renders its kind. The
// wizard (registration) is a chunk of its own, loaded only on its routes. A screen that acts
// for the customer the address names (actsFor) gives it to its parts (acts-for.ts), and says
// so when the address names none.
import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Loader } from '@mantine/core'
import { screenById, type ScreenDescription } from './screens-data.ts'
import { ResourceScreen } from './resource-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'
import { PageScreen } from './page-screen.tsx'
import { ActsForContext, actsForOf } from './acts-for.ts'

const WizardScreen = lazy(() =>
  import('./wizard/wizard-screen.tsx').then((module) => ({ default: module.WizardScreen })),
)

export function ScreenPage({ screenId }: { screenId: string }) {
  const screen = screenById(screenId)
  if (!screen) throw new Error(`assertion: screen ${screenId} is in the bundle`)
  const { search } = useLocation()
  const { t } = useTranslation('screens')
  const actsFor = actsForOf(screen, search)
  if (actsFor && actsFor.customerId === undefined)
    return (
      <Alert color="yellow" role="alert" title={t(`screens:${screen.id}.title`)}>
        {t('screens:noCustomer')}
      </Alert>
    )
  return (
    <ActsForContext.Provider value={actsFor}>
      <Suspense fallback={<Loader />}>
        <ScreenOfKind key={`${screen.id}:${actsFor?.customerId ?? ''}`} screen={screen} />
      </Suspense>
    </ActsForContext.Provider>
  )
}

function ScreenOfKind({ screen }: { screen: ScreenDescription }) {
  if (screen.kind === 'wizard') return <WizardScreen screen={screen} />
  if (screen.kind === 'page') return <PageScreen screen={screen} />
  if (screen.kind === 'settings') return <SettingsScreen screen={screen} />
  return <ResourceScreen screen={screen} />
}
