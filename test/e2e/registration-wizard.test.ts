// The personal registration wizard as a person meets it on the main brand (product-spec
// sections 2, 4 and 5): rendered from spec/screens/register-personal.yaml, it refuses an
// e-mail that already has an account on the field, trims the names, keeps the draft across a
// reload, solves the captcha at submit, shows the completion message and then forgets the
// draft. A brand that does not allow registration shows the login page instead.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'

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

  test('a brand without registration shows the login page', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/register/personal?brand=payments`)
    await page.waitForURL('**/login')
  })
})
