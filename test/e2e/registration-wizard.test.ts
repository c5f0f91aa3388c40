// The personal registration wizard as a person meets it on the main brand (product-spec
// sections 2, 4 and 5): rendered from spec/screens/register-personal.yaml, it refuses an
// e-mail that already has an account on the field, trims the names, keeps the draft across a
// reload, solves the captcha at submit, shows the completion message and then forgets the
// draft; in Spanish, chosen on the login page, the new account is activated from the demo
// mailbox and signed in to. A brand that does not allow registration shows the login page
// instead, and a brand's business types are its own (no live-streaming networks in the UK).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'
import { linkIn, readMailbox, wizardSteps, wizardTexts } from './registration-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const forms = locale('en', 'forms')
const screens = locale('en', 'screens')
const registration = locale('en', 'registration')
const auth = locale('en', 'auth')
const draftKey = 'portal.registrationDraft.main.registerPersonal'

/** A field by the start of its label (a required one adds an asterisk). */
const field = (page: Page, key: string) =>
  page.getByLabel(new RegExp(`^${escape(text(forms, key))}`)).first()
const button = (page: Page, key: string) =>
  page.getByRole('button', { name: text(registration, key), exact: true })
const heading = (page: Page, section: string) =>
  page.getByText(text(screens, `registerPersonal.sections.${section}`), { exact: true })

