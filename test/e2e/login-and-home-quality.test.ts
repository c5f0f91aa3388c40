// What Lighthouse's budget stands for on /login and /home (DESIGN.md section 10), checked
// where a person or assistive technology notices it: axe finds no serious or critical
// accessibility violation in two brands (the main one and the one whose colour is lightest)
// on a desktop and a phone; the skip link takes the keyboard straight to the page's content;
// and home does not move once shown: the balances and the recent transactions stay where
// they are while the transactions arrive.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, shot, text } from './screen-steps.ts'
import { seriousViolations } from './axe-sweep.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const common = locale('en', 'common')
const home = locale('en', 'home')
const history = locale('en', 'history')

/** The transactions' amounts a person sees (cards on a phone, the table on a desktop). */
const amounts = (page: Page) => page.locator('[data-testid="transaction-amount"]:visible')

async function signedInHome(brand: string, width = 1280): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  // The brand chosen in the address is remembered for the tab (resolve-brand.ts).
  await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
  await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
  await page.waitForURL('**/home')
  await amounts(page).first().waitFor()
  return page
}

describe('login and home are accessible', () => {
  for (const brand of ['main', 'lt-b']) {
    for (const width of [1280, 390]) {
      test(`${brand} at ${width} px: no serious or critical axe finding on /login and /home`, async () => {
        const { page } = await portal.newPage({ width, height: 900 })
        await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
        await page.getByRole('button', { name: 'Sign in' }).waitFor()
        expect(await seriousViolations(page)).toEqual([])
        await page.getByLabel(/^E-mail/).fill('demo@nova.example')
        await page.getByLabel(/^Password/).fill(demoPassword)
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.waitForURL('**/home')
        await expect.poll(() => page.getByTestId('account-card').count()).toBe(2)
        await amounts(page).first().waitFor()
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  }

  test('the skip link is the first stop of the keyboard and moves focus to the content', async () => {
    const page = await signedInHome('main')
    // A fresh visit: the keyboard starts at the top of the page.
    await page.reload()
    await amounts(page).first().waitFor()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: text(common, 'skipToContent') })
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await skip.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase()))
      .toBe('main')
    // The next Tab continues inside the content, not back in the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
  })

  test('an empty sign-in marks each field invalid and tells its message to a screen reader', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const auth = locale('en', 'auth')
    for (const [field, message] of [
      [/^E-mail/, text(auth, 'usernameInvalid')],
      [/^Password/, text(auth, 'passwordRequired')],
    ] as const) {
      const input = page.getByLabel(field)
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
      const described = String(await input.getAttribute('aria-describedby'))
      const descriptions = await Promise.all(
        described
          .split(' ')
          .filter(Boolean)
          .map((id) => page.locator(`[id="${id}"]`).textContent()),
      )
      expect(descriptions.join(' ')).toContain(message)
    }
  })

  test('login has one main landmark and a level-one heading', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login`)
    await expect.poll(() => page.getByRole('main').count()).toBe(1)
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).count()).toBe(1)
  })
})

describe('home does not shift as it loads', () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px the balances and the recent transactions stay put while the transactions arrive`, async () => {
      const { page } = await portal.newPage({ width, height: 900 })
      await page.goto(`${portal.baseUrl}/login`)
      await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
      await page.waitForURL('**/home')
      await page.getByTestId('account-card').first().waitFor()
      // Home again with the transactions and the rates of the total held back, the layout
      // shifts recorded from the start.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      for (const operation of ['transactionHistoryList', 'exchangeRateGet'])
        await page.route(`**/rpc/${operation}`, async (route) => {
          await held
          await route.continue()
        })
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number }
        w.shifts = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[])
            w.shifts += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.reload()
      const recent = page.getByRole('region', { name: text(history, 'recent.title') })
      await page.getByTestId('account-card').first().waitFor()
      await recent.waitFor()
      const before = {
        title: await page.getByRole('heading', { name: text(home, 'title') }).boundingBox(),
        card: await page.getByTestId('account-card').last().boundingBox(),
        recent: await recent.boundingBox(),
      }
      release()
      await amounts(page).first().waitFor()
      await page.getByTestId('home-total-amount').waitFor()
      const after = {
        title: await page.getByRole('heading', { name: text(home, 'title') }).boundingBox(),
        card: await page.getByTestId('account-card').last().boundingBox(),
        recent: await recent.boundingBox(),
      }
      expect(after.title).toEqual(before.title)
      expect(after.card).toEqual(before.card)
      expect(after.recent?.y).toBe(before.recent?.y)
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts)
      expect(shifts).toBeLessThan(0.1)
      await shot(page, 'home-loaded')
    })
  }
})
