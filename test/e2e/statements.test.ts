// Monthly statements and the history's CSV (issue 16) as a person uses them: on /statements
// demo@ creates this month's statement, sees it being prepared and then ready (the job a
// server's worker runs is run here), downloads it and finds in the PDF the account and the
// month the page named, sends it to the confirmed sign-in address; the history's "Download as
// CSV" link gives the listed lines with headers in the page's language. Once in English at
// 1366 px and once in Russian at 390 px. Screenshots go to docs/screenshots/issue-16/.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { PDFDocument } from 'pdf-lib'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { drawnText } from '../integration/kyc/fatca-support.ts'
import { locale, text, type Texts } from './screen-steps.ts'

const shots = join(import.meta.dirname, '../../docs/screenshots/issue-16')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const usd = 10000001

async function signIn(lang: string, width: number): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

function monthName(lang: string): string {
  return new Intl.DateTimeFormat(lang === 'ua' ? 'uk' : lang, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date())
}

/** Creates this month's statement and waits, as the person does, until it reads ready. */
async function createStatement(page: Page, h: Texts, lang: string) {
  await page.goto(`${portal.baseUrl}/statements`)
  await page.getByRole('heading', { level: 1, name: text(h, 'statements.title') }).waitFor()
  await page.getByLabel(text(h, 'statements.account')).selectOption(String(usd))
  await page.getByRole('button', { name: text(h, 'statements.start') }).click()
  const month = monthName(lang)
  await page
    .getByRole('status')
    .filter({ hasText: text(h, 'statements.started').replace('{{month}}', month) })
    .waitFor()
  const title = text(h, 'statements.statementOf').replace('{{month}}', month)
  const row = page.getByTestId('statement-row').filter({ hasText: title }).first()
  await row.getByText(text(h, 'statements.status.processing')).waitFor()
  // When it was asked for, in the page's language.
  const requested = text(h, 'statements.requestedAt').split('{{date}}')[0]!.trim()
  expect(await row.textContent()).toContain(requested)
  // The server's job worker builds it; the page reads the list again until it is ready.
  await runDueJobs(portal.db)
  await row.getByText(text(h, 'statements.status.ready')).waitFor()
  return row
}

/** Clicks the row's download button and answers the saved file's bytes. */
async function downloaded(page: Page, row: ReturnType<Page['getByTestId']>, h: Texts) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: text(h, 'statements.download') }).click(),
  ])
  return readFileSync(await download.path())
}

/** The history page's CSV link, fetched with the page's cookies as a browser would. */
async function historyCsv(page: Page, h: Texts): Promise<string> {
  await page.goto(`${portal.baseUrl}/history`)
  const link = page.getByRole('link', { name: text(h, 'exportCsv') })
  const href = String(await link.getAttribute('href'))
  const response = await page.request.get(new URL(href, portal.baseUrl).toString())
  expect(response.status()).toBe(200)
  const bytes = await response.body()
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return bytes.subarray(3).toString('utf8')
}

describe('statements in English at 1366 px', () => {
  const h = locale('en', 'history')

  test('creates, downloads and e-mails this month statement', async () => {
    const page = await signIn('en', 1366)
    const row = await createStatement(page, h, 'en')
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(shots, 'statements-1366.png'), fullPage: true })

    const pdf = await downloaded(page, row, h)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const words = drawnText(pdf).replace(/\s+/g, ' ')
    expect(words).toContain('Account statement')
    expect(words).toContain(monthName('en'))
    expect(words).toContain(`Account: ${usd}`)
    expect(words).toContain('Closing balance on')

    await row.getByRole('button', { name: text(h, 'statements.send') }).click()
    await row.getByRole('button', { name: text(h, 'statements.sendButton'), exact: true }).click()
    await row
      .getByText(text(h, 'statements.sent').replace('{{email}}', 'demo@nova.example'))
      .waitFor()
  })

  test("the history's CSV link gives its lines under English headers", async () => {
    const page = await signIn('en', 1366)
    const csv = await historyCsv(page, h)
    expect(csv.split('\r\n')[0]).toBe(
      'Date,No.,Type,Description,Counterparty,Reference,Status,Amount,Currency,Balance after',
    )
    expect(csv).toContain('Opening balance')
  })
})

describe('statements in Russian at 390 px', () => {
  const h = locale('ru', 'history')

  test('creates a statement and downloads the PDF in Russian', async () => {
    const page = await signIn('ru', 390)
    const row = await createStatement(page, h, 'ru')
    expect(await seriousViolations(page)).toEqual([])
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await page.screenshot({ path: join(shots, 'statements-390-ru.png'), fullPage: true })
    const pdf = await downloaded(page, row, h)
    const statement = await PDFDocument.load(pdf)
    expect(statement.getTitle()).toBe('Выписка по счёту')
    expect(statement.getSubject()).toBe(`Выписка по счёту ${usd} за ${monthName('ru')}`)
  })

  test("the history's CSV link has Cyrillic headers and Russian numbers", async () => {
    const page = await signIn('ru', 390)
    const csv = await historyCsv(page, h)
    expect(csv.split('\r\n')[0]).toBe(
      'Дата,№,Тип,Описание,Контрагент,Назначение,Статус,Сумма,Валюта,Остаток после',
    )
    expect(csv).toContain('1\u00a0250,75')
  })
})
