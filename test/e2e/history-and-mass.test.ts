// History and mass transfers (issue 7) driven in Chromium as a person does it: a P2P mass
// file with a bad row shows that row's error and moves nothing; a good file moves its sum
// (the balance on home) and its file comes back from the batch history; a wire file is
// checked by the server, summed on the confirm page and sent (held on home); the history
// shows a transfer just made, its filter narrows the list and a second page exists; home's
// recent transactions show the transfer after it, also on a home already open (realtime);
// an initiator's pasted mass batch approved by business@ moves the money, an uploaded one
// declined moves nothing; Spanish texts; 390 px to 1280 px without sideways scroll.
// Screenshots go to .tmp/history-and-mass.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { customers, users } from '../../src/server/db/schema.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'
import { balanceOn, pendingOn, shownAmount } from './shown-money.ts'
import { formatMoney } from '../../src/shared/money.ts'
import { sendThroughReview } from './transfer-review-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/history-and-mass')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
  // The demo customers may send P2P mass transfers (product-spec section 6: all flags default
  // to false; an administrator turns them on).
  for (const username of ['demo@nova.example', 'business@nova.example']) {
    const [user] = await portal.db.select().from(users).where(eq(users.username, username))
    await portal.db
      .update(customers)
      .set({
        permissions: sql`${customers.permissions} || '{"sendMoneyMassUser": true}'::jsonb`,
      })
      .where(eq(customers.id, user!.customerId))
  }
})
afterAll(async () => {
  await portal?.close()
})

const exactly = (value: string) => new RegExp(`^${escape(value)}`)
const en = {
  mass: locale('en', 'mass'),
  history: locale('en', 'history'),
  transfers: locale('en', 'transfers'),
  common: locale('en', 'common'),
}

async function signIn(user: string, lang = 'en', width = 1280): Promise<Page> {
  const { page } = await portal.newPage({ width })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

const minus = (a: string, b: string) =>
  ((Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100).toFixed(2)

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** A value of the confirm page or the summary, by its label. */
async function shownValue(page: Page, scope: string, label: string): Promise<string> {
  const item = page.getByTestId(scope).locator('div', {
    has: page.getByText(label, { exact: true }),
  })
  return String(await item.last().locator('p').last().textContent())
}

async function openMassP2p(page: Page, t = en.mass) {
  await page.goto(`${portal.baseUrl}/transfer/mass`)
  await page.getByTestId('mass-kind-p2p').click()
  await page.getByRole('heading', { level: 1, name: text(t, 'kinds.p2p.title') }).waitFor()
}

async function chooseFile(page: Page, name: string, content: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) })
}

const payroll = [
  'email,amount,currency,note',
  ...Array.from({ length: 21 }, (_, i) => `business@nova.example,1.00,USD,bulk ${i + 1}`),
].join('\n')

