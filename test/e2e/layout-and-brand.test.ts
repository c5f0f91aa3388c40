// The main layout as a person sees it (issue 16, items 5 and 7): an address that is no page
// keeps the menu of a signed-in person (and is the public page-not-found for others); each
// brand shows its own tab icon, a file that is served, and one whole wordmark in the header,
// even at 390 px; a money move is announced once, by its popup; and on a phone the pinned
// footer leaves the end of a long page readable.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { brandConfigs } from '../../src/generated/brands.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'
import { sendThroughReview } from './transfer-review-steps.ts'
import { mailedCode } from './mailed-code.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const common = locale('en', 'common')
const transfers = locale('en', 'transfers')
const exactly = (value: string) => new RegExp(`^${escape(value)}`)

async function signedIn(
  user: string,
  { brand = 'main', width = 1366 }: { brand?: string; width?: number } = {},
): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL('**/home')
  return page
}

const menu = (page: Page) => page.getByRole('navigation', { name: text(common, 'menu.label') })

describe('the page-not-found', () => {
  test('keeps the menu of a signed-in person', async () => {
    const page = await signedIn('demo@nova.example')
    await page.goto(`${portal.baseUrl}/no-such-page`)
    await page.getByText(text(common, 'notFound.title')).waitFor()
    await menu(page)
      .getByRole('link', { name: text(common, 'menu.home') })
      .waitFor()
    expect(await page.getByRole('button', { name: text(common, 'signOut') }).isVisible()).toBe(true)
  })

  test('is the public page for a person signed out, not the sign-in', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/no-such-page`)
    await page.getByText(text(common, 'notFound.title')).waitFor()
    expect(new URL(page.url()).pathname).toBe('/no-such-page')
    expect(await menu(page).count()).toBe(0)
  })
})

describe('brand marks', () => {
  const icons = new Map<string, string>()
  for (const brand of brandConfigs) {
    test(`${brand.id}: its own icon, served, and one whole wordmark at 390 px`, async () => {
      const page = await signedIn('demo@nova.example', { brand: brand.id, width: 390 })
      const header = page.locator('header')
      const wordmark = header.getByTestId('brand-name')
      await wordmark.waitFor()
      expect(await wordmark.textContent()).toBe(brand.projectName)
      // Whole: neither the wordmark nor the group holding it cuts it off, and it ends before
      // the controls beside it.
      const clipped = await wordmark.evaluate((el) => {
        const holder = el.parentElement!
        return el.scrollWidth > el.clientWidth || holder.scrollWidth > holder.clientWidth
      })
      expect(clipped).toBe(false)
      const mark = (await wordmark.boundingBox())!
      const language = (await header.locator('select').first().boundingBox())!
      expect(mark.x + mark.width).toBeLessThanOrEqual(language.x)
      const headerText = await header.innerText()
      expect(headerText.split(brand.projectName).length - 1).toBe(1)
      const alts = await header
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt))
      expect(alts.filter((alt) => alt.includes(brand.projectName))).toEqual([])

      const href = await page.locator('link[rel="icon"]').getAttribute('href')
      expect(href).toMatch(/\.svg$/)
      const icon = await page.request.get(new URL(href!, portal.baseUrl).toString())
      expect(icon.status()).toBe(200)
      expect(icon.headers()['content-type']).toContain('image/svg+xml')
      icons.set(brand.id, await icon.text())
      await shots(page, brand.id)
    })
  }

  test('every brand has an icon of its own', () => {
    expect(new Set(icons.values()).size).toBe(brandConfigs.length)
  })
})

/** The header at 1366 and 390 px into SCREENSHOT_DIR when it is set, to look at. */
async function shots(page: Page, brand: string) {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.locator('header').screenshot({ path: `${dir}/header-${brand}-${width}.png` })
  }
}

test('a transfer between own accounts is announced once, by its popup', async () => {
  const page = await signedIn('demo@nova.example')
  // The realtime channel's answer about the transaction, as the page receives it.
  const eventArrived = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('transaction_id')) resolve()
      }),
    )
  })
  await page.goto(`${portal.baseUrl}/transfer/account`)
  const say = (key: string) => text(transfers, key)
  await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
  await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000003' })
  await page.getByLabel(exactly(say('amount'))).fill('1.25')
  await sendThroughReview(page)
  const submitted = page.getByText(say('popup.submitted'), { exact: true })
  await page.getByRole('dialog').getByText(say('popup.submitted')).waitFor()
  await eventArrived
  // The notice of the event, had it been shown, is rendered with the next frames.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  // Asked at once: a notice shown would go away by itself after ten seconds.
  expect(await submitted.filter({ visible: true }).count()).toBe(1)
})

/** The bottom of the last thing the main part shows, once scrolled to the end. */
async function lastContentBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  return page.locator('main').evaluate((main) => {
    const shown = [...main.querySelectorAll('*')].filter(
      (el) => el.children.length === 0 && (el as HTMLElement).offsetParent !== null,
    )
    return Math.max(...shown.map((el) => el.getBoundingClientRect().bottom))
  })
}

for (const route of ['/history', '/home']) {
  test(`on a phone the footer leaves the end of ${route} readable`, async () => {
    const page = await signedIn('business@nova.example', { width: 390 })
    await page.goto(`${portal.baseUrl}${route}`)
    await expect
      .poll(() => page.locator('main [data-testid="transaction-amount"]:visible').count())
      .toBeGreaterThan(3)
    // Measured again until it holds: a section that arrives after the scroll (home's cards,
    // invoices) moves the end down, and the next scroll reaches it. A footer that covers the
    // end keeps covering it, and the poll fails.
    const footerTop = async () => (await page.locator('footer').boundingBox())!.y
    await expect
      .poll(async () => (await lastContentBottom(page)) - (await footerTop()))
      .toBeLessThanOrEqual(0)
    const dir = process.env.SCREENSHOT_DIR
    if (dir) await page.screenshot({ path: `${dir}/footer${route.replace('/', '-')}-390.png` })
  })
}

// Last in the file: demo@'s payments then ask for a code.
test('a two-step setting saved is told once, by the page, not again by the realtime notice', async () => {
  const security = locale('en', 'security')
  const say = (key: string) => text(security, key)
  const page = await signedIn('demo@nova.example')
  const eventArrived = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('TwoStepVerification')) resolve()
      }),
    )
  })
  await page.goto(`${portal.baseUrl}/setting/two-step-verification`)
  await page
    .getByLabel(exactly(say('twoStep.transaction.choose')))
    .selectOption({ label: say('twoStep.modes.approvalCode') })
  await page.getByRole('button', { name: say('twoStep.transaction.submit') }).click()
  const code = await mailedCode(portal.baseUrl, '+447700900123', 'Confirm your two-step setting')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: exactly(say('code.label')) }).fill(code)
  await dialog.getByRole('button', { name: say('code.submit') }).click()
  await page.getByTestId('success-notice').getByText(say('twoStep.success')).waitFor()
  await eventArrived
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  const realtimeText = page.getByText(text(common, 'realtime.twoStepText'))
  expect(await realtimeText.filter({ visible: true }).count()).toBe(0)
  expect(await page.getByTestId('success-notice').count()).toBe(1)
})
