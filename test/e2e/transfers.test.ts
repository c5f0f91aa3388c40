// The transfer screens of issue 6, driven in Chromium as a person does it: a transfer between
// demo@'s own accounts (USD to EUR) with the balances on home after, in English and Spanish;
// a P2P transfer to business@ with the sender's balance; a payee on the payout blacklist
// refused; an initiator acting for Northwind whose requests business@ approves and declines
// on the approval queue, with the balances after each; the SMS code path with a wrong code
// first (the error popup, then the code again). Screenshots go to .tmp/transfers; a 390 px
// wide page must not scroll sideways.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { customers, users } from '../../src/server/db/schema.ts'
import { confirmedPhoneOf } from '../../src/server/security/outbox.ts'
import { authFactors } from '../../src/server/db/schema-auth.ts'
import { sealTotpSecret } from '../../src/server/auth/factors.ts'
import { totpAt } from '../../src/server/auth/totp.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { escape, locale, screenSteps, text } from './screen-steps.ts'
import { balanceOn, shownAmount } from './shown-money.ts'
import { formatMoney } from '../../src/shared/money.ts'
import {
  confirmReview,
  openReview,
  reviewLine,
  sendThroughReview,
} from './transfer-review-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/transfers')
mkdirSync(shots, { recursive: true })

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const exactly = (value: string) => new RegExp(`^${escape(value)}`)

