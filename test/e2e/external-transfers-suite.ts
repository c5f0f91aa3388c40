// /transfer/external driven in Chromium as a person does it (product-spec sections 2-6, 8, 9):
// each of the six transfer types end to end, table-driven - country, method, destination with
// its lookups, the fee shown, Send, the approval step of each mode of the customer (none,
// push, sms, otp and approval code, for every type), the success popup, and home's balance lower
// by the amount and the fee once the built-in rail settles. Then the refusals that happen
// before sending (an IBAN the lookup finds invalid, a blocked BIN), a business initiator whose
// transfer becomes an approval request, and one run in Spanish at 390 px. Screenshots go to
// .tmp/external.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { customers, users } from '../../src/server/db/schema.ts'
import { transferOrders } from '../../src/server/db/schema-transfers.ts'
import { confirmedPhoneOf } from '../../src/server/security/outbox.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { fromMinor } from '../../src/shared/money.ts'
import { houseAccount } from '../../src/server/ledger/house-accounts.ts'
import { postTransfer } from '../../src/server/ledger/post-transfer.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text, type Texts } from './screen-steps.ts'
import { balanceOn, shownAmount } from './shown-money.ts'
import {
  confirmReview,
  openReview,
  reviewLine,
  sendThroughReview,
} from './transfer-review-steps.ts'

const shots = join(import.meta.dirname, '../../.tmp/external')
mkdirSync(shots, { recursive: true })

// One portal per file that runs the suite (startSuitePortal, called by externalTransferTests):
// with the workers' module graphs shared across files, hooks at this module's top level
// would run for the first file only.
let portal: PortalHarness

const demoUser = 'demo@nova.example'
const usdAccount = 10000001
const startsWith = (value: string) => new RegExp(`^${escape(value)}`)

/** The page's texts in a language: `say('fields.iban')`, `say('transfers:submit')`. */
function textsOf(lang: string) {
  const ns: Record<string, Texts> = {
    external: locale(lang, 'external'),
    transfers: locale(lang, 'transfers'),
    common: locale(lang, 'common'),
  }
  return (key: string) => {
    const [namespace, path] = key.includes(':') ? key.split(':') : ['external', key]
    return text(ns[namespace!]!, path!)
  }
}

async function signIn(user: string, lang: string, width = 1280): Promise<Page> {
  const { page } = await portal.newPage({ width })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

async function customerIdOf(username: string): Promise<number> {
  const [row] = await portal.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, username))
  return row!.customerId!
}

type Mode = 'simple' | 'push' | 'sms' | 'otp' | 'approvalCode'

async function setMode(customerId: number, mode: Mode) {
  await portal.db
    .update(customers)
    .set({ transactionApproveMode: mode })
    .where(eq(customers.id, customerId))
}

const minus = (a: string, b: string) =>
  ((Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100).toFixed(2)

/** The newest approval code sent to a recipient after a moment, read as the demo does. */
async function codeSentAfter(recipient: string, since: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const response = await fetch(
        `${portal.baseUrl}/demo/mailbox?${new URLSearchParams({ recipient }).toString()}`,
      )
      const { messages } = (await response.json()) as {
        messages: { subject: string; body: string; createdAt: string }[]
      }
      const newest = messages
        .filter((m) => /approval code/i.test(m.subject) && m.createdAt > since)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
      code = newest?.body.match(/ is (\d{6})\b/)?.[1]
      return code
    })
    .toBeDefined()
  return code!
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

async function openPage(page: Page, say: (key: string) => string) {
  await page.goto(`${portal.baseUrl}/transfer/external`)
  await page.getByRole('heading', { level: 1, name: say('title') }).waitFor()
}

/** Country, method and (when both are allowed) whose account. */
async function choose(
  page: Page,
  say: (key: string) => string,
  country: string,
  type: string,
  permission?: 'own' | '3d',
) {
  await page.getByLabel(startsWith(say('country.label'))).selectOption({ value: country })
  // The methods of the country load after the choice and replace the list, and the method's
  // form replaces the permission choice: a person clicks again when the first click landed
  // on a list being replaced.
  await checkUntilChecked(page.getByRole('radio', { name: say(`types.${type}`) }))
  if (permission)
    await checkUntilChecked(page.getByRole('radio', { name: say(`permission.${permission}`) }))
}

