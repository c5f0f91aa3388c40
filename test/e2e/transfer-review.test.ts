// The review before money moves (issue 16 items 1 and 7), in Chromium as a person does it:
// a P2P and an external transfer go through the review, whose numbers (you send, fee, total,
// they get) are what leaves the sender's balance on home and what arrives (the payee's balance;
// the order the rail carries), and the history shows the fee as its own line. The keyboard
// alone reaches Send, lands on the review and confirms. Screenshots of home, the review and the
// history at 1366 and 390 px in two brands and two languages go to .tmp/transfer-review.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { users } from '../../src/server/db/schema.ts'
import { transferOrders } from '../../src/server/db/schema-transfers.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { fromMinor } from '../../src/shared/money.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'
import { balanceOn, shownAmount } from './shown-money.ts'
import {
  confirmReview,
  openReview,
  reviewLine,
  reviewNumbers,
  reviewTexts,
} from './transfer-review-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/transfer-review')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const demoUsd = 10000001
const businessUsd = 10000006
const startsWith = (value: string) => new RegExp(`^${escape(value)}`)
const cents = (amount: string) => Math.round(Number(amount) * 100)
const plus = (a: string, b: string) => ((cents(a) + cents(b)) / 100).toFixed(2)

async function signIn(user: string, options: { lang?: string; width?: number; brand?: string }) {
  const { page } = await portal.newPage({ width: options.width ?? 1366, height: 900 })
  if (options.brand) await page.goto(`${portal.baseUrl}/login?brand=${options.brand}`)
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), options.lang ?? 'en')
  return page
}

/** Fills the P2P form in a language: from demo@'s USD account to an e-mail. */
async function fillP2p(page: Page, lang: string, email: string, amount: string) {
  const t = locale(lang, 'transfers')
  await page.goto(`${portal.baseUrl}/transfer/p2p`)
  await page.getByRole('heading', { level: 1, name: text(t, 'p2p.title') }).waitFor()
  await page
    .getByLabel(startsWith(text(t, 'account.from')))
    .selectOption({ value: String(demoUsd) })
  await page
    .getByLabel(startsWith(text(t, 'p2p.email')))
    .and(page.locator('input'))
    .fill(email)
  await page.getByTestId('payee-note').waitFor()
  await page.getByLabel(startsWith(text(t, 'amount'))).fill(amount)
}

describe('a P2P through the review', () => {
  test('what the review says leaves demo@ and arrives at business@; the fee is its own line', async () => {
    const payee = await signIn('business@nova.example', {})
    const payeeBefore = await balanceOn(payee, portal.baseUrl, businessUsd)
    const page = await signIn('demo@nova.example', {})
    const before = await balanceOn(page, portal.baseUrl, demoUsd)
    await fillP2p(page, 'en', 'business@nova.example', '2')
    const review = await openReview(page)
    // The server's name for the payee, and nothing sent yet.
    await review.getByText('Northwind Trading Ltd').waitFor()
    const numbers = await reviewNumbers(page)
    expect(numbers).toEqual({ youSend: '2.00', fee: '0.30', total: '2.30', theyGet: '2.00' })
    expect(await balanceOn(payee, portal.baseUrl, businessUsd)).toBe(payeeBefore)
    // Edit returns to the form as it was filled.
    await review.getByRole('button', { name: reviewTexts('en').back }).click()
    expect(await page.getByLabel(startsWith('Amount')).inputValue()).toBe('2')
    await openReview(page)
    await confirmReview(page)
    const dialog = page.getByRole('dialog')
    await dialog.getByText(text(locale('en', 'transfers'), 'popup.submitted')).waitFor()
    await page.goto(`${portal.baseUrl}/home`)
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, demoUsd))
      .toBe(plus(before, `-${numbers.total}`))
    await payee.reload()
    await expect
      .poll(() => balanceOn(payee, portal.baseUrl, businessUsd))
      .toBe(plus(payeeBefore, numbers.theyGet))

    // History: the fee's line (newest first), then the transfer's; the balances reconcile.
    await page.goto(`${portal.baseUrl}/history`)
    const history = locale('en', 'history')
    const rows = page.getByTestId('transaction-table').getByTestId('transaction-row')
    await rows.first().waitFor()
    const feeWords = text(history, 'descriptions.feeP2pTo').replace(
      '{{email}}',
      'business@nova.example',
    )
    await expect.poll(() => rows.first().textContent()).toContain(feeWords)
    const amounts = await rows.getByTestId('transaction-amount').allTextContents()
    expect(amounts.slice(0, 2).map(shownAmount)).toEqual([`-${numbers.fee}`, `-${numbers.youSend}`])
    await page.screenshot({ path: join(shots, 'history-fee-line.png'), fullPage: true })
  })
})