async function signIn(user: string, lang: string, width = 1280): Promise<Page> {
  const { page } = await portal.newPage({ width })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

const plus = (a: string, b: string) =>
  ((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toFixed(2)

/** The payee field (its suggestion list carries the same label). */
const emailField = (page: Page, label: string) =>
  page.getByLabel(exactly(label)).and(page.locator('input'))

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** The newest code sent to a recipient, read as the demo does; undefined while none was sent. */
async function newestCode(recipient: string): Promise<string | undefined> {
  const response = await fetch(
    `${portal.baseUrl}/demo/mailbox?${new URLSearchParams({ recipient }).toString()}`,
  )
  const { messages } = (await response.json()) as {
    messages: { subject: string; body: string; createdAt: string }[]
  }
  const newest = [...messages]
    .filter((m) => /approval code/i.test(m.subject))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
  return newest?.body.match(/ is (\d{6})\b/)?.[1]
}

/** The newest code sent to a recipient, once one has been sent. */
async function mailedCode(recipient: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      code = await newestCode(recipient)
      return code
    })
    .toBeDefined()
  return code!
}

for (const lang of ['en', 'es']) {
  describe(`between own accounts in ${lang}`, () => {
    const t = locale(lang, 'transfers')
    const say = (key: string) => text(t, key)

    test('USD to EUR: fee, estimate, limits, success popup, balances on home', async () => {
      const page = await signIn('demo@nova.example', lang)
      const usdBefore = await balanceOn(page, portal.baseUrl, 10000001)
      const eurBefore = await balanceOn(page, portal.baseUrl, 10000003)
      await page.goto(`${portal.baseUrl}/transfer/account`)
      await page.getByRole('heading', { level: 1, name: say('account.title') }).waitFor()
      await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
      await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000003' })
      await page.getByLabel(exactly(say('amount'))).fill('100')
      await page.getByTestId('transfer-fee').waitFor()
      await page.getByTestId('transfer-max').waitFor()
      await page.getByTestId('transfer-estimate').waitFor()
      await page.screenshot({ path: join(shots, `account-${lang}.png`), fullPage: true })
      // What arrives, as the review says it before Confirm.
      await openReview(page, lang)
      const arrives = shownAmount(await reviewLine(page, 'theyGet'))
      expect(shownAmount(await reviewLine(page, 'total'))).toBe('100.00')
      await confirmReview(page, lang)
      const dialog = page.getByRole('dialog')
      await dialog.getByText(say('popup.submitted')).waitFor()
      await page.screenshot({ path: join(shots, `account-success-${lang}.png`) })
      await dialog.getByRole('button', { name: say('popup.home') }).click()
      await page.waitForURL('**/home')
      await expect
        .poll(() => balanceOn(page, portal.baseUrl, 10000001))
        .toBe(plus(usdBefore, '-100'))
      await expect
        .poll(() => balanceOn(page, portal.baseUrl, 10000003))
        .toBe(plus(eurBefore, arrives))
    })
  })
}

describe('refusals and recurring', () => {
  const t = locale('en', 'transfers')
  const say = (key: string) => text(t, key)

  test('more than the balance: the long message moves under the header "Error"', async () => {
    const page = await signIn('demo@nova.example', 'en')
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
    await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000003' })
    await page.getByLabel(exactly(say('amount'))).fill('200000')
    await sendThroughReview(page, 'en')
    const dialog = page.getByRole('dialog')
    const body = String(await dialog.getByTestId('transfer-failure').textContent())
    // Section 8: over 50 characters the header is "Error"; validation errors are joined.
    expect(body.length).toBeGreaterThan(50)
    expect(body).toMatch(/^toAmount: /)
    await dialog
      .getByRole('heading', { name: text(locale('en', 'common'), 'errors.error') })
      .waitFor()
    await page.screenshot({ path: join(shots, 'refused-long.png') })
  })

  test('a monthly transfer that runs twice is accepted', async () => {
    const page = await signIn('business@nova.example', 'en')
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000006' })
    await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000005' })
    await page.getByLabel(exactly(say('amount'))).fill('15')
    await page.getByLabel(say('recurring.label')).check()
    await page.getByLabel(exactly(say('recurring.frequency'))).selectOption({ value: 'monthly' })
    await page.getByLabel(exactly(say('recurring.count'))).fill('2')
    await sendThroughReview(page, 'en')
    await page.getByRole('dialog').getByText(say('popup.submitted')).waitFor()
  })
})

describe('pre-approved payments', () => {
  const t = locale('es', 'transfers')
  const say = (key: string) => text(t, key)
  const steps = screenSteps(() => portal, 'main', 'es')

  test('a monthly transfer is listed, filtered by amount and cancelled in Spanish', async () => {
    const page = await signIn('demo@nova.example', 'es')
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
    await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000003' })
    await page.getByLabel(exactly(say('amount'))).fill('6.15')
    await page.getByLabel(say('recurring.label')).check()
    await page.getByLabel(exactly(say('recurring.frequency'))).selectOption({ value: 'monthly' })
    await page.getByLabel(exactly(say('recurring.count'))).fill('3')
    await sendThroughReview(page, 'es')
    await page.getByRole('dialog').getByText(say('popup.submitted')).waitFor()

    await page.goto(`${portal.baseUrl}/transfer/preapproved-payments`)
    await page
      .getByRole('heading', { name: text(steps.screens, 'preapprovedPayments.title') })
      .waitFor()
    // The table writes the amount as Spanish does (6,15).
    const mine = () => steps.row(page, '6,15')
    await mine().waitFor()
    await page.screenshot({ path: join(shots, 'preapproved-payments.png') })
    await steps.fill(page, { fromAmount: '7' })
    await steps.button(page, 'applyFilters').click()
    await expect.poll(() => mine().count()).toBe(0)
    await steps.fill(page, { fromAmount: '6' })
    await steps.button(page, 'applyFilters').click()
    await mine().waitFor()
    await mine()
      .getByRole('button', { name: text(steps.screens, 'preapprovedPayments.actions.cancel') })
      .click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(steps.screens, 'confirm') })
      .click()
    await expect.poll(() => mine().count()).toBe(0)
    await page.reload()
    await page
      .getByRole('heading', { name: text(steps.screens, 'preapprovedPayments.title') })
      .waitFor()
    await steps
      .table(page)
      .or(page.getByText(text(steps.screens, 'preapprovedPayments.empty')))
      .first()
      .waitFor()
    expect(await mine().count()).toBe(0)
  })
})

