// The KYC page and the profile update as a person meets them (product-spec section 2: kyc
// forces KYC when it is needed, post-login routing; sections 3 and 4: documents, addresses and
// their statuses). A person who has just registered is led to /kyc by the activation link and
// by signing in, is brought back there from other pages, uploads a passport and a proof of
// address for the address of its row, and sees both waiting for review; a file that is not a
// PDF, JPEG or PNG is refused by the upload widget. A person whose details must be updated
// saves them on /profile-update and goes on to /kyc.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { eq } from 'drizzle-orm'
import { customers, users } from '../../src/server/db/schema.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { demoPdf } from '../../src/server/demo/kyc-review.ts'
import { personalPayload, solvedCaptcha } from '../integration/activation/registration-payloads.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, screenSteps, shot, text } from './screen-steps.ts'
import { linkIn, readMailbox, wizardTexts } from './registration-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const steps = screenSteps(() => portal, 'main', 'en')
const { screens, forms } = steps
const common = locale('en', 'common')
const access = locale('en', 'access')
const heading = (page: Page, screenId: string) =>
  page.getByRole('heading', { name: text(screens, `${screenId}.title`), exact: true })
const panel = (page: Page, screenId: string) =>
  page.getByRole('region', { name: text(screens, `${screenId}.title`), exact: true })
const option = (group: string, value: number) => text(forms, `options.${group}.${value}`)

