// The card pages in English at 1366 px, as demo@ uses them (issue 17, "Done when"): the list
// of plastic cards; the shipped card activated, its PIN read once, shown again after the
// approval and changed; the debit card paused and unpaused, loaded from the USD account with
// both balances moving, renamed and blocked after a confirmation, with every action gone; a
// physical card applied for, its fee leaving the account, then shipped as the issuer's clock
// runs. Screenshots of the list, a card, the PIN page and applying go to .tmp/issue-17.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'
import { balanceOn, shownAmount } from './shown-money.ts'
import { confirmReview } from './transfer-review-steps.ts'
import { action, cardBalance, cardTexts, openCard, showPin, statusReads } from './card-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/issue-17')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const demoUsd = 10000001
const t = cardTexts('en')
const cents = (amount: string) => Math.round(Number(amount) * 100)
const plus = (a: string, b: string) => ((cents(a) + cents(b)) / 100).toFixed(2)

async function signIn(user = 'demo@nova.example'): Promise<Page> {
  const { page } = await portal.newPage({ width: 1366, height: 900 })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return page
}

describe('demo@ and the shipped card', () => {
  test('the list shows the plastic cards; activation shows the PIN once; it is shown again after approval and changed', async () => {
    const page = await signIn()
    // Home lists the cards too, each a link to its page.
    await page.goto(`${portal.baseUrl}/home`)
    const onHome = page.getByTestId('home-cards').getByTestId('card-face')
    await expect.poll(() => onHome.count()).toBe(3)
    await page.screenshot({ path: join(shots, 'home-1366.png'), fullPage: true })
    await page.goto(`${portal.baseUrl}/cards`)
    await page.waitForURL(/\/cards\/physical$/)
    const faces = page.getByTestId('card-face')
    await expect.poll(() => faces.count()).toBe(2)
    await expect
      .poll(() => faces.first().getByTestId('card-expiry').textContent())
      .toMatch(/^\d\d\/\d\d$/)
    expect(await faces.first().getByTestId('card-number').textContent()).toMatch(/\*{4}/)
    await page.screenshot({ path: join(shots, 'list-1366.png'), fullPage: true })

    await openCard(page, portal.baseUrl, 'physical', t('kind.physicalPrepaid'))
    await statusReads(page, t('status.21'))
    await action(page, t('actions.activate')).click()
    const dialog = page.getByRole('dialog', { name: t('activate.title') })
    await dialog.getByTestId('fee-table').waitFor()
    await dialog.getByLabel(t('activate.feeAccount')).selectOption({ index: 1 })
    // The last four digits printed on the card, as its face shows them.
    const number = String(
      await page.getByTestId('card-face').getByTestId('card-number').textContent(),
    )
    await dialog
      .getByLabel(t('activate.params.lastFourDigits'))
      .fill(number.replace(/\D/g, '').slice(-4))
    await dialog.getByRole('button', { name: t('activate.submit') }).click()
    const once = page.getByRole('dialog', { name: t('pin.yourPin') })
    const pin = String(await once.getByTestId('pin-code').textContent())
    expect(pin).toMatch(/^\d{4}$/)
    await once.getByRole('button', { name: t('pin.remembered') }).click()
    await statusReads(page, t('status.2'))
    await expect.poll(() => page.getByTestId('pin-code').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'detail-1366.png'), fullPage: true })

    await page
      .getByTestId('card-actions')
      .getByRole('link', { name: t('actions.pin') })
      .click()
    await page.getByRole('heading', { level: 1, name: t('pin.title') }).waitFor()
    const who = { email: 'demo@nova.example', mailLang: 'en' }
    expect(await showPin(page, portal.baseUrl, 'en', who)).toBe(pin)
    await page.screenshot({ path: join(shots, 'pin-1366.png'), fullPage: true })
    await page.getByRole('button', { name: t('pin.hide') }).click()

    await page.getByLabel(t('pin.new')).fill('4321')
    await page.getByLabel(t('pin.repeat')).fill('4321')
    await page.getByLabel(t('pin.confirm')).check()
    await page.getByRole('button', { name: t('pin.change'), exact: true }).click()
    await page
      .getByTestId('card-notice')
      .filter({ hasText: t('done.pinChanged') })
      .waitFor()
    expect(await showPin(page, portal.baseUrl, 'en', who)).toBe('4321')
  })
})