describe('P2P', () => {
  const t = locale('es', 'transfers')
  const say = (key: string) => text(t, key)

  test('demo@ sends 10 USD to business@ in Spanish: payee checked, fee, recent, balance', async () => {
    const page = await signIn('demo@nova.example', 'es', 390)
    const before = await balanceOn(page, portal.baseUrl, 10000001)
    await page.goto(`${portal.baseUrl}/transfer/p2p`)
    await page.getByRole('heading', { level: 1, name: say('p2p.title') }).waitFor()
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
    await emailField(page, say('p2p.email')).fill('business@nova.example')
    await page.getByTestId('payee-note').getByText(say('p2p.payee.customer')).waitFor()
    await page.getByLabel(exactly(say('amount'))).fill('10')
    await page
      .getByTestId('transfer-fee')
      .getByText(/0,30\s?US\$/)
      .waitFor()
    await page.getByLabel(exactly(say('p2p.note'))).fill('Lunch')
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'p2p-es-390.png'), fullPage: true })
    await sendThroughReview(page, 'es')
    await page.getByRole('dialog').getByText(say('popup.submitted')).waitFor()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(locale('es', 'common'), 'close'), exact: true })
      .click()
    await page.getByTestId('recent-p2p').getByText('business@nova.example').first().waitFor()
    // A recent transfer fills the form to send it again.
    await page
      .getByTestId('recent-p2p')
      .getByRole('button', { name: say('p2p.repeat') })
      .first()
      .click()
    expect(await emailField(page, say('p2p.email')).inputValue()).toBe('business@nova.example')
    expect(await page.getByLabel(exactly(say('amount'))).inputValue()).toBe('10.00')
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'p2p-es-390-recent.png'), fullPage: true })
    await expect.poll(() => balanceOn(page, portal.baseUrl, 10000001)).toBe(plus(before, '-10.30'))
    // History says what it was in the reader's language, not in the server's English.
    await page.goto(`${portal.baseUrl}/history`)
    const sentTo = text(locale('es', 'history'), 'descriptions.p2pTo').replace(
      '{{email}}',
      'business@nova.example',
    )
    await page.getByTestId('transaction-card').getByText(sentTo).first().waitFor()
    expect(await page.getByText('P2P transfer to').count()).toBe(0)
  })

  test('a payee not yet a customer is told about the claim e-mail', async () => {
    const t = locale('en', 'transfers')
    const page = await signIn('demo@nova.example', 'en')
    await page.goto(`${portal.baseUrl}/transfer/p2p`)
    await emailField(page, text(t, 'p2p.email')).fill('newcomer@example.com')
    await page.getByTestId('payee-note').getByText(text(t, 'p2p.payee.notCustomer')).waitFor()
  })

  test('a payee on the payout blacklist is refused', async () => {
    const t = locale('en', 'transfers')
    const steps = screenSteps(() => portal, 'main', 'en')
    const page = await steps.open('demo@nova.example', '/payout-blacklist', 'payoutBlacklist')
    await page.getByRole('button', { name: text(steps.screens, 'payoutBlacklist.create') }).click()
    await steps.fill(page, { email: 'business@nova.example', blockType: '1' })
    await steps.save(page)
    await steps.row(page, 'business@nova.example').waitFor()
    await page.goto(`${portal.baseUrl}/transfer/p2p`)
    await emailField(page, text(t, 'p2p.email')).fill('business@nova.example')
    await page.getByTestId('payee-note').getByText(text(t, 'p2p.payee.blacklisted')).waitFor()
    await page.getByLabel(exactly(text(t, 'amount'))).fill('5')
    expect(
      await page.getByRole('button', { name: text(t, 'submit'), exact: true }).isDisabled(),
    ).toBe(true)
    await page.screenshot({ path: join(shots, 'p2p-blacklisted.png'), fullPage: true })
  })
})