async function checkUntilChecked(radio: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await radio.check({ timeout: 2000 }).catch(() => undefined)
      return radio.isChecked()
    })
    .toBe(true)
}

const field = (page: Page, say: (key: string) => string, name: string) =>
  page.getByRole('textbox', { name: startsWith(say(`fields.${name}`)) })

const amountField = (page: Page, say: (key: string) => string) =>
  page.getByLabel(startsWith(say('transfers:amountIn').split('{{')[0]!))

/** The message under a field marked invalid. */
async function errorUnder(page: Page, name: string, say: (key: string) => string) {
  const input = field(page, say, name)
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
  const errorId = String(await input.getAttribute('aria-describedby'))
    .split(' ')
    .find((id) => id.endsWith('-error'))
  return String(await page.locator(`[id="${errorId}"]`).textContent())
}

interface Case {
  type: string
  country: string
  permission?: 'own' | '3d'
  amount: string
  /** Fills the destination; may check the lookups on the way. */
  fill(page: Page, say: (key: string) => string): Promise<void>
}

const cases: Case[] = [
  {
    type: 'wire',
    country: 'DE',
    permission: '3d',
    amount: '100',
    async fill(page, say) {
      await field(page, say, 'beneficiaryName').fill('Jamie Fischer')
      await field(page, say, 'iban').fill('DE89 3704 0044 0532 0130 00')
      // The IBAN lookup shows the bank and fills its SWIFT code, whose lookup shows the bank.
      await page.getByTestId('iban-bank').getByText('Commerzbank AG').waitFor()
      await expect.poll(() => field(page, say, 'swift').inputValue()).toBe('COBADEFFXXX')
      await page.getByTestId('swift-bank').getByText('Commerzbank AG').waitFor()
      // A USD wire to Germany may name an intermediary bank (an extra parameter).
      await page
        .getByTestId('extra-params')
        .getByLabel(startsWith(say('extra.intermediarySwift')))
        .waitFor()
    },
  },
  {
    type: 'eft',
    country: 'US',
    amount: '50',
    async fill(page, say) {
      await field(page, say, 'beneficiaryName').fill('Casey Jordan')
      await page.getByLabel(startsWith(say('fields.bankCode'))).selectOption({ value: '021000021' })
      await field(page, say, 'accountNumber').fill('000123456789')
      // The account type is an extra parameter of US transfers, rendered by SchemaForm.
      await page
        .getByTestId('extra-params')
        .getByLabel(startsWith(say('extra.accountType')))
        .selectOption({ label: say('extraOptions.accountType.checking') })
    },
  },
  {
    type: 'oct',
    country: 'US',
    permission: 'own',
    amount: '30',
    async fill(page, say) {
      await field(page, say, 'cardNumber').fill('4147 2012 3400 0008')
      await page.getByTestId('card-brand').getByText(/VISA/).waitFor()
      await field(page, say, 'cardHolderName').fill('Alex Morgan')
    },
  },
  {
    type: 'crypto_eft',
    country: 'US',
    permission: 'own',
    amount: '20',
    async fill(page, say) {
      await page.getByLabel(startsWith(say('currency'))).selectOption({ value: 'ETH' })
      await field(page, say, 'walletAddress').fill('0x52908400098527886E0F7030069857D2E4169EE7')
      await field(page, say, 'network').fill('ethereum')
    },
  },
  {
    type: 'instant_payment',
    country: 'BR',
    permission: '3d',
    amount: '100',
    async fill(page, say) {
      await page
        .getByLabel(startsWith(say('fields.instantKeyType')))
        .selectOption({ value: 'taxId' })
      await field(page, say, 'instantKey').fill('52998224725')
      // The key's information: the name and the bank it leads to.
      const info = page.getByTestId('instant-key-info')
      await info.getByText(/Ana Beatriz Souza/).waitFor()
      await info.getByText(/Banco do Brasil/).waitFor()
    },
  },
  {
    type: 'interac',
    country: 'CA',
    permission: '3d',
    amount: '20',
    async fill(page, say) {
      await field(page, say, 'email').fill('pat.tremblay@example.ca')
      await field(page, say, 'beneficiaryName').fill('Pat Tremblay')
    },
  },
]