describe('an external transfer through the review', () => {
  test('an EFT: the review is the order the rail carries and what leaves the balance', async () => {
    const say = (key: string) => text(locale('en', 'external'), key)
    const page = await signIn('demo@nova.example', {})
    const before = await balanceOn(page, portal.baseUrl, demoUsd)
    await page.goto(`${portal.baseUrl}/transfer/external`)
    await page.getByRole('heading', { level: 1, name: say('title') }).waitFor()
    await page.getByLabel(startsWith(say('country.label'))).selectOption({ value: 'US' })
    const eft = page.getByRole('radio', { name: say('types.eft') })
    await expect
      .poll(async () => {
        await eft.check({ timeout: 2000 }).catch(() => undefined)
        return eft.isChecked()
      })
      .toBe(true)
    await page
      .getByLabel(startsWith(text(locale('en', 'transfers'), 'account.from')))
      .selectOption({ value: String(demoUsd) })
    const field = (name: string) =>
      page.getByRole('textbox', { name: startsWith(say(`fields.${name}`)) })
    await field('beneficiaryName').fill('Casey Jordan')
    await page.getByLabel(startsWith(say('fields.bankCode'))).selectOption({ value: '021000021' })
    await field('accountNumber').fill('000123456789')
    await page
      .getByTestId('extra-params')
      .getByLabel(startsWith(say('extra.accountType')))
      .selectOption({ label: say('extraOptions.accountType.checking') })
    await page.getByLabel(startsWith('Amount')).fill('50')
    const review = await openReview(page)
    await review.getByText('Casey Jordan').waitFor()
    const numbers = await reviewNumbers(page)
    expect(numbers.youSend).toBe('50.00')
    expect(numbers.theyGet).toBe('50.00')
    expect(numbers.total).toBe(plus(numbers.youSend, numbers.fee))
    await confirmReview(page)
    await page
      .getByRole('dialog')
      .getByText(text(locale('en', 'transfers'), 'popup.submitted'))
      .waitFor()
    const [user] = await portal.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.username, 'demo@nova.example'))
    const [order] = await portal.db
      .select()
      .from(transferOrders)
      .where(and(eq(transferOrders.customerId, user!.customerId!), eq(transferOrders.kind, 'eft')))
      .orderBy(desc(transferOrders.id))
      .limit(1)
    expect(fromMinor(order!.amountMinor, 2)).toBe(numbers.theyGet)
    expect(fromMinor(order!.feeMinor, 2)).toBe(numbers.fee)
    // The rail settles a while after the hand-over; make that time pass.
    await runDueJobs(portal.db, { now: new Date(Date.now() + 120_000) })
    await page.goto(`${portal.baseUrl}/home`)
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, demoUsd))
      .toBe(plus(before, `-${numbers.total}`))
  })
})

describe('an external payout in another currency or in crypto, as the server quotes it', () => {
  const say = (key: string) => text(locale('en', 'external'), key)
  const review = locale('en', 'transfers')

  /** The external page with a country, a method and (when asked) whose account it is. */
  async function chooseMethod(page: Page, country: string, type: string, whose: 'own' | '3d') {
    await page.goto(`${portal.baseUrl}/transfer/external`)
    await page.getByRole('heading', { level: 1, name: say('title') }).waitFor()
    await page.getByLabel(startsWith(say('country.label'))).selectOption({ value: country })
    for (const name of [say(`types.${type}`), say(`permission.${whose}`)]) {
      const radio = page.getByRole('radio', { name })
      await expect
        .poll(async () => {
          await radio.check({ timeout: 2000 }).catch(() => undefined)
          return radio.isChecked()
        })
        .toBe(true)
    }
    await page
      .getByLabel(startsWith(text(review, 'account.from')))
      .selectOption({ value: String(demoUsd) })
  }

  async function newestOrder(kind: string) {
    const [user] = await portal.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.username, 'demo@nova.example'))
    const [order] = await portal.db
      .select()
      .from(transferOrders)
      .where(and(eq(transferOrders.customerId, user!.customerId!), eq(transferOrders.kind, kind)))
      .orderBy(desc(transferOrders.id))
      .limit(1)
    return order!
  }

  test('a wire paid in EUR from the USD account: what you pay, the fee and the total are what leaves', async () => {
    const page = await signIn('demo@nova.example', {})
    const before = await balanceOn(page, portal.baseUrl, demoUsd)
    await chooseMethod(page, 'DE', 'wire', '3d')
    await page.getByLabel(startsWith(say('currency'))).selectOption({ value: 'EUR' })
    const field = (name: string) =>
      page.getByRole('textbox', { name: startsWith(say(`fields.${name}`)) })
    await field('beneficiaryName').fill('Jamie Fischer')
    await field('iban').fill('DE89 3704 0044 0532 0130 00')
    await expect.poll(() => field('swift').inputValue()).toBe('COBADEFFXXX')
    await page.getByLabel(startsWith('Amount')).fill('100')
    await openReview(page)
    const numbers = await reviewNumbers(page)
    // 100.00 EUR at 0.92 less 0.5% costs 109.25 USD (rounded up); the fee is 0.2%, at least 15.00.
    expect(numbers).toEqual({ youSend: '109.25', fee: '15.00', total: '124.25', theyGet: '100.00' })
    expect(await reviewLine(page, 'youSend')).toContain('$')
    expect(await reviewLine(page, 'theyGet')).toContain('€')
    expect(await reviewLine(page, 'rate')).toMatch(/^1 USD = 0\.91\d* EUR$/)
    const until = text(review, 'review.validUntilValue').split('{{')[0]!
    expect(await reviewLine(page, 'rateValid')).toMatch(new RegExp(`^${escape(until)}\\d`))
    await shotsAt(page, 'review-wire-eur')
    await confirmReview(page)
    await page.getByRole('dialog').getByText(text(review, 'popup.submitted')).waitFor()
    const order = await newestOrder('wire')
    expect(fromMinor(order.amountMinor, 2)).toBe(numbers.youSend)
    expect(fromMinor(order.feeMinor, 2)).toBe(numbers.fee)
    expect(fromMinor(order.toAmountMinor, 2)).toBe(numbers.theyGet)
    await runDueJobs(portal.db, { now: new Date(Date.now() + 120_000) })
    await page.goto(`${portal.baseUrl}/home`)
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, demoUsd))
      .toBe(plus(before, `-${numbers.total}`))
  })

  test('crypto: the review says which coin the wallet gets, for how much, on which network', async () => {
    const page = await signIn('demo@nova.example', {})
    await chooseMethod(page, 'US', 'crypto_eft', 'own')
    await page.getByLabel(startsWith(say('currency'))).selectOption({ value: 'ETH' })
    const field = (name: string) =>
      page.getByRole('textbox', { name: startsWith(say(`fields.${name}`)) })
    await field('walletAddress').fill('0x52908400098527886E0F7030069857D2E4169EE7')
    await page.getByLabel(startsWith('Amount')).fill('20')
    await openReview(page)
    expect(shownAmount(await reviewLine(page, 'youSend'))).toBe('20.00')
    expect(shownAmount(await reviewLine(page, 'fee'))).toBe('2.00')
    expect(shownAmount(await reviewLine(page, 'total'))).toBe('22.00')
    expect(await reviewLine(page, 'theyGet')).toBe(
      text(review, 'review.cryptoValue')
        .replace('{{coin}}', 'ETH')
        .replace('{{worth}}', '$20.00')
        .replace('{{network}}', 'Ethereum'),
    )
    expect(await reviewLine(page, 'networkFee')).toBe(text(review, 'review.networkFeeIncluded'))
    await shotsAt(page, 'review-crypto')
  })
})