describe('the business approval queue', () => {
  const t = locale('en', 'transfers')
  const say = (key: string) => text(t, key)
  const onboarding = locale('en', 'onboarding')

  async function initiatorRequest(amount: string) {
    const page = await signIn('initiator@nova.example', 'en')
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Northwind/ })
      .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000005' })
    await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000006' })
    await page.getByLabel(exactly(say('amount'))).fill(amount)
    await sendThroughReview(page, 'en')
    await page.getByTestId('transfer-request-created').waitFor()
    await page.screenshot({ path: join(shots, `initiator-${amount}.png`) })
    await page.context().close()
  }

  async function decide(amount: string, button: 'approved.approve' | 'approved.decline') {
    const page = await signIn('business@nova.example', 'en')
    const eurBefore = await balanceOn(page, portal.baseUrl, 10000005)
    const usdBefore = await balanceOn(page, portal.baseUrl, 10000006)
    await page.goto(`${portal.baseUrl}/transfer/approved`)
    await page.getByRole('heading', { level: 1, name: say('approved.title') }).waitFor()
    const row = page
      .getByTestId('approval-row')
      .filter({ hasText: formatMoney(amount, 'EUR', 'en') })
    await row.getByRole('checkbox').check()
    await page.screenshot({ path: join(shots, `queue-${amount}.png`), fullPage: true })
    await page
      .getByRole('button', { name: new RegExp(`^${escape(say(button).split(' (')[0]!)}`) })
      .click()
    const done = button === 'approved.approve' ? 'approved.approvedDone' : 'approved.declinedDone'
    await page.getByRole('dialog').getByText(say(done)).waitFor()
    // The dialog's icon-only close button has a name, and axe finds nothing serious with it open.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(locale('en', 'common'), 'closeDialog') })
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => row.count()).toBe(0)
    return { page, eurBefore, usdBefore }
  }

  test('an initiator request that business@ approves moves the money', async () => {
    await initiatorRequest('42.00')
    const { page, eurBefore, usdBefore } = await decide('42.00', 'approved.approve')
    await page.goto(`${portal.baseUrl}/home`)
    // The hold was already out of the available balance; posting takes it from the balance.
    await expect.poll(() => balanceOn(page, portal.baseUrl, 10000005)).toBe(plus(eurBefore, '-42'))
    expect(Number(await balanceOn(page, portal.baseUrl, 10000006))).toBeGreaterThan(
      Number(usdBefore),
    )
  })

  test('an approver whose mode asks for a code confirms with it', async () => {
    const [owner] = await portal.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.username, 'business@nova.example'))
    const companyId = owner!.customerId!
    const mode = (value: 'sms' | 'simple') =>
      portal.db
        .update(customers)
        .set({ transactionApproveMode: value })
        .where(eq(customers.id, companyId))
    await mode('sms')
    try {
      const page = await signIn('business@nova.example', 'en')
      const eurBefore = await balanceOn(page, portal.baseUrl, 10000005)
      await page.goto(`${portal.baseUrl}/transfer/approved`)
      const row = page.getByTestId('approval-row').filter({ hasText: '€250.00' })
      await row.getByRole('checkbox').check()
      await page.getByRole('button', { name: /^Approve selected/ }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText(say('code.title.sms')).waitFor()
      await page.screenshot({ path: join(shots, 'queue-code.png') })
      const phone = await confirmedPhoneOf(portal.db, companyId)
      await dialog
        .getByLabel(exactly(say('code.label')))
        .fill(await mailedCode(phone ?? 'business@nova.example'))
      await dialog.getByRole('button', { name: say('code.submit') }).click()
      await dialog.getByText(say('approved.approvedDone')).waitFor()
      await dialog.getByRole('button', { name: 'Close', exact: true }).click()
      await expect.poll(() => row.count()).toBe(0)
      await page.goto(`${portal.baseUrl}/home`)
      await expect
        .poll(() => balanceOn(page, portal.baseUrl, 10000005))
        .toBe(plus(eurBefore, '-250'))
    } finally {
      await mode('simple')
    }
  })

  test('an initiator request that business@ declines moves nothing', async () => {
    await initiatorRequest('37.00')
    const { page, eurBefore, usdBefore } = await decide('37.00', 'approved.decline')
    await page.goto(`${portal.baseUrl}/home`)
    await expect.poll(() => balanceOn(page, portal.baseUrl, 10000005)).toBe(eurBefore)
    expect(await balanceOn(page, portal.baseUrl, 10000006)).toBe(usdBefore)
  })
})