describe('P2P mass transfer by file', () => {
  const say = (key: string) => text(en.mass, key)

  test('a bad row is shown with its error and nothing moves', async () => {
    const page = await signIn('demo@nova.example')
    const before = await balanceOn(page, portal.baseUrl, 10000001)
    await openMassP2p(page)
    await page.getByTestId('sample-link').waitFor()
    await page.getByLabel(exactly(say('from'))).selectOption({ value: '10000001' })
    const bad =
      'email,amount,currency,note\nbusiness@nova.example,2.00,USD,ok\nnot-an-email,3.00,USD,'
    await chooseFile(page, 'bad.csv', bad)
    await page.getByRole('button', { name: say('continue') }).click()
    await page.getByRole('heading', { level: 1, name: say('confirm.title') }).waitFor()
    // The server's preview names the refused row before anything is sent; a batch is all or
    // nothing, so it cannot be sent as it is.
    const rows = page.getByTestId('row-errors')
    await rows.getByText(/^Row 3: email: /).waitFor()
    expect(await shownValue(page, 'mass-confirm', say('confirm.payments'))).toBe('1')
    await expect.poll(() => page.getByRole('button', { name: say('send') }).isDisabled()).toBe(true)
    await page.screenshot({ path: join(shots, 'p2p-bad-row.png'), fullPage: true })
    await expect.poll(() => balanceOn(page, portal.baseUrl, 10000001)).toBe(before)
  })

  test('a good file moves its sum, and the batch history gives the file back', async () => {
    const page = await signIn('demo@nova.example')
    const before = await balanceOn(page, portal.baseUrl, 10000001)
    await openMassP2p(page)
    await page.getByLabel(exactly(say('from'))).selectOption({ value: '10000001' })
    await chooseFile(page, 'payroll.csv', payroll)
    await page.getByRole('button', { name: say('continue') }).click()
    await page.getByRole('heading', { level: 1, name: say('confirm.title') }).waitFor()
    // The server's preview (issue 16): the payments, their sum, the P2P fee of each line and
    // what leaves the account, before Send.
    const confirm = page.getByTestId('mass-confirm')
    await confirm.getByText(say('summary.totalWithFee'), { exact: true }).waitFor()
    expect(await shownValue(page, 'mass-confirm', say('confirm.payments'))).toBe('21')
    expect(await shownValue(page, 'mass-confirm', say('confirm.total'))).toBe('$21.00')
    // 21 lines of 1.00 at the P2P fee's floor of 0.30 each.
    expect(await shownValue(page, 'mass-confirm', say('summary.totalFee'))).toBe('$6.30')
    const previewed = await shownValue(page, 'mass-confirm', say('summary.totalWithFee'))
    expect(previewed).toBe('$27.30')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      // Below the breakpoint the menu slides away and the page moves left: it is shot once
      // both have settled.
      const settled = () =>
        page.evaluate(() => {
          const menu = document.querySelector('.mantine-AppShell-navbar')
          const box = document.querySelector('[data-testid=mass-confirm]')
          return [menu?.getBoundingClientRect().right ?? 0, box?.getBoundingClientRect().left ?? 0]
        })
      if (width < 768)
        await expect.poll(async () => (await settled()).every((x) => x <= 40)).toBe(true)
      await noSidewaysScroll(page)
      await page.screenshot({ path: join(shots, `p2p-preview-${width}.png`), fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: say('send') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(text(en.transfers, 'popup.submitted')).waitFor()
    await dialog.getByRole('button', { name: text(en.common, 'close'), exact: true }).click()
    await page.getByTestId('mass-summary').waitFor()
    const withFee = await shownValue(page, 'mass-summary', say('summary.totalWithFee'))
    expect(shownAmount(withFee)).toBe(shownAmount(previewed))
    await page.screenshot({ path: join(shots, 'p2p-sent.png'), fullPage: true })
    // What the confirm page said leaves the account is what the balance on home fell by.
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, 10000001))
      .toBe(minus(before, shownAmount(previewed)))

    // The batch history lists it; its row saves the file as uploaded.
    await page.goto(`${portal.baseUrl}/history/batch-transfers`)
    const screens = locale('en', 'screens')
    await page.getByRole('heading', { name: text(screens, 'batchTransfers.title') }).waitFor()
    const row = page
      .getByTestId('resource-table')
      .getByRole('row')
      .filter({ hasText: 'payroll.csv' })
    await row.waitFor()
    await page.screenshot({ path: join(shots, 'batch-history.png'), fullPage: true })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: text(screens, 'batchTransfers.actions.viewFile') }).click(),
    ])
    expect(download.suggestedFilename()).toBe('payroll.csv')
    const saved = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of saved) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(payroll)
  })
})

