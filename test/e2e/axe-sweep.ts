// Accessibility as a gate (issue 16 item 6): every page a customer's menu opens is checked by
// axe-core, in a brand and at a width given by the file that runs the sweep; any serious or
// critical finding fails. The pages are the menu's own links, so a page added to a menu is
// swept without a change here.
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'

/**
 * Serious and critical findings of axe, as "rule: selector" lines (empty when none). Every rule
 * runs on every element; only the violations are reported in full (axe's `resultTypes`), so
 * the passes of a long page are not gathered and sent back to be thrown away.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`))
}

/** The addresses of the menu's links, collapsed groups included (their links are in the DOM). */
async function menuLinks(page: Page, baseUrl: string): Promise<string[]> {
  // On a phone the menu is a drawer, built when it first opens.
  const burger = page.getByRole('button', { name: text(locale('en', 'common'), 'toggleMenu') })
  // Below Mantine's sm breakpoint (48em) the menu is behind the burger.
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await burger.waitFor()
    await burger.click()
  }
  const nav = page.getByRole('navigation').first()
  // The menu's groups come after home's link, with their own code.
  await nav.locator('a[href]:not([href="/home"])').first().waitFor({ state: 'attached' })
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
  return [...new Set(hrefs.map((href) => href.replace(baseUrl, '')))].filter((path) =>
    path.startsWith('/'),
  )
}

/** A page has settled: its heading shows and nothing on it says it is still loading. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await expect
    .poll(() =>
      page
        .locator('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root')
        .filter({ visible: true })
        .count(),
    )
    .toBe(0)
}

/**
 * Opens a page inside the running portal, as its links do, without loading the portal again:
 * a new load per page cost most of the sweep's time (menu-walk.test.ts clicks the menu itself).
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
}

export function axeSweep(brand: string, width: number, users: string[]): void {
  let portal: PortalHarness
  beforeAll(async () => {
    portal = await startPortal()
  })
  afterAll(async () => {
    await portal?.close()
  })

  describe(`every menu page in ${brand} at ${width} px`, () => {
    // A business customer's menu holds some forty pages, each loaded, settled and checked.
    test.each(users)(
      '%s: no serious or critical axe finding',
      { timeout: 600_000 },
      async (user) => {
        const { page } = await portal.newPage({ width, height: 900 })
        await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
        expect(await seriousViolations(page), '/login').toEqual([])
        await signInAs(page, portal.baseUrl, user, demoPassword)
        await page.waitForURL((url) => !url.pathname.startsWith('/login'))
        const found: string[] = []
        for (const path of [...(await menuLinks(page, portal.baseUrl)), '/no-such-page']) {
          await openInApp(page, path)
          await settled(page)
          found.push(...(await seriousViolations(page)).map((line) => `${path} ${line}`))
        }
        expect(found).toEqual([])
      },
    )
  })
}
