// What a person does on a rendered screen, shared by the browser tests of the screens: sign
// in, pick the language, open a route, fill the popup's fields by their labels, save, find a
// row, delete it with the confirmation, and read the message under a refused field. Texts
// come from the locale files, so the same steps check every language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, type PortalHarness } from './browser-harness.ts'

const root = join(import.meta.dirname, '../..')
export type Texts = Record<string, unknown>

export const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(root, `locales/${lang}/${ns}.json`), 'utf8')) as Texts

export const text = (texts: Texts, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts)
  if (typeof value !== 'string') throw new Error(`no text for ${key}`)
  return value
}

export const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `portalOf` is read when a step runs: the portal starts in the test file's beforeAll. */
export function screenSteps(portalOf: () => PortalHarness, brand: string, lang: string) {
  const screens = locale(lang, 'screens')
  const forms = locale(lang, 'forms')
  /** A field's label: the text starts the label (a required field adds an asterisk). */
  const label = (field: string) => new RegExp(`^${escape(text(forms, `fields.${field}`))}`)

  async function open(user: string, route: string, screenId: string): Promise<Page> {
    const portal = portalOf()
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
    await signInAs(page, portal.baseUrl, user, demoPassword)
    // Post-login routing decides the first page (home, or the admin overview for admin@).
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    // The person picks the language once; it is remembered for the next pages.
    await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
    await page.goto(`${portal.baseUrl}${route}`)
    await page.getByRole('heading', { name: text(screens, `${screenId}.title`) }).waitFor()
    return page
  }

  /** The open popup, or the page when no popup is open. */
  async function scope(page: Page) {
    const dialog = page.getByRole('dialog')
    return (await dialog.count()) > 0 ? dialog : page
  }

  async function fill(page: Page, values: Record<string, string | boolean>) {
    const within = await scope(page)
    for (const [field, value] of Object.entries(values)) {
      const input = within.getByLabel(label(field)).first()
      if (typeof value === 'boolean') await input.setChecked(value)
      else if ((await input.evaluate((el) => el.tagName)) === 'SELECT') {
        await input.selectOption({ label: value })
      } else await input.fill(value)
    }
  }

  const button = (page: Page, key: string) =>
    page.getByRole('button', { name: text(screens, key), exact: true })
  const save = (page: Page) => button(page, 'save').click()
  const table = (page: Page) => page.getByTestId('resource-table')
  const rows = (page: Page) => table(page).getByRole('row')
  const row = (page: Page, content: string) => rows(page).filter({ hasText: content })

  /** The field is marked invalid and shows the message of one of the rules it breaks. */
  async function expectFieldError(page: Page, field: string, ...rules: string[]) {
    const input = (await scope(page)).getByLabel(label(field)).first()
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    const errorId = String(await input.getAttribute('aria-describedby'))
      .split(' ')
      .find((id) => id.endsWith('-error'))
    const shown = String(await page.locator(`[id="${errorId}"]`).textContent())
    const messages = rules.map((rule) => text(forms, `errors.${rule}`).split('{{')[0]!.trim())
    expect(
      messages.some((message) => shown.startsWith(message)),
      `${field}: "${shown}"`,
    ).toBe(true)
    return shown
  }

  async function deleteRow(page: Page, content: string) {
    await row(page, content)
      .getByRole('button', { name: text(screens, 'delete') })
      .click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(screens, 'confirm') })
      .click()
    await expect.poll(() => row(page, content).count()).toBe(0)
  }

  return {
    screens,
    forms,
    label,
    open,
    fill,
    button,
    save,
    table,
    rows,
    row,
    expectFieldError,
    deleteRow,
  }
}

/**
 * Screenshots of the page as it is, at 1280 and 390 px wide, into SCREENSHOT_DIR when it is
 * set (to look at a screen, never to compare pixels); the page is left at 1280 px.
 */
export const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    // The menu slides away on a narrow screen: the shot waits for it to have gone.
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      await Promise.allSettled(document.getAnimations().map((a) => a.finished))
    })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
