// The design's two promises, checked in the browser on the fixtures build (npm run
// build:fixtures): a brand manager's overlay file visibly changes a form, and a screen added
// with a YAML file and locale keys only (test/fixtures/screens/state-directory.yaml) renders,
// lists and filters with no React code of its own.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { fixturesPortalDir, signInAs, startPortal, type PortalHarness } from './browser-harness.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal({ PORTAL_DIR: fixturesPortalDir })
})
afterAll(async () => {
  await portal?.close()
})

async function openAs(brand: string, route: string): Promise<Page> {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
  await signInAs(page, portal.baseUrl, 'business@nova.example', demoPassword)
  await page.waitForURL('**/home')
  await page.goto(`${portal.baseUrl}${route}`)
  return page
}

async function createButtonLabels(page: Page): Promise<string[]> {
  await page.getByRole('heading', { name: 'Saved payment buttons' }).waitFor()
  await page.getByRole('button', { name: 'Create button' }).click()
  const dialog = page.getByRole('dialog')
  // The form's first step (of three) holds the button's name and item fields.
  await dialog.getByRole('button', { name: 'Next' }).waitFor()
  return (await dialog.locator('label').allTextContents()).map((label) => label.replace(' *', ''))
}

test('without an overlay the saved-button form asks for the item number', async () => {
  const page = await openAs('main', '/merchant/buttons/my_saved_buttons')
  const labels = await createButtonLabels(page)
  expect(labels).toContain('Item number')
  expect(labels).toContain('Name')
})

test("the test brand's overlay hides the item number and relabels the name", async () => {
  const page = await openAs('fixture-overlay', '/merchant/buttons/my_saved_buttons')
  expect(await page.getByTestId('brand-name').textContent()).toBe('Fixture Overlay')
  const labels = await createButtonLabels(page)
  expect(labels).not.toContain('Item number')
  expect(labels).not.toContain('Name')
  expect(labels.filter((label) => label === 'Item name')).toHaveLength(2)
})

test('a screen added with spec and locale keys only lists and filters', async () => {
  const page = await openAs('main', '/setting/states')
  await page.getByRole('heading', { name: 'States and provinces' }).waitFor()
  const rows = page.getByTestId('resource-table').getByRole('row')
  await rows.filter({ hasText: 'California' }).waitFor()
  await page.getByLabel(/^Country/).fill('CA')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await rows.filter({ hasText: 'Ontario' }).waitFor()
  expect(await rows.filter({ hasText: 'California' }).count()).toBe(0)
})
