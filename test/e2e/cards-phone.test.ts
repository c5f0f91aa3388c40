// The card pages in Spanish on a 390 px phone (issue 17, "Done when"): director@'s fraud card
// offers no PIN and no pause, and its PIN page says so; the paused card offers unpause only; a
// company with no card applies for a virtual one and, holding that single card, lands on its
// page from /cards. Each card page passes the axe check (issue 16 item 6). Screenshots of
// the list, a card, the PIN page and applying at 390 px go to .tmp/issue-17.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { action, cardTexts, openCard, statusReads } from './card-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/issue-17')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const t = cardTexts('es')
const businessUsd = 10000006

async function signIn(user: string): Promise<Page> {
  const { page } = await portal.newPage({ width: 390, height: 844 })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate(() => localStorage.setItem('portal.lang', 'es'))
  return page
}

/** The page passes axe with no serious or critical finding. */
async function accessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
}

describe('director@ in Spanish at 390 px', () => {
  test('a fraud card offers no PIN and no pause; a paused card offers unpause only', async () => {
    const page = await signIn('director@nova.example')
    await page.goto(`${portal.baseUrl}/cards`)
    await page.waitForURL(/\/cards\/physical$/)
    await expect.poll(() => page.getByTestId('card-face').count()).toBe(2)
    await page.getByRole('heading', { level: 1, name: t('title') }).waitFor()
    await accessible(page)
    await page.screenshot({ path: join(shots, 'list-390.png'), fullPage: true })

    await openCard(page, portal.baseUrl, 'physical', t('status.18'))
    await statusReads(page, t('status.18'))
    const actions = page.getByTestId('card-actions').or(page.getByTestId('card-no-actions'))
    await actions.waitFor()
    expect(await page.getByRole('link', { name: t('actions.pin'), exact: true }).count()).toBe(0)
    expect(await action(page, t('actions.pause')).count()).toBe(0)
    expect(await action(page, t('actions.load')).count()).toBe(0)
    await accessible(page)
    await page.screenshot({ path: join(shots, 'detail-fraud-390.png'), fullPage: true })
    // Even by its address, the PIN page offers neither showing nor changing it.
    await page.goto(`${page.url().replace('/cards/', '/card/')}/pin`)
    await page.getByTestId('pin-unavailable').waitFor()
    expect(await page.getByRole('button', { name: t('pin.show') }).count()).toBe(0)
    await accessible(page)

    await openCard(page, portal.baseUrl, 'physical', 'Travel')
    await statusReads(page, t('status.71'))
    await action(page, t('actions.unpause')).waitFor()
    expect(await action(page, t('actions.pause')).count()).toBe(0)
    await page
      .getByTestId('card-actions')
      .getByRole('link', { name: t('actions.pin') })
      .click()
    await page.getByRole('heading', { level: 1, name: t('pin.title') }).waitFor()
    await page.getByRole('button', { name: t('pin.show') }).waitFor()
    await accessible(page)
    await page.screenshot({ path: join(shots, 'pin-390.png'), fullPage: true })
  })
})

describe('a company with a single card, in Spanish at 390 px', () => {
  test('business@ applies for a virtual card, confirms the fee, and /cards opens that card', async () => {
    const page = await signIn('business@nova.example')
    await page.goto(`${portal.baseUrl}/cards`)
    await page.getByTestId('cards-empty').waitFor()

    await page.goto(`${portal.baseUrl}/add-card`)
    await page.getByRole('heading', { level: 1, name: t('apply.title') }).waitFor()
    await page.getByText(t('virtual'), { exact: true }).click()
    await page
      .getByRole('combobox', { name: t('apply.product') })
      .selectOption({ label: `${t('kind.virtualPrepaid')} · USD` })
    await page.getByTestId('fee-table').waitFor()
    // A virtual card ships nowhere.
    expect(await page.getByRole('radiogroup', { name: t('apply.shipping') }).count()).toBe(0)
    await page.getByLabel(t('apply.settlement')).selectOption({ value: String(businessUsd) })
    await page.getByLabel(t('apply.alias')).fill('Suscripciones')
    await accessible(page)
    await page.screenshot({ path: join(shots, 'apply-390.png'), fullPage: true })
    await page.getByRole('button', { name: t('apply.continue') }).click()
    await page.waitForURL(/\/confirm-card\/\d+$/)
    await page.getByTestId('fee-total').waitFor()
    await accessible(page)
    await page.screenshot({ path: join(shots, 'confirm-390.png'), fullPage: true })
    await page.getByTestId('confirm-card').click()
    await page.waitForURL(/\/cards\/\d+$/)
    const cardPage = new URL(page.url()).pathname
    await statusReads(page, t('status.2'))

    await page.goto(`${portal.baseUrl}/cards`)
    await page.waitForURL((url) => url.pathname === cardPage)
    await expect.poll(() => page.getByTestId('card-page-title').textContent()).toBe('Suscripciones')
    await accessible(page)
    await page.screenshot({ path: join(shots, 'detail-390.png'), fullPage: true })
  })
})
