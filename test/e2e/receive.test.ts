// The global payment recipient page, /receive/<secret>, in the browser (issue 16; product-spec
// sections 3, 4 and 5): a person without an account opens the demo payment business@ sent
// them, chooses Germany and a wire, types an IBAN and a SWIFT code and sees the bank, reviews
// the quote, submits, asks for the code again and reads it in the demo mailbox, receives the
// money and sees it on its way (after trying an earlier withdrawal's details and starting
// again); the server then says the payout went to the rail. A reader in Ukrainian on a phone
// refuses another payment and reads that the money went back; a link that opens no payment
// says so. Every state is checked by axe.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { formatMoney } from '../../src/shared/money.ts'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { mailedCode } from './mailed-code.ts'
import { escape, locale, text } from './screen-steps.ts'

let portal: PortalHarness
const secret = 'demo-global-payment-receive'
const recipient = 'global.friend@abroad.example'

beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

/** Screenshots at 1366 and 390 px wide into SCREENSHOT_DIR, when it is set (to look at). */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  const before = page.viewportSize() ?? { width: 1366, height: 900 }
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)))
    await page.screenshot({ path: `${dir}/receive-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize(before)
}

/** axe on the page once its transitions (a dialog opening) have ended. */
async function expectAxeClean(page: Page): Promise<void> {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)))
  expect(await seriousViolations(page)).toEqual([])
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** A field by the start of its label (a required field's label ends with an asterisk). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escape(label)}`)).first()