describe('external mass transfer by file', () => {
  const say = (key: string) => text(en.mass, key)
  const wires = [
    'beneficiaryName,beneficiaryAddress,countryCode,iban,accountNumber,swift,bankName,amount,currency,reference',
    'Lena Hoffmann,"Hauptstrasse 5, 10827 Berlin",DE,DE89370400440532013000,,COBADEFFXXX,Commerzbank AG,10.00,EUR,Invoice 1',
    'Marie Dubois,"12 rue de la Paix, 75002 Paris",FR,FR1420041010050500013M02606,,PSSTFRPPPAR,La Banque Postale,15.00,EUR,Invoice 2',
  ].join('\n')

  test('a wire file is checked, summed on the confirm page and sent', async () => {
    const [user] = await portal.db
      .select()
      .from(users)
      .where(eq(users.username, 'demo@nova.example'))
    await portal.db
      .update(customers)
      .set({
        permissions: sql`${customers.permissions} || '{"sendMoneyMassWire": true}'::jsonb`,
      })
      .where(eq(customers.id, user!.customerId))
    const page = await signIn('demo@nova.example')
    const before = await balanceOn(page, portal.baseUrl, 10000003)
    const pendingBefore = await pendingOn(page, portal.baseUrl, 10000003)
    await page.goto(`${portal.baseUrl}/transfer/mass`)
    await page.getByTestId('mass-kind-wire').click()
    await page.getByRole('heading', { level: 1, name: say('kinds.wire.title') }).waitFor()
    await page.getByTestId('sample-link').waitFor()
    await page.getByLabel(exactly(say('from'))).selectOption({ value: '10000003' })
    await chooseFile(page, 'wires.csv', wires)
    await page.getByRole('button', { name: say('preview') }).click()
    await page.getByRole('heading', { level: 1, name: say('confirm.title') }).waitFor()
    expect(await shownValue(page, 'mass-summary', say('summary.validCount'))).toBe('2')
    expect(await shownValue(page, 'mass-summary', say('summary.totalAmount'))).toBe('€25.00')
    const withFee = await shownValue(page, 'mass-summary', say('summary.totalWithFee'))
    expect(Number(shownAmount(withFee))).toBeGreaterThan(25)
    await page.screenshot({ path: join(shots, 'wire-confirm.png'), fullPage: true })
    await page.getByRole('button', { name: say('send') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(text(en.transfers, 'popup.submitted')).waitFor()
    await dialog.getByRole('button', { name: text(en.transfers, 'popup.home') }).click()
    await page.waitForURL('**/home')
    // Wires leave through the rail: the sum and the fees are held until it settles.
    expect(await balanceOn(page, portal.baseUrl, 10000003)).toBe(before)
    await expect
      .poll(() => pendingOn(page, portal.baseUrl, 10000003))
      .toBe(minus(pendingBefore, shownAmount(withFee)))
  })
})

describe('history and home', () => {
  const say = (key: string) => text(en.history, key)
  const reference = `history-check-${Date.now()}`

  test('home shows a P2P transfer among the recent transactions right after it', async () => {
    // One home stays open while the transfer is made on another page of the same person:
    // the realtime transaction event refreshes its recent transactions.
    const home = await signIn('demo@nova.example')
    await home.goto(`${portal.baseUrl}/home`)
    const openRecent = home.getByTestId('recent-transactions')
    await openRecent.getByRole('link', { name: say('recent.all') }).waitFor()
    await openRecent.getByTestId('transaction-amount').first().waitFor({ state: 'attached' })
    expect(await openRecent.getByTestId('transaction-amount').first().textContent()).not.toBe(
      '-$3.21',
    )

    const page = await signIn('demo@nova.example')
    const t = (key: string) => text(en.transfers, key)
    await page.goto(`${portal.baseUrl}/transfer/p2p`)
    await page.getByLabel(exactly(t('account.from'))).selectOption({ value: '10000001' })
    await page
      .getByLabel(exactly(t('p2p.email')))
      .and(page.locator('input'))
      .fill('business@nova.example')
    await page.getByLabel(exactly(t('amount'))).fill('3.21')
    await page.getByLabel(exactly(t('p2p.reference'))).fill(reference)
    await sendThroughReview(page, 'en')
    const dialog = page.getByRole('dialog')
    await dialog.getByText(t('popup.submitted')).waitFor()
    // Newest first: the fee's own line, then the transfer's (issue 16).
    await expect
      .poll(() => openRecent.getByTestId('transaction-amount').nth(1).textContent())
      .toBe('-$3.21')
    expect(await openRecent.getByTestId('transaction-amount').first().textContent()).toBe('-$0.30')
    // The way home from the success popup shows it too.
    await dialog.getByRole('button', { name: t('popup.home') }).click()
    await page.waitForURL('**/home')
    const recent = page.getByTestId('recent-transactions')
    await expect
      .poll(() => recent.getByTestId('transaction-amount').nth(1).textContent())
      .toBe('-$3.21')
    await page.screenshot({ path: join(shots, 'home-recent.png'), fullPage: true })
  })

  test('the history shows that transfer; the filter narrows it; a second page exists', async () => {
    const page = await signIn('demo@nova.example')
    await page.goto(`${portal.baseUrl}/home`)
    await page
      .getByTestId('recent-transactions')
      .getByRole('link', { name: say('recent.all') })
      .click()
    await page.getByRole('heading', { level: 1, name: say('title') }).waitFor()
    const table = page.getByTestId('transaction-table')
    await expect.poll(() => table.getByTestId('transaction-row').count()).toBe(20)
    // Newest first: the fee's own line above the transfer it paid for.
    const [feeRow, first] = [0, 1].map((n) => table.getByTestId('transaction-row').nth(n))
    expect(await feeRow!.getByTestId('transaction-amount').textContent()).toBe('-$0.30')
    expect(await first!.getByTestId('transaction-amount').textContent()).toBe('-$3.21')
    expect(await first!.textContent()).toContain('business@nova.example')
    await page.screenshot({ path: join(shots, 'history.png'), fullPage: true })

    // The words of the reference find it alone.
    await page.getByLabel(exactly(say('filter.keyword'))).fill(reference)
    await page.getByRole('button', { name: say('filter.apply') }).click()
    // The transfer and its fee.
    await expect.poll(() => table.getByTestId('transaction-row').count()).toBe(2)
    expect(await page.getByTestId('history-results').textContent()).toBe('2 transactions')
    // Money in only: the transfer out is not among them.
    await page.getByRole('button', { name: say('filter.clear') }).click()
    await page.getByLabel(exactly(say('filter.direction'))).selectOption({ value: 'credit' })
    await page.getByLabel(exactly(say('filter.account'))).selectOption({ value: '10000001' })
    await page.getByRole('button', { name: say('filter.apply') }).click()
    await page.getByTestId('history-summary').waitFor()
    await expect
      .poll(async () =>
        (await page.getByTestId('transaction-amount').allTextContents()).some((a) =>
          a.startsWith('-'),
        ),
      )
      .toBe(false)
    // An amount that is no number is refused on the field.
    await page.getByLabel(exactly(say('filter.fromAmount'))).fill('ten')
    await page.getByRole('button', { name: say('filter.apply') }).click()
    await page.getByText(say('filter.invalid.fromAmount')).waitFor()

    // Every transaction again: more than 20, so page 2 holds the older ones.
    await page.getByRole('button', { name: say('filter.clear') }).click()
    const firstIds = await table.getByTestId('transaction-row').allTextContents()
    await page
      .getByRole('button', { name: text(en.history, 'paging.page').replace('{{number}}', '2') })
      .click()
    // While page 2 loads the table may be empty for a moment: wait for its first row, then
    // check it is not page 1's.
    await expect
      .poll(async () => {
        const rows = await table.getByTestId('transaction-row').allTextContents()
        return rows.length > 0 && rows[0] !== firstIds[0]
      })
      .toBe(true)
    expect(await table.getByTestId('transaction-row').count()).toBeLessThanOrEqual(20)
  })
})

describe('a business initiator mass batch on the approval queue', () => {
  const say = (key: string) => text(en.mass, key)
  const onboarding = locale('en', 'onboarding')

  /** Two payments to demo@ acting for Northwind, pasted or uploaded as a file. */
  async function initiatorBatch(amount: string, how: 'text' | 'file') {
    const page = await signIn('initiator@nova.example')
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Northwind/ })
      .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    await openMassP2p(page)
    await page.getByLabel(exactly(say('from'))).selectOption({ value: '10000005' })
    const lines = `demo@nova.example,${amount},EUR\ndemo@nova.example,${amount},EUR`
    if (how === 'text') {
      await page.getByText(say('p2p.byText'), { exact: true }).click()
      await page.getByLabel(exactly(say('p2p.lines'))).fill(lines)
    } else await chooseFile(page, `batch-${amount}.csv`, lines)
    await page.getByRole('button', { name: say('continue') }).click()
    await page.getByRole('heading', { level: 1, name: say('confirm.title') }).waitFor()
    await page.getByRole('button', { name: say('send') }).click()
    await page.getByTestId('transfer-request-created').waitFor()
    await page.screenshot({ path: join(shots, `initiator-batch-${amount}.png`) })
    await page.context().close()
  }

  async function decideBatch(amount: string, button: 'approval.approve' | 'approval.decline') {
    const page = await signIn('business@nova.example')
    const companyBefore = await balanceOn(page, portal.baseUrl, 10000005)
    await page.goto(`${portal.baseUrl}/transfer/approved`)
    const rows = page
      .getByTestId('approval-row')
      .filter({ hasText: formatMoney(amount, 'EUR', 'en') })
    await expect.poll(() => rows.count()).toBe(2)
    await page.screenshot({ path: join(shots, `queue-batch-${amount}.png`), fullPage: true })
    await rows
      .first()
      .getByRole('button', { name: say(button) })
      .click()
    const t = en.transfers
    const done = button === 'approval.approve' ? 'approved.approvedDone' : 'approved.declinedDone'
    await page.getByRole('dialog').getByText(text(t, done)).waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => rows.count()).toBe(0)
    return { page, companyBefore }
  }

  test('approved as a whole, the batch pays the payee; declined, nothing moves', async () => {
    const payee = await signIn('demo@nova.example')
    const payeeBefore = await balanceOn(payee, portal.baseUrl, 10000003)

    await initiatorBatch('6.50', 'text')
    const approved = await decideBatch('6.50', 'approval.approve')
    await payee.reload()
    await expect
      .poll(() => balanceOn(payee, portal.baseUrl, 10000003))
      .toBe(minus(payeeBefore, '-13.00'))
    await approved.page.goto(`${portal.baseUrl}/home`)
    expect(Number(await balanceOn(approved.page, portal.baseUrl, 10000005))).toBeLessThan(
      Number(approved.companyBefore),
    )

    await initiatorBatch('7.25', 'file')
    const declined = await decideBatch('7.25', 'approval.decline')
    await declined.page.goto(`${portal.baseUrl}/home`)
    // The holds go back: the company's balance is what it was before the decision.
    await expect
      .poll(() => balanceOn(declined.page, portal.baseUrl, 10000005))
      .toBe(declined.companyBefore)
    await payee.reload()
    await expect
      .poll(() => balanceOn(payee, portal.baseUrl, 10000003))
      .toBe(minus(payeeBefore, '-13.00'))
  })
})