/** A file chosen in the upload widget of a field of the open popup. */
async function chooseFile(page: Page, field: string, file: { name: string; buffer: Buffer }) {
  const dialog = page.getByRole('dialog')
  const chooser = page.waitForEvent('filechooser')
  await dialog
    .getByRole('button', { name: new RegExp(`^${escape(text(forms, `fields.${field}`))}`) })
    .click()
  const mimeType = file.name.endsWith('.pdf') ? 'application/pdf' : 'image/png'
  await (await chooser).setFiles({ ...file, mimeType })
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const newcomer = personalPayload('kyc.person@mail.example', '')

describe('a person who has just registered', () => {
  test('is held on /kyc, uploads a passport and a proof of address, sees both in review', async () => {
    // Registered as the wizard does it (the wizard itself has its own test).
    const captcha = await solvedCaptcha(portal.baseUrl)
    const created = await fetch(`${portal.baseUrl}/rpc/personalAccountCreate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...newcomer, captcha }),
    })
    expect(((await created.json()) as { responseCode: string }).responseCode).toBe('00')

    // The activation link signs the person in; KYC is needed, so the KYC page shows, with
    // the activation's notice.
    const { page, cspErrors } = await portal.newPage()
    const body = await readMailbox(
      page,
      portal.baseUrl,
      wizardTexts('en'),
      newcomer.email,
      /Activate/,
    )
    await page.goto(`${portal.baseUrl}${linkIn(body, '/activate')}`)
    await page.waitForURL('**/kyc')
    await page.getByText(text(access, 'activate.done')).waitFor()
    await heading(page, 'kyc').waitFor()

    // Signing in again leads there too, and another page brings the person back.
    await page.getByRole('button', { name: text(common, 'signOut') }).click()
    await page.waitForURL('**/login')
    await signInAs(page, portal.baseUrl, newcomer.email, newcomer.password)
    await page.waitForURL('**/kyc')
    await page.goto(`${portal.baseUrl}/history`)
    await page.waitForURL('**/kyc')
    const identity = panel(page, 'kycIdentity')
    await identity.getByText(text(screens, 'kycIdentity.empty')).waitFor()
    // The address given at registration has no proof yet.
    const addresses = panel(page, 'kycAddresses')
    const home = addresses.getByRole('row').filter({ hasText: 'Calle Mayor 1' })
    await home.getByText(option('addressStatus', 0)).waitFor()
    await shot(page, 'kyc-new')

    // A passport: one page, no back page.
    await identity.getByRole('button', { name: text(screens, 'kycIdentity.create') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(steps.label('documentTypeId')).selectOption({ label: 'Passport' })
    expect(await dialog.getByText(text(forms, 'fields.backPage')).count()).toBe(0)
    // A text file renamed .png is refused by the widget before anything is sent.
    await chooseFile(page, 'mainDocument', { name: 'notes.png', buffer: Buffer.from('just text') })
    await dialog.getByText(text(forms, 'upload.wrongType')).waitFor()
    await chooseFile(page, 'mainDocument', {
      name: 'passport.pdf',
      buffer: demoPdf(['Passport of Rita Newman']),
    })
    await dialog.getByText('passport.pdf').waitFor()
    // An identity card would need its back page as well.
    await dialog
      .getByLabel(steps.label('documentTypeId'))
      .selectOption({ label: 'National identity card' })
    await dialog.getByText(text(forms, 'fields.backPage')).first().waitFor()
    await dialog.getByLabel(steps.label('documentTypeId')).selectOption({ label: 'Passport' })
    await shot(page, 'kyc-upload')
    await dialog.getByRole('button', { name: text(screens, 'save'), exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    const passport = identity.getByRole('row').filter({ hasText: 'Passport' })
    await passport.getByText(option('statusId', 0)).waitFor()

    // A proof of address for the address of its row: a utility bill with its issue date.
    await home
      .getByRole('button', { name: text(screens, 'kycAddresses.actions.uploadProof') })
      .click()
    await dialog.getByLabel(steps.label('documentTypeId')).selectOption({ label: 'Utility bill' })
    await dialog.getByLabel(steps.label('issuedDate')).fill(new Date().toISOString().slice(0, 10))
    await chooseFile(page, 'mainDocument', { name: 'bill.png', buffer: png })
    // A row action's form is sent with its Confirm button (resource-form-modal.tsx).
    await dialog.getByRole('button', { name: text(screens, 'confirm'), exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await home.getByText(option('addressStatus', 2)).waitFor()
    // The documents the bank asks for now list both, loaded again after each upload.
    const asked = panel(page, 'kycDocuments')
    for (const category of [1, 2])
      await asked
        .getByRole('row')
        .filter({ hasText: option('categoryId', category) })
        .getByText(option('statusId', 0))
        .waitFor()
    await shot(page, 'kyc-in-review')

    // With the answers given at registration, nothing more is needed: home opens again.
    await page.goto(`${portal.baseUrl}/home`)
    await page.getByRole('heading', { name: text(locale('en', 'home'), 'title') }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/home')
    expect(cspErrors).toEqual([])
  })
})

describe('a person whose details must be updated', () => {
  test('saves them on /profile-update and goes on to /kyc', async () => {
    const username = 'profile-update@nova.example'
    const [user] = await portal.db.select().from(users).where(eq(users.username, username))
    await portal.db
      .update(customers)
      .set({ needsKyc: true })
      .where(eq(customers.id, user!.customerId))
    const { page } = await portal.newPage()
    await signInAs(page, portal.baseUrl, username, demoPassword)
    await page.waitForURL('**/profile-update')
    await heading(page, 'profileUpdate').waitFor()
    // The details on file are filled in.
    await expect.poll(() => page.getByLabel(steps.label('firstName')).inputValue()).toBe('Morgan')
    await steps.fill(page, {
      birthDay: '1988-05-17',
      birthCountryCode: 'Ireland',
      birthCity: 'Cork',
      residenceCountryCode: 'Ireland',
    })
    // Citizenships: a long list, searched and chosen.
    await page.getByLabel(steps.label('citizenshipCountryCodes')).first().fill('Irel')
    await page
      .getByRole('listbox', { name: text(forms, 'fields.citizenshipCountryCodes') })
      .getByRole('option', { name: 'Ireland', exact: true })
      .click()
    await shot(page, 'profile-update')
    await steps.save(page)
    await page.waitForURL('**/kyc')
    await heading(page, 'kyc').waitFor()
  })
})
