// Invoices in Chromium, as a person uses them (issue 16: review before invoice pay; home's "add
// money" and "request"). In English at 1366 px: demo@ pays the demo invoice through the P2P's
// review, whose numbers are what leaves demo@'s balance and what arrives at the payee, and the
// history shows the fee as its own line; demo@ adds money from home and reads the bank details.
// In Spanish at 390 px: demo@ requests money from business@ from home, business@ finds it under
// Received and rejects it after the confirmation, and it leaves demo@'s sent list. An initiator
// of business@ pays the company's invoice: it waits for an approver and reads so. axe checks
// every invoice page and dialog. Screenshots at 1366 and 390 px go to SCREENSHOT_DIR when set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { escape, locale, text } from './screen-steps.ts'
import { balanceOn, shownAmount } from './shown-money.ts'
import { confirmReview, openReview, reviewLine, reviewNumbers } from './transfer-review-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const startsWith = (value: string) => new RegExp(`^${escape(value)}`)
const cents = (amount: string) => Math.round(Number(amount) * 100)
const plus = (a: string, b: string) => ((cents(a) + cents(b)) / 100).toFixed(2)

function texts(lang: string) {
  const invoices = locale(lang, 'invoices')
  const home = locale(lang, 'home')
  return {
    t: (key: string) => text(invoices, key),
    home: (key: string) => text(home, key),
    transfers: (key: string) => text(locale(lang, 'transfers'), key),
  }
}

async function signIn(user: string, lang: string, width: number): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

/** Opens the invoices page on a tab and waits for its list (or its empty text). */
async function openInvoices(page: Page, lang: string, tab: 'received' | 'sent') {
  const { t } = texts(lang)
  if (!page.url().includes('/transfer/invoices')) {
    await page.goto(`${portal.baseUrl}/transfer/invoices`)
  }
  await page.getByRole('heading', { level: 1, name: t('title') }).waitFor()
  await page.getByRole('tab', { name: t(`tabs.${tab}`) }).click()
  const panel = page.getByRole('tabpanel', { name: t(`tabs.${tab}`) })
  await panel.getByTestId(`invoices-${tab}`).or(panel.getByTestId('invoices-empty')).waitFor()
  return panel
}

/** The invoice card that shows `what` (a name, an e-mail, a note). */
const invoiceWith = (scope: Locator, what: string) =>
  scope.getByTestId('invoice').filter({ hasText: what })

async function accessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
}

/** Screenshots at 1366 and 390 px into SCREENSHOT_DIR; neither scrolls sideways. */
async function shots(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR
  const start = page.viewportSize() ?? { width: 1366, height: 900 }
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      await Promise.allSettled(document.getAnimations().map((a) => a.finished))
    })
    if (dir) await page.screenshot({ path: `${dir}/invoices-${name}-${width}.png`, fullPage: true })
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0)
  }
  await page.setViewportSize(start)
}

