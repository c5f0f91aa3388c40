// Activation, account recovery and e-mail confirmation end to end through the demo mailbox
// page, as a person does them (product-spec sections 2 and 4): read the message in the
// mailbox, open its link or type its code, and see the result the product promises.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const access = locale('en', 'access')
const common = locale('en', 'common')
const security = locale('en', 'security')

/** Opens the mailbox page for an address and answers the text of its newest message. */
async function readMailbox(page: Page, recipient: string, subject: RegExp): Promise<string> {
  await page.goto(`${portal.baseUrl}/mailbox`)
  await page.getByLabel(new RegExp(`^${text(security, 'mailbox.recipient')}`)).fill(recipient)
  await page.getByRole('button', { name: text(security, 'mailbox.show') }).click()
  const message = page.getByTestId('mailbox-message').filter({ hasText: subject }).first()
  await message.waitFor()
  return String(await message.textContent())
}

const linkIn = (body: string, path: string) => {
  const found = new RegExp(`${path}\\?[^\\s]+`).exec(body)?.[0]
  expect(found, body).toBeDefined()
  return found!.replace(/[.,]$/, '')
}

describe('activation', () => {
  test('a personal account: the link from the e-mail activates, signs in and says so', async () => {
    const { page } = await portal.newPage()
    const body = await readMailbox(page, 'pending@nova.example', /Activate your account/)
    await page.goto(`${portal.baseUrl}${linkIn(body, '/activate')}`)
    await page.waitForURL('**/home')
    await page.getByText(text(access, 'activate.done')).waitFor()
  })

  test('a business: the popup says its authorized users now get their links, and they do', async () => {
    const { page } = await portal.newPage()
    const body = await readMailbox(page, 'newco@nova.example', /Activate your account/)
    // Opened from any page, the action in the address leads to the activation.
    await page.goto(`${portal.baseUrl}/login?${linkIn(body, '/activate').split('?')[1]}`)
    const popup = page.getByRole('dialog')
    await popup.getByText(text(access, 'activate.business')).waitFor()
    await popup.getByRole('button', { name: text(access, 'toHome') }).click()
    // The authorized user's own link: the employee variant opens its popup.
    const staff = await readMailbox(page, 'staff@nova.example', /./)
    await page.goto(`${portal.baseUrl}${linkIn(staff, '/activate')}`)
    await page.getByRole('dialog').getByText(text(access, 'activate.employee')).waitFor()
  })

  test('a wrong code: the "Account Activation" popup with the reason, and nothing signed in', async () => {
    const { page } = await portal.newPage()
    await page.goto(
      `${portal.baseUrl}/activate?action=activation&user=pending2@nova.example&code=ZZZZ2222`,
    )
    const popup = page.getByRole('dialog', { name: text(access, 'activate.popupTitle') })
    await popup.getByRole('alert').waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('portal.session'))).toBeNull()
  })
})

describe('account recovery', () => {
  test('code from the mailbox, a new password, then sign in with it', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login`)
    await page.getByRole('link', { name: locale('en', 'auth').forgotPassword as string }).click()
    await page.waitForURL('**/account-recovery/email')
    await page.getByText(text(access, 'recovery.emailIntro')).waitFor()
    const emailInput = page.getByLabel(new RegExp(`^${text(access, 'email')}`))
    await emailInput.fill('recovery@nova.example')
    await expect.poll(() => emailInput.inputValue()).toBe('recovery@nova.example')
    await page.getByRole('button', { name: text(access, 'recovery.sendCode') }).click()
    // The next step, or the refusal the page shows (named in the failure, not a bare timeout).
    const outcome = await Promise.race([
      page.waitForURL('**/account-recovery/status').then(() => 'status'),
      page
        .getByRole('alert')
        .waitFor()
        .then(async () => `refused: ${await page.getByRole('alert').textContent()}`),
    ])
    expect(outcome).toBe('status')
    await page.getByText(/belongs to an account, we sent it a code/).waitFor()

    const { page: mail } = await portal.newPage()
    const body = await readMailbox(mail, 'recovery@nova.example', /password/i)
    const code = /\b([A-Z0-9]{8})\b/.exec(body)?.[1]
    expect(code, body).toBeDefined()

    await page.getByRole('link', { name: text(access, 'recovery.haveCode') }).click()
    const codeInput = page.getByLabel(new RegExp(`^${text(access, 'recovery.code')}`))
    await codeInput.fill('WRONG234')
    await page.getByRole('button', { name: text(access, 'recovery.checkCode') }).click()
    await page.getByRole('alert').waitFor()
    await codeInput.fill(code!)
    await page.getByRole('button', { name: text(access, 'recovery.checkCode') }).click()
    await page.waitForURL('**/account-recovery/password')
    const fresh = 'Recovered-2026!'
    await page.getByLabel(new RegExp(`^${text(access, 'newPassword')}`)).fill(fresh)
    await page.getByLabel(new RegExp(`^${text(access, 'repeatPassword')}`)).fill('Different-1!')
    await page.getByRole('button', { name: text(access, 'recovery.setPassword') }).click()
    await page.getByText(text(access, 'passwordsDiffer')).waitFor()
    await page.getByLabel(new RegExp(`^${text(access, 'repeatPassword')}`)).fill(fresh)
    await page.getByRole('button', { name: text(access, 'recovery.setPassword') }).click()
    await page.waitForURL('**/account-recovery/success')

    await signInAs(page, portal.baseUrl, 'recovery@nova.example', demoPassword)
    await page.getByRole('alert').waitFor()
    await signInAs(page, portal.baseUrl, 'recovery@nova.example', fresh)
    // Signed in; with no self-certification yet, routing opens its splash.
    await page.waitForURL('**/self-certification-splash')
  })
})

describe('e-mail confirmation', () => {
  test('the link confirms the address and the popup says so; used again it fails', async () => {
    const { page } = await portal.newPage()
    const body = await readMailbox(page, 'alex.morgan@mail.example', /./)
    const link = linkIn(body, '/confirm-email')
    await page.goto(`${portal.baseUrl}${link}`)
    const popup = page.getByRole('dialog', { name: text(common, 'emailConfirmation.title') })
    await popup.getByText(text(common, 'emailConfirmation.success')).waitFor()
    await popup.getByRole('button', { name: text(common, 'close'), exact: true }).click()
    expect(page.url()).not.toContain('emailConfirmation')

    await page.goto(`${portal.baseUrl}${link}`)
    await page
      .getByRole('dialog', { name: text(common, 'emailConfirmation.title') })
      .getByText(text(common, 'emailConfirmation.fail'))
      .waitFor()
  })
})