describe('an approval code', () => {
  const t = locale('en', 'transfers')
  const say = (key: string) => text(t, key)

  async function withMode(
    mode: 'sms' | 'push' | 'otp' | 'approvalCode',
    run: (customerId: number) => Promise<void>,
  ) {
    const [demo] = await portal.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.username, 'demo@nova.example'))
    const customerId = demo!.customerId!
    await portal.db
      .update(customers)
      .set({ transactionApproveMode: mode })
      .where(eq(customers.id, customerId))
    try {
      await run(customerId)
    } finally {
      await portal.db
        .update(customers)
        .set({ transactionApproveMode: 'simple' })
        .where(eq(customers.id, customerId))
    }
  }

  async function startTransfer(amount: string) {
    const page = await signIn('demo@nova.example', 'en')
    const before = await balanceOn(page, portal.baseUrl, 10000003)
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000003' })
    await page.getByLabel(exactly(say('account.to'))).selectOption({ value: '10000001' })
    await page.getByLabel(exactly(say('amount'))).fill(amount)
    await sendThroughReview(page, 'en')
    return { page, before }
  }

  async function approveWith(page: Page, code: string, before: string, amount: string) {
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(exactly(say('code.label'))).fill(code)
    await dialog.getByRole('button', { name: say('code.submit') }).click()
    await dialog.getByText(say('popup.submitted')).waitFor()
    await page.goto(`${portal.baseUrl}/home`)
    await expect
      .poll(() => balanceOn(page, portal.baseUrl, 10000003))
      .toBe(plus(before, `-${amount}`))
  }

  test('SMS mode: a wrong code shows the error and stays, the right one approves', async () => {
    await withMode('sms', async (customerId) => {
      const { page, before } = await startTransfer('12.50')
      const dialog = page.getByRole('dialog')
      await dialog.getByText(say('code.title.sms')).waitFor()
      await dialog.getByLabel(exactly(say('code.label'))).fill('000000')
      await page.screenshot({ path: join(shots, 'code-sms.png') })
      await dialog.getByRole('button', { name: say('code.submit') }).click()
      await dialog.getByTestId('transfer-failure').waitFor()
      await page.screenshot({ path: join(shots, 'code-wrong.png') })
      expect(page.url()).toMatch(/\/transfer\/account$/)
      await dialog.getByRole('button', { name: say('code.again') }).click()
      // SMS goes to the confirmed primary phone, else to the e-mail.
      const phone = await confirmedPhoneOf(portal.db, customerId)
      await approveWith(page, await mailedCode(phone ?? 'demo@nova.example'), before, '12.50')
    })
  })

  test('otp mode with an authenticator: the page asks for the code of the app, which approves', async () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    const [demo] = await portal.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo@nova.example'))
    const totpSecretSealed = await sealTotpSecret(portal.db, demo!.id, secret)
    await portal.db
      .insert(authFactors)
      .values({ userId: demo!.id, totpSecretSealed })
      .onConflictDoUpdate({ target: authFactors.userId, set: { totpSecretSealed } })
    try {
      await withMode('otp', async () => {
        const { page, before } = await startTransfer('2.40')
        const dialog = page.getByRole('dialog')
        await dialog.getByText(say('code.title.otp')).waitFor()
        await dialog.getByText(say('code.fromApp')).waitFor()
        expect(await dialog.getByRole('button', { name: say('code.resend') }).count()).toBe(0)
        await page.screenshot({ path: join(shots, 'code-otp.png') })
        await approveWith(page, totpAt(secret, Date.now()), before, '2.40')
      })
    } finally {
      await portal.db.delete(authFactors).where(eq(authFactors.userId, demo!.id))
    }
  })

  // P2P meets every approval mode too (the own-account transfer meets them above). The payee
  // is not business@, whom the blacklist test above blocks.
  test.each(['sms', 'push', 'otp', 'approvalCode'] as const)(
    'P2P in %s mode: the code step, then the money leaves',
    async (mode) => {
      await withMode(mode, async (customerId) => {
        const phone = mode === 'sms' ? await confirmedPhoneOf(portal.db, customerId) : undefined
        const recipient = phone ?? 'demo@nova.example'
        // The code mailed before this transfer, if any (read once: none may have been sent).
        const earlier = await newestCode(recipient)
        const page = await signIn('demo@nova.example', 'en')
        const before = await balanceOn(page, portal.baseUrl, 10000001)
        await page.goto(`${portal.baseUrl}/transfer/p2p`)
        await page.getByRole('heading', { level: 1, name: say('p2p.title') }).waitFor()
        await page.getByLabel(exactly(say('account.from'))).selectOption({ value: '10000001' })
        await emailField(page, say('p2p.email')).fill('retail@nova.example')
        await page.getByTestId('payee-note').getByText(say('p2p.payee.customer')).waitFor()
        await page.getByLabel(exactly(say('amount'))).fill('5')
        await page.getByTestId('transfer-fee').getByText('$0.30').waitFor()
        await sendThroughReview(page, 'en')
        const dialog = page.getByRole('dialog')
        await dialog.getByText(say(`code.title.${mode}`)).waitFor()
        let code: string | undefined
        await expect
          .poll(async () => {
            code = await mailedCode(recipient)
            return code !== earlier
          })
          .toBe(true)
        await dialog.getByLabel(exactly(say('code.label'))).fill(code!)
        await dialog.getByRole('button', { name: say('code.submit') }).click()
        await dialog.getByText(say('popup.submitted')).waitFor()
        await expect
          .poll(() => balanceOn(page, portal.baseUrl, 10000001))
          .toBe(plus(before, '-5.30'))
      })
    },
  )

  test('push mode: the push confirm with the e-mailed code under it', async () => {
    await withMode('push', async () => {
      const { page, before } = await startTransfer('3.25')
      const dialog = page.getByRole('dialog')
      await dialog.getByText(say('code.title.push')).waitFor()
      await dialog.getByText(say('code.pushText')).waitFor()
      await page.screenshot({ path: join(shots, 'code-push.png') })
      await approveWith(page, await mailedCode('demo@nova.example'), before, '3.25')
    })
  })

  test('approval-code mode: the code is asked for, then a new one replaces it', async () => {
    await withMode('approvalCode', async () => {
      const { page, before } = await startTransfer('4.75')
      const dialog = page.getByRole('dialog')
      await dialog.getByText(say('code.title.approvalCode')).waitFor()
      const first = await mailedCode('demo@nova.example')
      await dialog.getByRole('button', { name: say('code.generate') }).click()
      await dialog.getByText(say('code.resent')).waitFor()
      let second = first
      await expect
        .poll(async () => {
          second = await mailedCode('demo@nova.example')
          return second
        })
        .not.toBe(first)
      await approveWith(page, second, before, '4.75')
    })
  })
})

