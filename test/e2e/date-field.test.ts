// Date fields follow the page's language, not the browser's (issue 16): on a Russian page the
// history's date filter reads ДД.ММ.ГГГГ, takes 28.11.2026 as a person types it, filters by it,
// marks a date that does not exist invalid with its message, and its calendar speaks Russian
// and is used with the keyboard. payroll@ has two months of history to filter.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/date-field')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const history = locale('ru', 'history')
const common = locale('ru', 'common')
const dayMs = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')
/** A local day as the Russian page writes it, and as the page's rows start. */
const ruDate = (date: Date) =>
  `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`

async function historyInRussian(width: number): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  await signInAs(page, portal.baseUrl, 'payroll@nova.example', demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate(() => localStorage.setItem('portal.lang', 'ru'))
  await page.goto(`${portal.baseUrl}/history`)
  // A table on a wide screen, cards on a phone.
  await page
    .getByTestId(width > 600 ? 'transaction-row' : 'transaction-card')
    .first()
    .waitFor()
  return page
}

/** The day of each shown row, as a sortable ISO date (the row starts "28.11.2026, 04:12:00"). */
async function rowDays(page: Page): Promise<string[]> {
  const cells = await page
    .getByTestId('transaction-row')
    .locator('td:first-child')
    .allTextContents()
  return cells.map((cell) => {
    const [day, month, year] = cell.split(',')[0]!.trim().split('.')
    return `${year}-${month}-${day}`
  })
}

const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

describe('the history date filter on a Russian page', () => {
  test('shows ДД.ММ.ГГГГ, takes 28.11.2026 as typed and filters by it', async () => {
    const page = await historyInRussian(1366)
    const from = page.getByLabel(text(history, 'filter.fromDate'), { exact: true })
    const to = page.getByLabel(text(history, 'filter.toDate'), { exact: true })
    expect(await from.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ')
    expect(await to.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ')
    expect(await from.getAttribute('type')).not.toBe('date')

    const start = new Date(Date.now() - 30 * dayMs)
    const end = new Date(Date.now() - 10 * dayMs)
    await from.fill(ruDate(start))
    await to.fill(ruDate(end))
    await to.blur()
    expect(await from.getAttribute('aria-invalid')).not.toBe('true')
    await page.screenshot({ path: join(shots, 'history-ru-1366.png'), fullPage: true })
    await page.getByRole('button', { name: text(history, 'filter.apply') }).click()
    // Only the days between the two dates (a day of slack for the server's time zone).
    await expect
      .poll(async () => {
        const days = await rowDays(page)
        return (
          days.length > 0 &&
          days.every(
            (day) =>
              day >= iso(new Date(start.getTime() - dayMs)) &&
              day <= iso(new Date(end.getTime() + dayMs)),
          )
        )
      })
      .toBe(true)
  })

  test('a date that does not exist is marked invalid with its message', async () => {
    const page = await historyInRussian(1366)
    const from = page.getByLabel(text(history, 'filter.fromDate'), { exact: true })
    await from.fill('31.02.2026')
    await from.blur()
    expect(await from.getAttribute('aria-invalid')).toBe('true')
    const message = text(common, 'dateField.invalid').replace('{{pattern}}', 'ДД.ММ.ГГГГ')
    await page.getByText(message).waitFor()
    const describedBy = String(await from.getAttribute('aria-describedby'))
    expect(describedBy).toMatch(/error/)
    await from.fill('28.11.2026')
    await expect.poll(() => from.getAttribute('aria-invalid')).not.toBe('true')
  })

  test('the calendar speaks Russian and is used with the keyboard', async () => {
    const page = await historyInRussian(390)
    await page.getByRole('button', { name: text(history, 'filter.more') }).click()
    const from = page.getByLabel(text(history, 'filter.fromDate'), { exact: true })
    await from.fill('15.10.2026')
    const button = page.getByRole('button', { name: text(common, 'dateField.calendar') }).first()
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.getByText(/^октябрь 2026/i).waitFor()
    await page.screenshot({ path: join(shots, 'calendar-ru-390.png'), fullPage: true })
    // The chosen day has the focus; a day on, then Enter picks it.
    const named = (day: number) =>
      new Intl.DateTimeFormat('ru', { dateStyle: 'long' }).format(new Date(2026, 9, day))
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(named(15))
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(named(16))
    await page.keyboard.press('Enter')
    await expect.poll(() => from.inputValue()).toBe('16.10.2026')
    await expect.poll(() => dialog.count()).toBe(0)
  })
})