/** After Send: the step of the mode, ending in the success popup. */
async function approve(page: Page, say: (key: string) => string, mode: Mode, since: string) {
  const dialog = page.getByRole('dialog')
  if (mode !== 'simple') {
    const kind = mode === 'otp' ? 'otp' : mode
    await dialog.getByText(say(`transfers:code.title.${kind}`)).waitFor()
    if (mode === 'push') await dialog.getByText(say('transfers:code.pushText')).waitFor()
    await page.screenshot({ path: join(shots, `code-${mode}.png`) })
    const customerId = await customerIdOf(demoUser)
    const phone = mode === 'sms' ? await confirmedPhoneOf(portal.db, customerId) : undefined
    const code = await codeSentAfter(phone ?? demoUser, since)
    if (mode === 'sms') {
      // Section 4: a failed approval shows the error popup and the page stays.
      await dialog.getByLabel(startsWith(say('transfers:code.label'))).fill('000000')
      await dialog.getByRole('button', { name: say('transfers:code.submit') }).click()
      await dialog.getByTestId('transfer-failure').waitFor()
      expect(new URL(page.url()).pathname).toBe('/transfer/external')
      await dialog.getByRole('button', { name: say('transfers:code.again') }).click()
    }
    await dialog.getByLabel(startsWith(say('transfers:code.label'))).fill(code)
    await dialog.getByRole('button', { name: say('transfers:code.submit') }).click()
  }
  await dialog.getByText(say('transfers:popup.submitted')).waitFor()
}

/**
 * Every type once, and every approval mode of section 4 (none, push, sms, otp, approval code)
 * at least once: the approval step after Send is the same for every type, so six journeys
 * cover what thirty did (the server's side of each pair is in the integration suites of
 * test/integration/transfers and test/integration/approvals).
 */
const modes: Mode[] = ['simple', 'push', 'sms', 'otp', 'approvalCode']
const matrix = cases.map((c, i) => ({ ...c, mode: modes[i % modes.length]! }))

/** The order the page just made, for the debit in the account's currency. */
async function newestOrder(customerId: number, kind: string) {
  const [order] = await portal.db
    .select()
    .from(transferOrders)
    .where(and(eq(transferOrders.customerId, customerId), eq(transferOrders.kind, kind)))
    .orderBy(desc(transferOrders.id))
    .limit(1)
  return order!
}

function startSuitePortal(): void {
  beforeAll(async () => {
    portal = await startPortal()
    // The transfers and their fees need more than the demo balance: money arrives from the
    // demo clearing account, through the ledger like every deposit.
    const clearing = await houseAccount(portal.db, 'clearing:demo', 'USD')
    await postTransfer(portal.db, {
      idempotencyKey: 'e2e-external-deposit',
      kind: 'deposit',
      description: 'Deposit for the transfer matrix',
      postings: [
        { accountId: clearing, currencyCode: 'USD', amountMinor: -200_000n },
        { accountId: usdAccount, currencyCode: 'USD', amountMinor: 200_000n },
      ],
    })
  })
  afterAll(async () => {
    await portal?.close()
  })
}

/**
 * The suite is long (six types with the approval modes, then the rest): its two halves run as
 * two files, each with its own portal, so that they can run side by side
 * (external-transfers-matrix.test.ts and external-transfers.test.ts).
 */