describe('at 390 px', () => {
  test('the own-account and approval pages do not scroll sideways', async () => {
    const t = locale('en', 'transfers')
    const page = await signIn('business@nova.example', 'en', 390)
    await page.goto(`${portal.baseUrl}/transfer/account`)
    await page.getByLabel(exactly(text(t, 'account.from'))).selectOption({ value: '10000005' })
    await page.getByLabel(exactly(text(t, 'account.to'))).selectOption({ value: '10000006' })
    await page.getByLabel(exactly(text(t, 'amount'))).fill('10')
    await page.getByTestId('transfer-estimate').waitFor()
    await page.getByLabel(text(t, 'recurring.label')).check()
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'account-390.png'), fullPage: true })
    await page.goto(`${portal.baseUrl}/transfer/approved`)
    await page.getByTestId('approval-card').first().waitFor()
    await noSidewaysScroll(page)
    await page.screenshot({ path: join(shots, 'approved-390.png'), fullPage: true })
  })

  test('a personal customer has no approval queue: the page is not found', async () => {
    // The queue is a company's (screen access rights:2,4 customer:business, page-menu.ts).
    const page = await signIn('demo@nova.example', 'en')
    await page.goto(`${portal.baseUrl}/transfer/approved`)
    await page
      .getByRole('heading', { name: text(locale('en', 'common'), 'notFound.title') })
      .waitFor()
    expect(await page.getByTestId('approval-count').count()).toBe(0)
  })
})