describe('in Spanish and on a phone', () => {
  test('Spanish: the mass P2P pages and a refused row in Spanish', async () => {
    const es = locale('es', 'mass')
    const page = await signIn('demo@nova.example', 'es')
    await openMassP2p(page, es)
    await page.getByText(text(es, 'p2p.byText'), { exact: true }).click()
    await page
      .getByLabel(exactly(text(es, 'p2p.lines')))
      .fill('business@nova.example;1.00\nbusiness@nova.example;1.234')
    await page.getByRole('button', { name: text(es, 'continue') }).click()
    await page.getByRole('heading', { level: 1, name: text(es, 'confirm.title') }).waitFor()
    // The server's preview names the refused row before Send, which stays disabled.
    await page
      .getByTestId('row-errors')
      .getByText(/^Fila 2: amount: /)
      .waitFor()
    expect(await page.getByRole('button', { name: text(es, 'send') }).isDisabled()).toBe(true)
    await page.screenshot({ path: join(shots, 'p2p-es.png'), fullPage: true })
  })

  test('390 px: home, history, the batch history and the mass pages fit without sideways scroll', async () => {
    const page = await signIn('demo@nova.example', 'en', 390)
    await page.goto(`${portal.baseUrl}/home`)
    await page.getByTestId('recent-transactions').getByTestId('transaction-card').first().waitFor()
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'home-390.png'), fullPage: true })
    await page.goto(`${portal.baseUrl}/history`)
    await page.getByTestId('transaction-card').first().waitFor()
    // The phone's filter opens its other fields on request.
    const type = page.getByLabel(exactly(text(en.history, 'filter.type')))
    expect(await type.count()).toBe(0)
    await page.getByRole('button', { name: text(en.history, 'filter.more') }).click()
    await type.waitFor()
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'history-390.png'), fullPage: true })
    await page.goto(`${portal.baseUrl}/history/batch-transfers`)
    await page
      .getByRole('heading', { name: text(locale('en', 'screens'), 'batchTransfers.title') })
      .waitFor()
    await noSidewaysScroll(page)
    await openMassP2p(page)
    await chooseFile(page, 'payroll.csv', payroll)
    await page.getByRole('button', { name: text(en.mass, 'continue') }).click()
    await page.getByTestId('mass-confirm').waitFor()
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'mass-confirm-390.png'), fullPage: true })
    await page.goto(`${portal.baseUrl}/transfer/mass/eft`)
    await page.getByTestId('mass-not-enabled').waitFor()
    await noSidewaysScroll(page)
    // The other widths of the layout: cards below 992 px, the table from there.
    for (const width of [476, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${portal.baseUrl}/history`)
      const shown = width >= 992 ? 'transaction-row' : 'transaction-card'
      await page.getByTestId(shown).first().waitFor()
      await noSidewaysScroll(page)
      await page.screenshot({ path: join(shots, `history-${width}.png`), fullPage: false })
    }
  })
})
