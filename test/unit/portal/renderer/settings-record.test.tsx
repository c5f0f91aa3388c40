// @vitest-environment jsdom
// A settings screen over a record that may not be asked of the customer (settings.hideOn) and
// whose form shows only while the answer allows it (settings.when): the company's
// statements (spec/screens/company-resolution.yaml). Not asked: nothing shows and the page is
// told; signed: who signed it, no form; not signed: the form with its own button, the box of
// the acceptance unticked.
import { expect, test, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BrandContext } from '../../../../src/portal/brand/brand-context.tsx'
import { SettingsScreen } from '../../../../src/portal/renderer/settings-screen.tsx'
import { screenById } from '../../../../src/portal/renderer/screens-data.ts'
import type { CallResult } from '../../../../src/portal/renderer/call-operation.ts'
import { rendererEnvironment } from './renderer-environment.ts'

const answer = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('../../../../src/portal/renderer/call-operation.ts', async (original) => ({
  ...(await original<object>()),
  callOperation: async () => answer.current,
}))

rendererEnvironment()

function show(result: CallResult, onAbsent = () => {}) {
  answer.current = result
  const statement = screenById('companyResolution')!
  return render(
    <MantineProvider>
      <BrandContext.Provider value={{ id: 'main' } as never}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <SettingsScreen screen={statement} headingLevel={2} onAbsent={onAbsent} />
          </MemoryRouter>
        </QueryClientProvider>
      </BrandContext.Provider>
    </MantineProvider>,
  )
}

const ok = (declaration: Record<string, unknown>): CallResult => ({
  ok: true,
  status: 200,
  body: { responseCode: '00', declaration: declaration as never },
})

test('a statement not asked of the company shows nothing and tells the page, once', async () => {
  const onAbsent = vi.fn()
  show(
    { ok: false, status: 200, body: { responseCode: 'ENOA', responseDescription: 'Not asked.' } },
    onAbsent,
  )
  await waitFor(() => expect(onAbsent).toHaveBeenCalledTimes(1))
  expect(screen.queryByRole('heading')).toBeNull()
  expect(screen.queryByRole('alert')).toBeNull()
})

test('a signed statement shows who signed it and no form', async () => {
  show(ok({ text: 'We resolve.', isSigned: true, signerName: 'Sam Taylor' }))
  await screen.findByText('screens:companyResolution.summary.declaration.signerName')
  expect(screen.queryByRole('button', { name: 'screens:companyResolution.submit' })).toBeNull()
})

test('a statement to sign shows its form, the acceptance unticked', async () => {
  show(ok({ text: 'We resolve.', isSigned: false }))
  await screen.findByRole('button', { name: 'screens:companyResolution.submit' })
  const accepted = screen.getByRole('checkbox')
  expect((accepted as HTMLInputElement).checked).toBe(false)
})