describe('demo@ in English at 1366 px', () => {
  test('pays the demo invoice through the review; the numbers leave and arrive; the fee is its own line', async () => {
    const { t, transfers } = texts('en')
    const page = await signIn('demo@nova.example', 'en', 1366)
    const received = await openInvoices(page, 'en', 'received')
    const invoice = invoiceWith(received, 'business@nova.example').first()
    await invoice.waitFor()
    await expect
      .poll(() => invoice.getByTestId('invoice-status').textContent())
      .toBe(t('status.unpaid'))
    const invoiceId = await invoice.getAttribute('data-invoice-id')
    const asked = shownAmount(String(await invoice.getByTestId('invoice-amount').textContent()))
    await accessible(page)
    await shots(page, 'received')

    await invoice.getByRole('button', { name: t('actions.pay') }).click()
    const pay = page.getByRole('region', { name: t('pay.title') })
    const from = pay.getByLabel(startsWith(transfers('account.from')))
    await from.waitFor()
    const accountId = Number(await from.inputValue())
    await page.getByTestId('transfer-fee').waitFor()
    await accessible(page)
    await shots(page, 'pay')

    // The payee's balance before, read on their own home.
    const payee = await signIn('business@nova.example', 'en', 1366)
    const payeeAccount = await payeeAccountIn(payee, page)
    const payeeBefore = await balanceOn(payee, portal.baseUrl, payeeAccount)
    const before = await balanceOn(page, portal.baseUrl, accountId)
    await openInvoices(page, 'en', 'received')
    await invoiceWith(received, 'business@nova.example')
      .first()
      .getByRole('button', { name: t('actions.pay') })
      .click()

    const review = await openReview(page)
    await review.getByText('Northwind Trading Ltd').waitFor()
    const numbers = await reviewNumbers(page)
    expect(numbers.youSend).toBe(asked)
    expect(numbers.theyGet).toBe(asked)
    expect(numbers.total).toBe(plus(numbers.youSend, numbers.fee))
    await accessible(page)
    await shots(page, 'review')
    await confirmReview(page)
    const dialog = page.getByRole('dialog')
    await dialog.getByText(transfers('popup.submitted')).waitFor()
    await shots(page, 'paid')
    await page.keyboard.press('Escape')
    // Paid, it leaves the unpaid list.
    await openInvoices(page, 'en', 'received')
    await expect.poll(() => page.locator(`[data-invoice-id="${invoiceId}"]`).count()).toBe(0)

    await expect
      .poll(() => balanceOn(page, portal.baseUrl, accountId))
      .toBe(plus(before, `-${numbers.total}`))
    await payee.reload()
    await expect
      .poll(() => balanceOn(payee, portal.baseUrl, payeeAccount))
      .toBe(plus(payeeBefore, numbers.theyGet))

    // History: the fee's line (newest first) above the payment's.
    await page.goto(`${portal.baseUrl}/history`)
    const rows = page.getByTestId('transaction-table').getByTestId('transaction-row')
    await rows.first().waitFor()
    const amounts = await rows.getByTestId('transaction-amount').allTextContents()
    const expected =
      cents(numbers.fee) > 0 ? [`-${numbers.fee}`, `-${numbers.youSend}`] : [`-${numbers.youSend}`]
    expect(amounts.slice(0, expected.length).map(shownAmount)).toEqual(expected)
  })

  test('adds money from home and reads the bank details of the funding invoice', async () => {
    const { t, home } = texts('en')
    const page = await signIn('demo@nova.example', 'en', 1366)
    await page.goto(`${portal.baseUrl}/home`)
    await page
      .getByTestId('quick-actions')
      .getByRole('link', { name: home('actions.addMoney') })
      .click()
    const dialog = page.getByRole('dialog', { name: t('addMoney.title') })
    await dialog.getByText(t('addMoney.intro')).waitFor()
    await accessible(page)
    // Nothing typed: the amount is refused before anything is asked of the server.
    await dialog.getByRole('button', { name: t('addMoney.submit') }).click()
    await dialog.getByText(texts('en').transfers('errors.amount')).waitFor()
    await dialog.getByLabel(/^Amount/).fill('250')
    await dialog.getByRole('button', { name: t('addMoney.submit') }).click()
    await dialog.getByTestId('funding-details').waitFor()
    expect(shownAmount(String(await dialog.getByTestId('funding-amount').textContent()))).toBe(
      '250.00',
    )
    await dialog.getByTestId('bank-account').waitFor()
    expect(String(await dialog.getByTestId('bank-account').textContent()).length).toBeGreaterThan(4)
    // The invoice's PDF opens from its link, signed for this customer.
    const pdf = dialog.getByRole('link', { name: t('pdf') })
    const answer = await page.request.get(
      new URL(String(await pdf.getAttribute('href')), portal.baseUrl).href,
    )
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toContain('application/pdf')
    await accessible(page)
    await shots(page, 'add-money')
  })
})