describe('personal registration', () => {
  test('fills the four steps, keeps the draft, submits and says the account is created', async () => {
    const { page, cspErrors } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/register/personal?brand=main`)
    await page.getByRole('heading', { name: text(screens, 'registerPersonal.title') }).waitFor()

    await field(page, 'personalAccountCreate.registrationType').selectOption({
      label: text(forms, 'options.registrationType.developers'),
    })
    await field(page, 'personalAccountCreate.email').fill('demo@nova.example')
    await field(page, 'fields.password').fill('a-new-secret-1')
    await button(page, 'next').click()
    // An address that already has an account is refused on its field (status 1).
    await page.getByText(text(registration, 'email.status1')).waitFor()
    await field(page, 'personalAccountCreate.email').fill('wizard.person@example.com')
    await button(page, 'next').click()

    await field(page, 'fields.firstName').fill('  Ada   Maria ')
    await field(page, 'fields.lastName').fill('Lovelace')
    await field(page, 'fields.birthday').fill('1990-12-10')
    await field(page, 'personalAccountCreate.countryCode').selectOption({ label: 'Germany' })
    await button(page, 'next').click()
    await field(page, 'fields.occupationId').waitFor()

    // The draft survives a reload, on the step it was left on, with the names tidied.
    await page.reload()
    await field(page, 'fields.occupationId').waitFor()
    const draft = JSON.parse(String(await page.evaluate((k) => localStorage.getItem(k), draftKey)))
    expect(draft.version).toBe('1')
    expect(draft.payload.firstName).toBe('Ada Maria')
    await button(page, 'next').click()

    await heading(page, 'tax').waitFor()
    await field(page, 'fields.taxId').fill('12345678901')
    await button(page, 'submit').click()
    const done = page.getByRole('dialog', { name: text(registration, 'done.title') })
    await done.getByText(text(screens, 'registerPersonal.done')).waitFor()
    await done.getByRole('button', { name: text(registration, 'done.ok') }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/register'))
    expect(await page.evaluate((k) => localStorage.getItem(k), draftKey)).toBeNull()
    expect(cspErrors).toEqual([])
  })

  test('registers in Spanish, is activated from the mailbox and signs in with its password', async () => {
    const { page, cspErrors } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login?brand=main`)
    // The person picks the language on the login page (the portal has no ?lang=).
    await page.getByLabel(text(locale('en', 'common'), 'language'), { exact: true }).selectOption({
      label: 'Español',
    })
    await page.getByRole('link', { name: text(es.auth, 'register') }).click()
    await page.getByRole('link', { name: text(es.access, 'register.personal') }).click()
    await page.getByRole('heading', { name: text(es.screens, 'registerPersonal.title') }).waitFor()
    await fillSpanishRegistration(page)
    await spanish.button(page, 'submit').click()
    const done = page.getByRole('dialog', { name: text(es.registration, 'done.title') })
    await done.getByText(text(es.screens, 'registerPersonal.done')).waitFor()
    await done.getByRole('button', { name: text(es.registration, 'done.ok') }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/register'))
    expect(cspErrors).toEqual([])

    // The activation e-mail sent to the new address; its link activates and signs in. A new
    // person's KYC is needed, so the KYC page shows, with the activation's notice (kyc.test.ts).
    // Registered from a Spanish page, the person is written to in Spanish.
    const subject = text(locale('es', 'messages'), 'mail.activation.subject')
    const body = await readMailbox(page, portal.baseUrl, es, newcomer.email, new RegExp(subject))
    await page.goto(`${portal.baseUrl}${linkIn(body, '/activate')}`)
    await page.waitForURL('**/kyc')
    await page.getByText(text(es.access, 'activate.done')).waitFor()

    // Signed out, the person signs in with the e-mail and password given at registration.
    await page.getByRole('button', { name: text(es.common, 'signOut') }).click()
    await page.waitForURL('**/login')
    await page.getByLabel(new RegExp(`^${escape(text(es.auth, 'username'))}`)).fill(newcomer.email)
    await page
      .getByLabel(new RegExp(`^${escape(text(es.auth, 'password'))}`))
      .fill(newcomer.password)
    await page.getByRole('button', { name: text(es.auth, 'submit') }).click()
    // A new personal customer has given no proof of identity or address yet: routing shows
    // the KYC page first (product-spec section 2, step 5), in the language chosen.
    await page.waitForURL('**/kyc')
    await page.getByRole('heading', { name: text(es.screens, 'kyc.title') }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')
  })
})

const es = wizardTexts('es')
const spanish = wizardSteps(es, 'registerPersonal')
const newcomer = { email: 'lucia.nueva@correo.example', password: 'Una-clave-nueva-7' }

/** The four steps of the personal wizard in Spanish, as a new customer fills them. */
async function fillSpanishRegistration(page: Page) {
  const { field } = spanish
  await field(page, 'personalAccountCreate.registrationType').selectOption({
    label: text(es.forms, 'options.registrationType.freelancers'),
  })
  await field(page, 'personalAccountCreate.email').fill(newcomer.email)
  await field(page, 'fields.password').fill(newcomer.password)
  await spanish.next(page, 'person')
  await field(page, 'fields.firstName').fill('Lucía')
  await field(page, 'fields.lastName').fill('Nueva')
  await field(page, 'fields.birthday').fill('1992-02-29')
  // Country names are the dictionary's, in the server's English (docs/decisions.md).
  await field(page, 'personalAccountCreate.countryCode').selectOption({ label: 'Spain' })
  await spanish.next(page, 'financial')
  await spanish.next(page, 'tax')
  await field(page, 'fields.taxId').fill('X1234567L')
}

describe('registration by brand', () => {
  test('a brand without registration shows the login page on every registration route', async () => {
    const { page } = await portal.newPage()
    for (const route of ['/register', '/register/personal', '/register/business']) {
      await page.goto(`${portal.baseUrl}${route}?brand=payments`)
      await page.waitForURL('**/login')
      await page.getByRole('button', { name: text(auth, 'submit') }).waitFor()
      expect(await page.getByRole('link', { name: text(auth, 'register') }).count()).toBe(0)
    }
  })

  test('the UK business types have no live-streaming networks; the main brand has them', async () => {
    const liveStreaming = text(forms, 'options.registrationType.registrationLiveStreamingNetworks')
    const affiliates = text(forms, 'options.registrationType.registrationAffiliatePrograms')
    for (const [brand, offered] of [
      ['main', true],
      ['uk', false],
    ] as const) {
      const { page } = await portal.newPage()
      await page.goto(`${portal.baseUrl}/register/business?brand=${brand}`)
      const choice = field(page, 'businessAccountCreate.registrationType')
      const options = () => choice.locator('option').allTextContents()
      await expect.poll(options).toContain(affiliates)
      expect((await options()).includes(liveStreaming), brand).toBe(offered)
    }
  })
})
