// The customer's profile as the demo personal customer uses it (product-spec section 2,
// profile; section 3, Phone and e-mail, Documents and addresses): the verification state in
// words, a phone added and confirmed with the SMS code read in the demo mailbox (a wrong code
// first, shown on the field), an e-mail added, confirmed with its code and made primary, an
// old unconfirmed e-mail deleted, and an address added that starts unconfirmed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, screenSteps, text, type Texts } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const user = 'demo@nova.example'
const { open, screens, forms } = screenSteps(() => portal, 'main', 'en')
const security = locale('en', 'security')

/** A field of the open popup by its label's start (a required field adds an asterisk). */
const field = (page: Page, key: string) =>
  page
    .getByRole('dialog')
    .getByLabel(new RegExp(`^${escape(text(forms, key))}`))
    .first()

/** One panel of the profile page, by its heading. */
const panel = (page: Page, id: string) =>
  page.getByRole('region', { name: text(screens, `${id}.title`) })

/** A button of the open popup. */
const popupButton = (page: Page, key: string) =>
  page.getByRole('dialog').getByRole('button', { name: text(screens, key), exact: true })

const rowOf = (section: Locator, content: string) =>
  section.getByRole('row').filter({ hasText: content })

const action = (row: Locator, key: string) =>
  row.getByRole('button', { name: text(screens, key), exact: true })

/** Opens the mailbox in a page of its own and answers the newest message's text. */
async function mailboxText(recipient: string, subject: RegExp): Promise<string> {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/mailbox`)
  await page.getByLabel(new RegExp(`^${text(security, 'mailbox.recipient')}`)).fill(recipient)
  await page.getByRole('button', { name: text(security, 'mailbox.show') }).click()
  const message = page.getByTestId('mailbox-message').filter({ hasText: subject }).first()
  await message.waitFor()
  const body = String(await message.textContent())
  await page.close()
  return body
}

const option = (texts: Texts, key: string) => text(texts, key)

/** A screenshot for looking at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` })
}

describe('the profile of the demo personal customer', () => {
  let page: Page

  beforeAll(async () => {
    page = await open(user, '/profile', 'profile')
  })

  test('shows who the customer is and the verification state in words', async () => {
    const details = panel(page, 'profileDetails')
    await details.getByText(`Sign-in e-mail: ${user}`).waitFor()
    const state = String(
      await details.getByTestId('summary-profile.status.verificationState').textContent(),
    )
    const words = Object.values(
      (forms.options as Record<string, Record<string, string>>).verificationState!,
    )
    expect(words.map((word) => `Verification: ${word}`)).toContain(state)
  })

  test('adds a phone and confirms it with the SMS code from the mailbox', async () => {
    const phones = panel(page, 'profilePhones')
    await phones.getByRole('button', { name: text(screens, 'profilePhones.create') }).click()
    await field(page, 'phoneAdd.countryCode').selectOption({ label: 'United Kingdom' })
    await field(page, 'phoneAdd.number').fill('7700900555')
    await shot(page, 'profile-add-phone')
    await popupButton(page, 'save').click()
    const row = rowOf(phones, '7700900555')
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(text(screens, 'no'))

    const body = await mailboxText('+447700900555', /Phone confirmation code/)
    const code = /is (\d{6})/.exec(body)?.[1]
    expect(code, body).toBeDefined()

    // A wrong code: the popup stays, the field shows the refusal.
    await action(row, 'profilePhones.actions.confirm').click()
    const wrong = code === '000000' ? '111111' : '000000'
    await field(page, 'phoneConfirm.code').fill(wrong)
    await popupButton(page, 'confirm').click()
    const input = field(page, 'phoneConfirm.code')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    const errorId = String(await input.getAttribute('aria-describedby'))
      .split(' ')
      .find((id) => id.endsWith('-error'))
    expect(await page.locator(`[id="${errorId}"]`).textContent()).not.toBe('')
    await shot(page, 'profile-wrong-code')

    await input.fill(code!)
    await popupButton(page, 'confirm').click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => row.textContent()).toContain(text(screens, 'yes'))
    await expect.poll(() => action(row, 'profilePhones.actions.confirm').count()).toBe(0)
  })

  test('adds an e-mail, confirms it with the code and makes it primary', async () => {
    const emails = panel(page, 'profileEmails')
    const address = 'profile.check@mail.example'
    await emails.getByRole('button', { name: text(screens, 'profileEmails.create') }).click()
    await field(page, 'fields.emailAddress').fill(address)
    await popupButton(page, 'save').click()
    const row = rowOf(emails, address)
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(option(forms, 'options.status.Secondary'))

    const body = await mailboxText(address, /Confirm your e-mail address/)
    const code = /confirmation code where you added it: ([0-9a-f]+)/.exec(body)?.[1]
    expect(code, body).toBeDefined()
    await action(row, 'profileEmails.actions.confirm').click()
    await field(page, 'emailConfirm.confirmationCode').fill(code!)
    await popupButton(page, 'confirm').click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => row.textContent()).toContain(text(screens, 'yes'))

    await action(row, 'profileEmails.actions.makePrimary').click()
    await page
      .getByRole('dialog')
      .getByText(text(screens, 'profileEmails.actions.makePrimaryConfirm'))
      .waitFor()
    await popupButton(page, 'confirm').click()
    await expect.poll(() => row.textContent()).toContain(option(forms, 'options.status.Primary'))
    await expect
      .poll(() => rowOf(emails, user).textContent())
      .toContain(option(forms, 'options.status.Secondary'))
  })

  test('deletes an unconfirmed e-mail after asking', async () => {
    const emails = panel(page, 'profileEmails')
    const row = rowOf(emails, 'alex.morgan@mail.example')
    await action(row, 'delete').click()
    await popupButton(page, 'confirm').click()
    await expect.poll(() => row.count()).toBe(0)
  })

  test('adds an address, which starts unconfirmed', async () => {
    const addresses = panel(page, 'profileAddresses')
    await addresses.getByRole('button', { name: text(screens, 'profileAddresses.create') }).click()
    await field(page, 'fields.addressType').selectOption({
      label: option(forms, 'options.addressType.4'),
    })
    await field(page, 'fields.address1').fill('10 Rosebery Avenue')
    await field(page, 'fields.city').fill('London')
    await field(page, 'fields.postalCode').fill('EC1R 4TF')
    await field(page, 'fields.countryCode').selectOption({ label: 'United Kingdom' })
    await shot(page, 'profile-add-address')
    await popupButton(page, 'save').click()
    const row = rowOf(addresses, '10 Rosebery Avenue')
    await row.waitFor()
    const shown = String(await row.textContent())
    expect(shown).toContain(option(forms, 'options.addressStatus.0'))
    expect(shown).toContain(option(forms, 'options.addressType.4'))

    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/profile.png`, fullPage: true })
      const { page: narrow } = await portal.newPage({ width: 390, height: 844 })
      await narrow.goto(`${portal.baseUrl}/login?brand=main`)
      await signInAs(narrow, portal.baseUrl, user, demoPassword)
      await narrow.waitForURL((url) => !url.pathname.startsWith('/login'))
      await narrow.goto(`${portal.baseUrl}/profile`)
      await rowOf(panel(narrow, 'profileAddresses'), '10 Rosebery Avenue').waitFor()
      await narrow.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/profile-390.png`,
        fullPage: true,
      })
    }
  })
})