describe('demo@ and the debit card', () => {
  test('pause and unpause; load from the USD account moves both balances; rename; block takes every action away', async () => {
    const page = await signIn()
    const debit = t('kind.physicalDebit')
    await openCard(page, portal.baseUrl, 'physical', debit)
    await action(page, t('actions.pause')).click()
    await statusReads(page, t('status.71'))
    await expect.poll(() => action(page, t('actions.pause')).count()).toBe(0)
    await action(page, t('actions.unpause')).click()
    await statusReads(page, t('status.2'))

    // Load 5.00 from the USD account through the review.
    const cardBefore = await cardBalance(page)
    const cardUrl = page.url()
    const usdBefore = await balanceOn(page, portal.baseUrl, demoUsd)
    await page.goto(cardUrl)
    await action(page, t('actions.load')).click()
    await page.getByLabel(t('load.from')).selectOption({ value: String(demoUsd) })
    await page.getByLabel(/^Amount/).fill('5')
    await page.getByRole('button', { name: t('load.submit') }).click()
    const review = page.getByTestId('transfer-review')
    expect(shownAmount(String(await review.getByTestId('review-youSend').textContent()))).toBe(
      '5.00',
    )
    await confirmReview(page)
    const popup = page.getByRole('dialog')
    await popup.getByText(text(locale('en', 'transfers'), 'popup.submitted')).waitFor()
    await popup.getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => cardBalance(page)).toBe(plus(cardBefore, '5'))
    await expect.poll(() => balanceOn(page, portal.baseUrl, demoUsd)).toBe(plus(usdBefore, '-5'))
    await page.goto(cardUrl)

    await action(page, t('actions.rename')).click()
    const rename = page.getByRole('dialog', { name: t('rename.title') })
    await rename.getByLabel(t('rename.label')).fill('  Daily   card ')
    await rename.getByRole('button', { name: t('rename.save') }).click()
    await expect.poll(() => page.getByTestId('card-page-title').textContent()).toBe('Daily card')

    await action(page, t('actions.block')).click()
    const block = page.getByRole('dialog', { name: t('block.title') })
    await block.getByText(t('block.text')).waitFor()
    await block.getByRole('button', { name: t('block.submit') }).click()
    await page
      .getByTestId('card-notice')
      .filter({ hasText: t('done.blocked') })
      .waitFor()
    await page.getByTestId('card-no-actions').waitFor()
    expect(await page.getByTestId('card-actions').count()).toBe(0)
  })
})

describe('applying for a physical card', () => {
  test('the fee leaves the account on confirmation, and the card reaches shipped', async () => {
    const page = await signIn()
    const before = await balanceOn(page, portal.baseUrl, demoUsd)
    await page.goto(`${portal.baseUrl}/add-card`)
    await page.getByRole('heading', { level: 1, name: t('apply.title') }).waitFor()
    await page
      .getByRole('combobox', { name: t('apply.product') })
      .selectOption({ label: `${t('kind.physicalDebit')} · USD` })
    await page.getByTestId('fee-table').waitFor()
    await page.getByRole('radio', { name: t('shippingType.express') }).check()
    await page.getByLabel(t('apply.settlement')).selectOption({ value: String(demoUsd) })
    await page.screenshot({ path: join(shots, 'apply-1366.png'), fullPage: true })
    await page.getByRole('button', { name: t('apply.continue') }).click()
    await page.waitForURL(/\/confirm-card\/\d+$/)
    const total = shownAmount(String(await page.getByTestId('fee-total').textContent()))
    expect(Number(total)).toBeGreaterThan(0)
    await page.screenshot({ path: join(shots, 'confirm-1366.png'), fullPage: true })
    // Nothing is taken before Confirm.
    const cardPage = page.url().replace(/confirm-card/, 'cards')
    expect(await balanceOn(page, portal.baseUrl, demoUsd)).toBe(before)
    await page.goBack()
    await page.getByTestId('confirm-card').click()
    await page.waitForURL((url) => url.pathname === new URL(cardPage).pathname)
    await page.getByTestId('card-notice').waitFor()
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, demoUsd))
      .toBe(plus(before, `-${total}`))

    // The issuer's clock: each step is a job due later.
    for (let step = 1; step <= 4; step++) {
      await runDueJobs(portal.db, { now: new Date(Date.now() + step * 10 * 60_000) })
    }
    await page.goto(cardPage)
    await statusReads(page, t('status.21'))
    await action(page, t('actions.activate')).waitFor()
  })
})