describe("an initiator pays the company's invoice", () => {
  test('the payment waits for an approver: the invoice reads so and offers nothing meanwhile', async () => {
    const { t, transfers } = texts('en')
    const page = await signIn('initiator@nova.example', 'en', 1366)
    // The initiator acts for Northwind (business@'s company), whose invoice demo@ sent.
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Northwind/ })
      .getByRole('button', { name: text(locale('en', 'onboarding'), 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    const received = await openInvoices(page, 'en', 'received')
    const invoice = invoiceWith(received, 'Conference tickets')
    await invoice.getByRole('button', { name: t('actions.pay') }).click()
    const review = await openReview(page)
    await review.getByText('demo@nova.example').waitFor()
    expect(await reviewLine(page, 'theyGet').then(shownAmount)).toBe('45.00')
    await confirmReview(page)
    await page.getByRole('dialog').getByText(transfers('popup.requestCreated')).waitFor()
    await page.keyboard.press('Escape')
    await openInvoices(page, 'en', 'received')
    const held = invoiceWith(received, 'Conference tickets')
    await expect
      .poll(() => held.getByTestId('invoice-status').textContent())
      .toBe(t('status.paymentPending'))
    expect(await held.getByRole('button').count()).toBe(0)
  })
})

describe('in Spanish at 390 px', () => {
  test('demo@ requests money from business@, who finds it under Received and rejects it', async () => {
    const { t, home } = texts('es')
    const note = `Cena del viernes ${Date.now()}`
    const page = await signIn('demo@nova.example', 'es', 390)
    await page.goto(`${portal.baseUrl}/home`)
    await page
      .getByTestId('quick-actions')
      .getByRole('link', { name: home('actions.request') })
      .click()
    const dialog = page.getByRole('dialog', { name: t('request.title') })
    await dialog.getByLabel(startsWith(t('request.email'))).fill('business@nova.example')
    await dialog.getByLabel(startsWith(t('request.amount'))).fill('12.34')
    await dialog.getByLabel(startsWith(t('request.currency'))).selectOption('USD')
    await dialog.getByLabel(startsWith(t('request.due'))).fill(inDays(14))
    await dialog.getByLabel(startsWith(t('request.note'))).fill(note)
    await accessible(page)
    await shots(page, 'request')
    await dialog.getByRole('button', { name: t('request.submit') }).click()
    await page
      .getByTestId('invoice-notice')
      .getByText(t('request.done').replace('{{email}}', 'business@nova.example'))
      .waitFor()
    // The page turns to the sent invoices: it awaits payment.
    const sent = await openInvoices(page, 'es', 'sent')
    const mine = invoiceWith(sent, note)
    await mine.waitFor()
    expect(await mine.getByTestId('invoice-status').textContent()).toBe(t('status.awaitingPayment'))
    await accessible(page)
    await shots(page, 'sent')

    const payer = await signIn('business@nova.example', 'es', 390)
    const received = await openInvoices(payer, 'es', 'received')
    const asked = invoiceWith(received, note)
    await asked.waitFor()
    expect(shownAmount(String(await asked.getByTestId('invoice-amount').textContent()))).toBe(
      '12.34',
    )
    await asked.getByText('demo@nova.example').waitFor()
    await asked.getByRole('button', { name: t('actions.reject') }).click()
    const confirm = payer.getByRole('dialog', { name: t('reject.title') })
    await confirm.getByLabel(startsWith(t('reject.note'))).fill('No es para nosotros')
    await accessible(payer)
    await shots(payer, 'reject')
    await confirm.getByRole('button', { name: t('reject.confirm') }).click()
    await payer.getByTestId('invoice-notice').getByText(t('reject.done')).waitFor()
    await expect.poll(() => invoiceWith(received, note).count()).toBe(0)

    // Rejected, it no longer awaits payment among demo@'s sent invoices.
    await page.reload()
    const sentAgain = await openInvoices(page, 'es', 'sent')
    await expect.poll(() => invoiceWith(sentAgain, note).count()).toBe(0)
  })
})

/** A date `days` from today as the date field takes it (YYYY-MM-DD). */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The payee's account in the currency of the pay panel's account (home's cards). */
async function payeeAccountIn(payee: Page, payer: Page): Promise<number> {
  const currency = await payer
    .getByLabel(startsWith(texts('en').transfers('account.from')))
    .locator('option:checked')
    .textContent()
  const code = String(currency).split(' · ')[1] ?? 'USD'
  await payee.goto(`${portal.baseUrl}/home`)
  const card = payee.getByTestId('account-card').filter({ hasText: code }).first()
  const badge = String(await card.locator('.mantine-Badge-root').textContent())
  return Number(badge.replace(/\D/g, ''))
}
