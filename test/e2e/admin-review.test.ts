// The administrator's review list, as admin@ sees it after signing in (product-spec section 2,
// admin-overview; section 6): the demo customers whose documents wait, longest-waiting first,
// and a customer whose files are all decided no longer listed.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { screenSteps } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const { open, table, row } = screenSteps(() => portal, 'main', 'en')

test('lists the customers waiting for review, longest-waiting first', async () => {
  const page = await open('admin@nova.example', '/admin-review', 'adminReview')
  await row(page, 'Riley Stone').waitFor()
  const names = await table(page).getByRole('row').allTextContents()
  const riley = names.findIndex((text) => text.includes('Riley Stone'))
  const northwind = names.findIndex((text) => text.includes('Northwind Trading Ltd'))
  expect(northwind).toBeGreaterThan(0)
  expect(riley).toBeGreaterThan(northwind)
  expect(names[riley]).toContain('Processing')
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR}/admin-review.png`,
      fullPage: true,
    })
  }
})

test('a customer refused the screen is sent away from it', async () => {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/admin-review`)
  await page.waitForURL((url) => url.pathname !== '/admin-review')
})
