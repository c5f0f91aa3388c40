// The route of every rendered screen: finds the screen by its id and renders its kind. The
// wizard (registration) is a chunk of its own, loaded only on its routes.
import { lazy, Suspense } from 'react'
import { Loader } from '@mantine/core'
import { screenById } from './screens-data.ts'
import { ResourceScreen } from './resource-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'
import { PageScreen } from './page-screen.tsx'

const WizardScreen = lazy(() =>
  import('./wizard/wizard-screen.tsx').then((module) => ({ default: module.WizardScreen })),
)

export function ScreenPage({ screenId }: { screenId: string }) {
  const screen = screenById(screenId)
  if (!screen) throw new Error(`assertion: screen ${screenId} is in the bundle`)
  return (
    <Suspense fallback={<Loader />}>
      {screen.kind === 'wizard' ? (
        <WizardScreen key={screen.id} screen={screen} />
      ) : screen.kind === 'page' ? (
        <PageScreen key={screen.id} screen={screen} />
      ) : screen.kind === 'settings' ? (
        <SettingsScreen screen={screen} />
      ) : (
        <ResourceScreen key={screen.id} screen={screen} />
      )}
    </Suspense>
  )
}
