// The route of every rendered screen: finds the screen by its id and renders its kind.
import { Suspense } from 'react'
import { Loader } from '@mantine/core'
import { screenById } from './screens-data.ts'
import { ResourceScreen } from './resource-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'

export function ScreenPage({ screenId }: { screenId: string }) {
  const screen = screenById(screenId)
  if (!screen) throw new Error(`assertion: screen ${screenId} is in the bundle`)
  return (
    <Suspense fallback={<Loader />}>
      {screen.kind === 'settings' ? (
        <SettingsScreen screen={screen} />
      ) : (
        <ResourceScreen key={screen.id} screen={screen} />
      )}
    </Suspense>
  )
}
