// The company documents as a business meets them (product-spec section 2, restricted routes:
// a company needing KYC is sent there; section 3, Company info and Documents and addresses;
// sections 4 and 6; section 7, Business and other). business@ (Northwind) sees its company's
// details and document statuses, its shareholder tree with effective shares, and adds a
// director's address with a proof of address through the upload widget: the address is listed
// in review with its document. business-kyc@ (Kestrel Media, a webcam studio) lands there after
// signing in, signs the directors' resolution, adds an authorized user and finds the
// invitation in the demo mailbox.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
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
const panel = (page: Page, screenId: string) =>
  page.getByRole('region', { name: text(screens, `${screenId}.title`), exact: true })
const option = (group: string, value: number) => text(forms, `options.${group}.${value}`)
/** A summary line: its sentence with the value put in. */
const said = (key: string, value: string) => text(screens, key).replace('{{value}}', value)

/** A file chosen in the upload widget of a field of the open popup. */
async function chooseFile(page: Page, field: string, file: { name: string; buffer: Buffer }) {
  const dialog = page.getByRole('dialog')
  const chooser = page.waitForEvent('filechooser')
  await dialog
    .getByRole('button', { name: new RegExp(`^${escape(text(forms, `fields.${field}`))}`) })
    .click()
  await (await chooser).setFiles({ ...file, mimeType: 'image/png' })
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

describe('Northwind (business@)', () => {
  test('sees its company and adds a director’s address with its proof', async () => {
    const page = await steps.open('business@nova.example', '/company-documents', 'companyDocuments')
    const company = panel(page, 'companyInfo')
    await company
      .getByText(said('companyInfo.summary.companyInfo.name', 'Northwind Trading Ltd'))
      .waitFor()
    await company
      .getByText(said('companyInfo.summary.companyInfo.verified', text(screens, 'yes')))
      .waitFor()
    const corporate = said(
      'companyInfo.summary.companyInfo.corporateDocumentsStatus',
      option('statusId', 2),
    )
    await company.getByText(corporate).waitFor()
    // The company's own address waits for the review of its utility bill.
    const office = company.getByRole('row').filter({ hasText: 'Gedimino pr. 1' })
    await office.getByText('Business utility bill').waitFor()
    // The tree: Baltic Holdings' own owners set in under it, with their effective shares.
    const tree = panel(page, 'companyShareholders')
    const mia = tree.getByRole('row').filter({ hasText: 'Novak' })
    await mia.getByText(/^18\s?%$/).waitFor()
    expect(await mia.getAttribute('data-depth')).toBe('1')
    // Statements the company is not asked for are left out; the signed resolution shows.
    await panel(page, 'companyResolution')
      .getByText(/Sam Taylor/)
      .waitFor()
    expect(await panel(page, 'companyStudioDeclaration').count()).toBe(0)
    expect(await panel(page, 'companyUsers').count()).toBe(1)
    await shot(page, 'company-documents')

    // A director's addresses: a new one with a utility bill as its proof.
    await panel(page, 'companyDirectors')
      .getByRole('row')
      .filter({ hasText: 'Jordan' })
      .getByRole('button', { name: text(screens, 'companyDirectors.actions.open') })
      .click()
    await page.waitForURL('**/company-documents/representative?id=*')
    await page
      .getByText(said('companyRepresentative.summary.representative.lastName', 'Lee'))
      .waitFor()
    await steps.button(page, 'companyRepresentative.create').click()
    const dialog = page.getByRole('dialog')
    await steps.fill(page, {
      address1: 'Elizabetes iela 21',
      city: 'Riga',
      postalCode: 'LV-1010',
      countryCode: 'Latvia',
      documentTypeId: 'Utility bill',
      issuedDate: new Date().toISOString().slice(0, 10),
    })
    await chooseFile(page, 'mainDocument', { name: 'riga-bill.png', buffer: png })
    await dialog.getByText('riga-bill.png').waitFor()
    await shot(page, 'company-representative-address')
    await dialog.getByRole('button', { name: text(screens, 'save'), exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    // Listed unconfirmed, in review, with its document.
    const added = steps.row(page, 'Elizabetes iela 21')
    await added.getByText(option('addressStatus', 2)).waitFor()
    await added.getByText('Utility bill').waitFor()
    // The old address, still without a proof, offers its upload; the new one does not.
    const prove = text(screens, 'companyRepresentative.actions.prove')
    await steps.row(page, 'Brivibas iela 40').getByRole('button', { name: prove }).waitFor()
    expect(await added.getByRole('button', { name: prove }).count()).toBe(0)
    await shot(page, 'company-representative')
  })
})

describe('Kestrel Media (business-kyc@)', () => {
  test('lands on its documents, signs the resolution and invites a user', async () => {
    const { page, cspErrors } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'business-kyc@nova.example', demoPassword)
    await page.waitForURL('**/company-documents')
    const resolution = panel(page, 'companyResolution')
    await resolution.getByText(/Resolution of the directors of Kestrel Media Ltd/).waitFor()
    // The studio and escort statements wait too; the platforms are declared already.
    await panel(page, 'companyStudioDeclaration')
      .getByText(/runs a webcam studio/)
      .waitFor()
    await panel(page, 'companyEscortStatement')
      .getByText(/take payment for escort services/)
      .waitFor()
    const streaming = panel(page, 'companyStreamingDeclaration')
    await streaming.getByText(/CamStage, LiveHall/).waitFor()
    expect(await streaming.getByRole('button').count()).toBe(0)
    await shot(page, 'company-documents-studio')

    // Signed for the company: the form gives way to who signed it.
    await resolution.getByLabel(steps.label('signerName')).fill('Nina Hart')
    await resolution.getByLabel(steps.label('signerPosition')).fill('Director')
    // The acceptance is the person's own: the box starts unticked.
    const accepted = resolution.getByLabel(steps.label('accepted'))
    expect(await accepted.isChecked()).toBe(false)
    await accepted.check()
    await resolution
      .getByRole('button', { name: text(screens, 'companyResolution.submit'), exact: true })
      .click()
    await resolution
      .getByText(said('companyResolution.summary.declaration.signerName', 'Nina Hart'))
      .waitFor()
    await resolution
      .getByText(said('companyResolution.summary.declaration.isSigned', text(screens, 'yes')))
      .waitFor()
    expect(await resolution.getByLabel(steps.label('signerName')).count()).toBe(0)

    // A new authorized user, not activated yet, with an invitation to send again.
    const users = panel(page, 'companyUsers')
    await users.getByRole('button', { name: text(screens, 'companyUsers.create') }).click()
    const email = 'clerk.kestrel@mail.example'
    await steps.fill(page, {
      email,
      firstName: 'Theo',
      lastName: 'Marsh',
      accessRights: option('accessRights', 1),
    })
    await steps.save(page)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const invited = users.getByRole('row').filter({ hasText: email })
    await invited.getByText(text(screens, 'no')).waitFor()
    // Sent again on request: the person finds the newest link.
    await invited
      .getByRole('button', { name: text(screens, 'companyUsers.actions.resend') })
      .click()
    await users.getByText(text(screens, 'saved')).waitFor()
    await shot(page, 'company-users')
    expect(cspErrors).toEqual([])

    // The invitation waits in the mailbox with its activation link.
    const body = await readMailbox(
      page,
      portal.baseUrl,
      wizardTexts('en'),
      email,
      /access to a company account/,
    )
    expect(linkIn(body, '/activate')).toContain('action=activationEmployee')
  })
})

// Any language: the page's texts are the locale's (the summary's sentences, the panels).
test('the page reads in another language', async () => {
  const es = screenSteps(() => portal, 'main', 'es')
  const page = await es.open('business@nova.example', '/company-documents', 'companyDocuments')
  const esScreens = locale('es', 'screens')
  await page
    .getByRole('region', { name: text(esScreens, 'companyDirectors.title'), exact: true })
    .getByRole('button', { name: text(esScreens, 'companyDirectors.actions.open') })
    .first()
    .waitFor()
})
