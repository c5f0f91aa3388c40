// A global pay batch as business@ sends one (issue 16; product-spec sections 2, 5 and 7): the
// global kind on the mass choice page, a file uploaded into a draft, a payment removed and
// restored and another removed, a fee side and an amount changed, the totals reviewed, the batch submitted
// and sent; the same file again asks whether to go ahead ('92'). Then in Ukrainian on a
// phone-wide screen with a code asked for: submitted, approved with the code from the mailbox.
// The files leave the currency empty: the payments are in the chosen account's currency.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { eq } from 'drizzle-orm'
import { customers, users } from '../../src/server/db/schema.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text, type Texts } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const user = 'business@nova.example'
const header =
  'beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,beneficiaryType,amount,currency,description,feeShare'

async function signIn(lang: string, width: number): Promise<Page> {
  const { page } = await portal.newPage({ width, height: 900 })
  await signInAs(page, portal.baseUrl, user, demoPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
  return page
}

/** A screenshot for looking at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

/** Opens the global kind from the mass choice page and uploads the file. */
async function upload(page: Page, t: Texts, mass: Texts, csv: string) {
  await page.goto(`${portal.baseUrl}/transfer/mass`)
  await page.getByTestId('mass-kind-global').click()
  await page.getByRole('heading', { level: 1, name: text(t, 'title') }).waitFor()
  await page.getByLabel(text(t, 'batchName')).fill('Payouts')
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'payouts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: text(t, 'upload'), exact: true }).click()
  void mass
}

/**
 * The code of the newest approval code message on the demo mailbox, in either language. Its
 * text names the order (a six-digit number too), so the code is the message's last number.
 */
async function approvalCodeOfMailbox(): Promise<string> {
  const subjects = ['ua', 'en'].map((lang) =>
    text(locale(lang, 'messages'), 'mail.approvalCode.subject'),
  )
  let code: string | undefined
  await expect
    .poll(async () => {
      const query = new URLSearchParams({ recipient: user })
      const response = await fetch(`${portal.baseUrl}/demo/mailbox?${query.toString()}`)
      const { messages } = (await response.json()) as {
        messages: { subject: string; body: string }[]
      }
      const body = messages.find((m) => subjects.includes(m.subject))?.body ?? ''
      code = [...body.matchAll(/\b\d{6}\b/g)].at(-1)?.[0]
      return code
    })
    .toBeDefined()
  return code!
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('batch-payments').getByRole('row').filter({ hasText: name })

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

describe('a global pay batch', () => {
  test('is uploaded, edited, reviewed and sent in English, and the same file asks first', async () => {
    const t = locale('en', 'global-batch')
    const page = await signIn('en', 1366)
    const csv = [
      header,
      'Ana Lima,ana.e2e@abroad.example,BR,individual,100.00,,April,sender',
      'Bo Chen,bo.e2e@abroad.example,SG,business,50.00,,April,sender',
      'Cy Dore,cy.e2e@abroad.example,FR,individual,10.00,,April,sender',
    ].join('\n')
    await upload(page, t, locale('en', 'mass'), csv)
    await rowOf(page, 'Cy Dore').waitFor()
    const say = (key: string) => text(t, key)
    await rowOf(page, 'Bo Chen')
      .getByRole('button', { name: say('remove') })
      .click()
    await rowOf(page, 'Bo Chen')
      .getByRole('button', { name: say('restore') })
      .click()
    await rowOf(page, 'Bo Chen')
      .getByRole('button', { name: say('remove') })
      .waitFor()
    await rowOf(page, 'Cy Dore')
      .getByRole('button', { name: say('remove') })
      .click()
    await rowOf(page, 'Cy Dore').getByText(say('removed')).waitFor()
    // The country in words, not its code.
    await rowOf(page, 'Ana Lima').getByRole('cell', { name: 'Brazil', exact: true }).waitFor()
    await rowOf(page, 'Ana Lima')
      .getByLabel(say('feeSide.label'))
      .selectOption({ label: say('feeSide.beneficiary') })
    const totals = page.getByTestId('batch-totals')
    await expect.poll(() => totals.textContent()).toContain('151.00')
    const boAmount = rowOf(page, 'Bo Chen').getByLabel(say('table.amount'))
    await boAmount.fill('60.00')
    await boAmount.press('Enter')
    // Ana pays her 2.00 fee out of 100.00, Bo's 1.20 is the sender's: 161.20 leaves.
    await expect.poll(() => totals.textContent()).toContain('161.20')
    expect(await totals.textContent()).toContain('160.00')
    expect(await totals.textContent()).toContain('3.20')
    await shot(page, 'global-batch-draft-1366')
    await page.getByRole('button', { name: say('submit'), exact: true }).click()
    await page.getByText(say('outcome.sentTitle')).waitFor()
    await shot(page, 'global-batch-sent-1366')
    await upload(page, t, locale('en', 'mass'), csv)
    await page.getByText(say('identical.title')).waitFor()
    await page.getByRole('button', { name: say('identical.anyway') }).click()
    await rowOf(page, 'Cy Dore').waitFor()
  })

  test('asks for a code and is approved with it, in Ukrainian on a phone', async () => {
    const [owner] = await portal.db.select().from(users).where(eq(users.username, user))
    await portal.db
      .update(customers)
      .set({ transactionApproveMode: 'push' })
      .where(eq(customers.id, owner!.customerId))
    const t = locale('ua', 'global-batch')
    const page = await signIn('ua', 390)
    const csv = `${header}\nDee Ernst,dee.e2e@abroad.example,DE,individual,30.00,,May,sender\n`
    await upload(page, t, locale('ua', 'mass'), csv)
    await rowOf(page, 'Dee Ernst').waitFor()
    await noSidewaysScroll(page)
    await shot(page, 'global-batch-draft-390-ua')
    await page.getByRole('button', { name: text(t, 'submit'), exact: true }).click()
    await page.getByRole('heading', { name: text(t, 'code.title') }).waitFor()
    const code = await approvalCodeOfMailbox()
    await page.getByLabel(new RegExp(`^${escape(text(t, 'code.label'))}`)).fill(code)
    await page.getByRole('button', { name: text(t, 'code.approve'), exact: true }).click()
    await page.getByText(text(t, 'outcome.sentTitle')).waitFor()
    await noSidewaysScroll(page)
    await shot(page, 'global-batch-sent-390-ua')
  })
})