/** The payment as the server tells its recipient, through the page's own call. */
async function paymentStatus(paymentSecret: string): Promise<string | undefined> {
  const response = await fetch(`${portal.baseUrl}/rpc/globalRecipientPaymentDetailsGet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paymentSecret }),
  })
  const body = (await response.json()) as { paymentDetails?: { status?: string } }
  return body.paymentDetails?.status
}

describe('the global payment recipient page', () => {
  test('a recipient chooses a wire to Germany, enters the mailed code and is paid', async () => {
    const en = locale('en', 'receive')
    const external = locale('en', 'external')
    const { page } = await portal.newPage({ width: 1366, height: 900 })
    await page.goto(`${portal.baseUrl}/receive/${secret}`)
    await page.getByRole('heading', { level: 1, name: text(en, 'title') }).waitFor()
    await expect
      .poll(() => page.getByTestId('receive-amount').textContent())
      .toBe(formatMoney('150.00', 'USD', 'en'))
    await expect.poll(() => page.getByTestId('receive-expiry').textContent()).toMatch(/days left/)
    // The earlier withdrawal to this e-mail is offered to start from.
    await page.getByTestId('receive-recent-row').first().waitFor()
    await expectAxeClean(page)
    await shots(page, 'details')

    // The earlier withdrawal's details fill the form; "start again" clears the choices.
    await page
      .getByRole('button', { name: text(en, 'recent.use') })
      .first()
      .click()
    await page.getByTestId('receive-prefilled').waitFor()
    await expect
      .poll(() => field(page, text(en, 'fields.accountNumber')).inputValue())
      .toBe('DE89370400440532013000')
    await page.getByRole('button', { name: text(en, 'startAgain') }).click()
    await expect.poll(() => field(page, text(en, 'choose.country')).inputValue()).toBe('')

    await field(page, text(en, 'choose.country')).selectOption({ label: 'Germany' })
    await page.getByRole('radio', { name: text(external, 'types.wire') }).check()
    await field(page, text(en, 'fields.accountNumber')).fill('DE89 3704 0044 0532 0130 00')
    await field(page, text(external, 'fields.swift')).fill('DEUTDEFF')
    // The lookups name the bank of the IBAN and of the SWIFT code.
    await expect.poll(() => page.getByTestId('swift-bank').textContent()).toMatch(/Deutsche/i)
    await page.getByTestId('iban-bank').waitFor()
    await expectAxeClean(page)
    await shots(page, 'fields')

    await page.getByRole('button', { name: text(en, 'choose.next') }).click()
    const review = page.getByTestId('receive-review')
    await review.waitFor()
    await expect
      .poll(() => page.getByTestId('review-toAmount').textContent())
      .toContain(formatMoney('150.00', 'USD', 'en'))
    expect(await page.getByTestId('review-swift').textContent()).toContain('DEUTDEFF')
    await expectAxeClean(page)
    await shots(page, 'review')

    await page.getByRole('button', { name: text(en, 'review.submit') }).click()
    await page.getByTestId('receive-code-sent').waitFor()
    const subject = text(locale('en', 'messages'), 'mail.globalPayCode.subject').replace(
      '{{amount}}',
      formatMoney('150.00', 'USD', 'en'),
    )
    await mailedCode(portal.baseUrl, recipient, subject)
    await expectAxeClean(page)
    await shots(page, 'code')
    // A new code on request; the newest one in the mailbox is the one that works.
    await page.getByRole('button', { name: text(en, 'code.resend') }).click()
    await page.getByText(text(en, 'code.resent').split('{{')[0]!).waitFor()
    const code = await mailedCode(portal.baseUrl, recipient, subject)

    await field(page, text(en, 'code.label')).fill(code)
    await page.getByRole('button', { name: text(en, 'code.approve') }).click()
    const outcome = page.getByTestId('receive-outcome')
    await expect.poll(() => outcome.getAttribute('data-outcome')).toBe('paying')
    await outcome.getByText(text(en, 'outcome.paying.title')).waitFor()
    // The server handed the payout to the rail: the payment is no longer waiting.
    expect(['paying', 'paid']).toContain(await paymentStatus(secret))
    await expectAxeClean(page)
    await shots(page, 'success')
  })

  test('a reader in Ukrainian refuses a payment on a phone', async () => {
    const ua = locale('ua', 'receive')
    const { page } = await portal.newPage({ width: 390, height: 844 })
    await page.goto(`${portal.baseUrl}/receive/${secret}-refuse`)
    await page.getByTestId('receive-amount').waitFor()
    // The page's own language choice.
    await page
      .getByRole('combobox', { name: text(locale('en', 'common'), 'language') })
      .selectOption('ua')
    await page.getByRole('heading', { level: 1, name: text(ua, 'title') }).waitFor()
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)

    // Reached with the keyboard, as every control of the page.
    const refuse = page.getByRole('button', { name: text(ua, 'refuse.button') })
    await refuse.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: text(ua, 'refuse.title') })
    await dialog.waitFor()
    await expectAxeClean(page)
    await shots(page, 'refuse-dialog')
    await dialog.getByRole('button', { name: text(ua, 'refuse.confirm'), exact: true }).click()

    const outcome = page.getByTestId('receive-outcome')
    await expect.poll(() => outcome.getAttribute('data-outcome')).toBe('refused')
    await outcome.getByText(text(ua, 'outcome.refused.text')).waitFor()
    expect(await paymentStatus(`${secret}-refuse`)).toBe('refused')
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)
    await shots(page, 'refused')
  })

  test('a payment whose code was asked for before the page opened says to submit again', async () => {
    const en = locale('en', 'receive')
    const { page } = await portal.newPage({ width: 1366, height: 900 })
    await page.goto(`${portal.baseUrl}/receive/${secret}-approve`)
    await page
      .getByTestId('receive-submitted-before')
      .getByText(text(en, 'choose.submittedBefore'))
      .waitFor()
    await expectAxeClean(page)
  })

  test('a link that opens no payment says so, with no form', async () => {
    const en = locale('en', 'receive')
    const { page } = await portal.newPage({ width: 1366, height: 900 })
    await page.goto(`${portal.baseUrl}/receive/no-such-payment-secret-here`)
    const unknown = page.getByTestId('receive-unknown')
    await unknown.getByText(text(en, 'unknown.title')).waitFor()
    expect(await page.getByRole('combobox', { name: /country/i }).count()).toBe(0)
    await expectAxeClean(page)
    await shots(page, 'unknown')
  })
})