/** Screenshots at 1366 and 390 px; neither scrolls sideways. */
async function shotsAt(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    // The menu slides away on a narrow screen: the shot waits for it to have gone.
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      await Promise.allSettled(document.getAnimations().map((a) => a.finished))
    })
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true })
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}

describe('the review by keyboard, and as it looks', () => {
  test('Tab to Send, Enter: the review has the focus; Tab to Confirm, Enter sends', async () => {
    const page = await signIn('demo@nova.example', {})
    await fillP2p(page, 'en', 'retail@nova.example', '3')
    const texts = reviewTexts('en')
    const send = page.getByRole('button', { name: texts.send, exact: true })
    const confirm = page.getByRole('button', { name: texts.confirm })
    const focusedOn = async (target: typeof send) =>
      target.evaluate((element) => element === document.activeElement).catch(() => false)
    await page.getByLabel(startsWith('Amount')).focus()
    for (let presses = 0; presses < 20 && !(await focusedOn(send)); presses++) {
      await page.keyboard.press('Tab')
    }
    expect(await focusedOn(send)).toBe(true)
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { name: texts.title })
    await expect.poll(() => focusedOn(heading)).toBe(true)
    for (let presses = 0; presses < 5 && !(await focusedOn(confirm)); presses++) {
      await page.keyboard.press('Tab')
    }
    expect(await focusedOn(confirm)).toBe(true)
    await page.keyboard.press('Enter')
    await page
      .getByRole('dialog')
      .getByText(text(locale('en', 'transfers'), 'popup.submitted'))
      .waitFor()
  })

  for (const brand of ['main', 'bank']) {
    for (const lang of ['en', 'ru']) {
      test(`home, the review and the history in ${brand}, ${lang}, at 1366 and 390 px`, async () => {
        const page = await signIn('demo@nova.example', { lang, brand })
        await page.goto(`${portal.baseUrl}/home`)
        await page.getByTestId('home-total-amount').waitFor()
        await page.getByTestId('quick-actions').waitFor()
        await shotsAt(page, `home-${brand}-${lang}`)
        await fillP2p(page, lang, 'business@nova.example', '1234.5')
        const review = await openReview(page, lang)
        await review.getByText('Northwind Trading Ltd').waitFor()
        await shotsAt(page, `review-${brand}-${lang}`)
        await page.goto(`${portal.baseUrl}/history`)
        await page.locator('[data-testid="transaction-amount"]:visible').first().waitFor()
        await shotsAt(page, `history-${brand}-${lang}`)
        await page.context().close()
      })
    }
  }
})