export function externalTransferTests(part: 'matrix' | 'rest'): void {
  startSuitePortal()
  if (part === 'matrix') {
    describe('each transfer type end to end', () => {
      const say = textsOf('en')

      test.each(matrix)('$type with approval mode $mode', async (c) => {
        const customerId = await customerIdOf(demoUser)
        await setMode(customerId, c.mode)
        try {
          const page = await signIn(demoUser, 'en')
          const before = await balanceOn(page, portal.baseUrl, usdAccount)
          await openPage(page, say)
          await choose(page, say, c.country, c.type, c.permission)
          await page
            .getByLabel(startsWith(say('transfers:account.from')))
            .selectOption({ value: String(usdAccount) })
          await c.fill(page, say)
          await amountField(page, say).fill(c.amount)
          // Section 5: the fee shows once amount and target are set; the maximum and limits too.
          const fee = String(await page.getByTestId('transfer-fee').textContent())
          const feeAmount = shownAmount(fee)
          expect(feeAmount, fee).toMatch(/^\d+\.\d{2,8}$/)
          await page.getByTestId('transfer-max').waitFor()
          await page.screenshot({ path: join(shots, `${c.type}.png`), fullPage: true })
          const since = new Date(Date.now() - 1000).toISOString()
          // The review's fee is the one shown under the amount, and the one the order takes.
          await openReview(page, 'en')
          expect(shownAmount(await reviewLine(page, 'fee'))).toBe(feeAmount)
          await confirmReview(page, 'en')
          await approve(page, say, c.mode, since)
          await page.screenshot({ path: join(shots, `${c.type}-done.png`) })

          // The debit is the order's amount in the account's currency and the fee that was shown.
          const order = await newestOrder(customerId, c.type)
          expect(order.currencyCode).toBe('USD')
          expect(fromMinor(order.feeMinor, 2)).toBe(feeAmount)
          const sameCurrency = order.toCurrencyCode === 'USD'
          if (sameCurrency)
            expect(fromMinor(order.amountMinor, 2)).toBe(Number(c.amount).toFixed(2))
          // The built-in rail settles a while after the hand-over; make that time pass.
          await runDueJobs(portal.db, { now: new Date(Date.now() + 120_000) })
          const debit = fromMinor(order.amountMinor + order.feeMinor, 2)
          await page.goto(`${portal.baseUrl}/home`)
          await expect
            .poll(() => balanceOn(page, portal.baseUrl, usdAccount))
            .toBe(minus(before, debit))
          await page.context().close()
        } finally {
          await setMode(customerId, 'simple')
        }
      })
    })
    return
  }
  describe('refused before sending', () => {
    const say = textsOf('en')

    test('an IBAN the lookup finds invalid is marked on its field and nothing is sent', async () => {
      const customerId = await customerIdOf(demoUser)
      const before = await newestOrder(customerId, 'wire')
      const page = await signIn(demoUser, 'en')
      await openPage(page, say)
      await choose(page, say, 'DE', 'wire', '3d')
      await field(page, say, 'beneficiaryName').fill('Jamie Fischer')
      await field(page, say, 'iban').fill('DE00 3704 0044 0532 0130 00')
      expect(await errorUnder(page, 'iban', say)).toBe(say('wire.ibanInvalid'))
      await field(page, say, 'swift').fill('COBADEFFXXX')
      await amountField(page, say).fill('10')
      await page.getByRole('button', { name: say('transfers:submit'), exact: true }).click()
      expect(await errorUnder(page, 'iban', say)).toBe(say('wire.ibanInvalid'))
      expect(await page.getByRole('dialog').count()).toBe(0)
      await page.screenshot({ path: join(shots, 'iban-invalid.png'), fullPage: true })
      expect((await newestOrder(customerId, 'wire')).id).toBe(before.id)
    })

    test('a card whose BIN is blocked is refused on its field', async () => {
      const page = await signIn(demoUser, 'en')
      await openPage(page, say)
      await choose(page, say, 'US', 'oct', 'own')
      await field(page, say, 'cardNumber').fill('5333 1712 3456 7890')
      expect(await errorUnder(page, 'cardNumber', say)).toBe(say('card.blocked'))
      await field(page, say, 'cardHolderName').fill('Alex Morgan')
      await amountField(page, say).fill('10')
      await page.getByRole('button', { name: say('transfers:submit'), exact: true }).click()
      expect(await errorUnder(page, 'cardNumber', say)).toBe(say('card.blocked'))
      expect(await page.getByRole('dialog').count()).toBe(0)
      await page.screenshot({ path: join(shots, 'bin-blocked.png'), fullPage: true })
    })

    test('a refusal of the server that names a field shows on that field', async () => {
      const page = await signIn(demoUser, 'en')
      await openPage(page, say)
      await choose(page, say, 'US', 'crypto_eft', 'own')
      await page.getByLabel(startsWith(say('currency'))).selectOption({ value: 'BTC' })
      // A wallet address of the right shape for the spec but not a bitcoin address.
      await field(page, say, 'walletAddress').fill('0x52908400098527886E0F7030069857D2E4169EE7')
      await amountField(page, say).fill('5')
      await sendThroughReview(page, 'en')
      const dialog = page.getByRole('dialog')
      await dialog.getByText(/walletAddress: /).waitFor()
      await dialog.getByRole('button', { name: say('common:close'), exact: true }).click()
      expect(await errorUnder(page, 'walletAddress', say)).toMatch(/Bitcoin/)
    })
  })

  test('more than the balance: the long refusal under "Error", and on the amount field', async () => {
    const say = textsOf('en')
    const page = await signIn(demoUser, 'en')
    await openPage(page, say)
    await choose(page, say, 'DE', 'wire', '3d')
    await field(page, say, 'beneficiaryName').fill('Jamie Fischer')
    await field(page, say, 'iban').fill('DE89370400440532013000')
    await expect.poll(() => field(page, say, 'swift').inputValue()).toBe('COBADEFFXXX')
    await amountField(page, say).fill('9000')
    await sendThroughReview(page, 'en')
    const dialog = page.getByRole('dialog')
    const body = String(await dialog.getByTestId('transfer-failure').textContent())
    // Section 8: validation errors joined as "parameter: description"; over 50 characters the
    // header is "Error" and the text moves to the body.
    expect(body).toMatch(/^amount: /)
    expect(body.length).toBeGreaterThan(50)
    await dialog.getByRole('heading', { name: say('common:errors.error') }).waitFor()
    await page.screenshot({ path: join(shots, 'refused-long.png') })
    await dialog.getByRole('button', { name: say('common:close'), exact: true }).click()
    const amount = amountField(page, say)
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
  })

  describe('starting from what is saved', () => {
    test('a template fills type, country, destination and amount; a payee its bank fields', async () => {
      const say = textsOf('en')
      const page = await signIn(demoUser, 'en')
      await openPage(page, say)
      const template = page.getByLabel(startsWith(say('saved.template')))
      await expect.poll(() => template.locator('option').count()).toBeGreaterThan(1)
      await template.selectOption({ label: `Jamie in Berlin · ${say('types.wire')}` })
      await expect.poll(() => field(page, say, 'iban').inputValue()).toBe('DE89370400440532013000')
      expect(await page.getByLabel(startsWith(say('country.label'))).inputValue()).toBe('DE')
      expect(await page.getByRole('radio', { name: say('types.wire') }).isChecked()).toBe(true)
      expect(await field(page, say, 'swift').inputValue()).toBe('COBADEFFXXX')
      expect(await field(page, say, 'beneficiaryName').inputValue()).toBe('Jamie Fischer')
      expect(await amountField(page, say).inputValue()).toBe('150.00')
      await page.getByTestId('transfer-fee').waitFor()
      await page.screenshot({ path: join(shots, 'from-template.png'), fullPage: true })
      // A saved payee replaces the destination with its own fields.
      await field(page, say, 'iban').fill('')
      await field(page, say, 'beneficiaryName').fill('Someone Else')
      await page
        .getByLabel(startsWith(say('saved.payee')))
        .selectOption({ label: 'Jamie Fischer · DE' })
      await expect.poll(() => field(page, say, 'iban').inputValue()).toBe('DE89370400440532013000')
      expect(await field(page, say, 'beneficiaryName').inputValue()).toBe('Jamie Fischer')
    })
  })

  describe('a business initiator', () => {
    test('a transfer of initiator@ for Northwind becomes an approval request', async () => {
      const say = textsOf('en')
      const company = await customerIdOf('business@nova.example')
      await portal.db
        .update(customers)
        .set({ permissions: { sendMoneyUser: true, sendMoneyEft: true } })
        .where(eq(customers.id, company))
      const page = await signIn('initiator@nova.example', 'en')
      await page.getByTestId('company-switch').click()
      await page.waitForURL('**/company')
      await page
        .getByTestId('company-entry')
        .filter({ hasText: /Northwind/ })
        .getByRole('button', { name: text(locale('en', 'onboarding'), 'companyChoice.choose') })
        .click()
      await page.waitForURL((url) => !url.pathname.endsWith('/company'))
      await openPage(page, say)
      await choose(page, say, 'DE', 'eft')
      await page.getByTestId('permission-only').getByText(say('permission.only.3d')).waitFor()
      await page
        .getByLabel(startsWith(say('transfers:account.from')))
        .selectOption({ value: '10000005' })
      await field(page, say, 'beneficiaryName').fill('Lena Vogel')
      await field(page, say, 'accountNumber').fill('DE89370400440532013000')
      await amountField(page, say).fill('75')
      await page.getByTestId('transfer-fee').waitFor()
      await sendThroughReview(page, 'en')
      await page
        .getByTestId('transfer-request-created')
        .getByText(say('transfers:popup.requestCreated'))
        .waitFor()
      await page.screenshot({ path: join(shots, 'initiator-request.png') })
    })
  })

  describe('in Spanish at 390 px', () => {
    test('Interac from a phone: texts in Spanish, no sideways scroll, the transfer done', async () => {
      const say = textsOf('es')
      const page = await signIn(demoUser, 'es', 390)
      await openPage(page, say)
      await choose(page, say, 'CA', 'interac', 'own')
      await field(page, say, 'email').fill('alex.morgan@example.ca')
      await field(page, say, 'beneficiaryName').fill('Alex Morgan')
      await amountField(page, say).fill('15')
      await page.getByTestId('transfer-fee').waitFor()
      await page.getByText(say('interac.currency').replace('{{currency}}', 'CAD')).waitFor()
      await noSidewaysScroll(page)
      await page.screenshot({ path: join(shots, 'interac-es-390.png'), fullPage: true })
      await sendThroughReview(page, 'es')
      await page.getByRole('dialog').getByText(say('transfers:popup.submitted')).waitFor()
      await noSidewaysScroll(page)
      await page
        .getByRole('dialog')
        .getByRole('button', { name: say('common:close'), exact: true })
        .click()
      // The recent list now starts with it; on a freshly opened page it fills the form again.
      await page.getByTestId('recent-external').getByText('Alex Morgan').first().waitFor()
      await openPage(page, say)
      await page
        .getByTestId('recent-row')
        .first()
        .getByRole('button', { name: say('recent.repeat') })
        .click()
      await expect.poll(() => field(page, say, 'email').inputValue()).toBe('alex.morgan@example.ca')
      expect(await field(page, say, 'beneficiaryName').inputValue()).toBe('Alex Morgan')
      expect(await page.getByLabel(startsWith(say('country.label'))).inputValue()).toBe('CA')
      expect(await page.getByRole('radio', { name: say('types.interac') }).isChecked()).toBe(true)
      expect(await amountField(page, say).inputValue()).toBe('15.00')
      await noSidewaysScroll(page)
      await page.screenshot({ path: join(shots, 'interac-es-390-repeat.png'), fullPage: true })
    })
  })

  describe('layout and keyboard', () => {
    const say = textsOf('en')

    test.each([476, 768, 1024, 1280])(
      'at %i px the filled wire form fits the width',
      async (width) => {
        const page = await signIn(demoUser, 'en', width)
        await openPage(page, say)
        await choose(page, say, 'DE', 'wire', '3d')
        await field(page, say, 'iban').fill('DE89 3704 0044 0532 0130 00')
        await page.getByTestId('iban-bank').waitFor()
        await amountField(page, say).fill('12')
        await page.getByTestId('transfer-fee').waitFor()
        await noSidewaysScroll(page)
        await page.screenshot({ path: join(shots, `wire-${width}.png`), fullPage: true })
      },
    )

    test('the method, the fields and Send are reached with the keyboard alone', async () => {
      const page = await signIn(demoUser, 'en')
      await openPage(page, say)
      await page.getByLabel(startsWith(say('country.label'))).selectOption({ value: 'DE' })
      await page.getByRole('radio', { name: say('types.wire') }).waitFor()
      // From the country, Tab enters the method group; an arrow key moves the choice.
      await page.getByLabel(startsWith(say('country.label'))).focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('ArrowDown')
      await expect
        .poll(() => page.getByRole('radio', { name: say('types.eft') }).isChecked())
        .toBe(true)
      const send = page.getByRole('button', { name: say('transfers:submit'), exact: true })
      let reached = false
      for (let presses = 0; presses < 40 && !reached; presses++) {
        await page.keyboard.press('Tab')
        reached = await send.evaluate((button) => button === document.activeElement)
      }
      expect(reached).toBe(true)
      // Enter on Send checks the form: the empty required fields are marked.
      await page.keyboard.press('Enter')
      expect(await errorUnder(page, 'beneficiaryName', say)).toBe(say('transfers:errors.required'))
    })
  })
}
