// The administrator's review as both sides meet it (issue 14; product-spec section 2, admin
// overview and kyc; sections 3, 4 and 6): a person who has just registered is held on /kyc
// and uploads a passport and a proof of address. The administrator lands on the admin
// overview, opens that customer, looks at a file, confirms the passport and rejects the proof
// of address with a reason. The person is told at once (the realtime notice) and by e-mail,
// sees the rejected proof on /kyc and the banner's required action, uploads a new one; the
// administrator confirms it and the banner goes. A customer who opens the admin overview sees
// no administrator tools.
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { eq } from 'drizzle-orm'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { customerPhones, kycProfiles, users } from '../../src/server/db/schema.ts'
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
const verification = locale('en', 'verification')
const heading = (page: Page, screenId: string) =>
  page.getByRole('heading', { name: text(screens, `${screenId}.title`), exact: true })
const panel = (page: Page, screenId: string) =>
  page.getByRole('region', { name: text(screens, `${screenId}.title`), exact: true })
const option = (group: string, value: number) => text(forms, `options.${group}.${value}`)
const action = (screenId: string, id: string) => text(screens, `${screenId}.actions.${id}`)

/** A PNG of one colour, big enough to be seen: what a phone's photo of a document stands for. */
function picture(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const line = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))])
  const pixels = Buffer.concat(Array.from({ length: height }, () => line))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A file chosen in the upload widget of a field of the open popup. */
async function chooseFile(page: Page, field: string, name: string, buffer: Buffer) {
  const dialog = page.getByRole('dialog')
  const chooser = page.waitForEvent('filechooser')
  await dialog
    .getByRole('button', { name: new RegExp(`^${escape(text(forms, `fields.${field}`))}`) })
    .click()
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer })
}

const person = personalPayload('review.walk@mail.example', '')

/** Registered as the wizard does it, activated by the e-mail's link: the person is on /kyc. */
async function registeredPerson(): Promise<Page> {
  const captcha = await solvedCaptcha(portal.baseUrl)
  const created = await fetch(`${portal.baseUrl}/rpc/personalAccountCreate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, captcha }),
  })
  expect(((await created.json()) as { responseCode: string }).responseCode).toBe('00')
  const { page } = await portal.newPage()
  const body = await readMailbox(page, portal.baseUrl, wizardTexts('en'), person.email, /Activate/)
  await page.goto(`${portal.baseUrl}${linkIn(body, '/activate')}`)
  await page.waitForURL('**/kyc')
  await otherActionsDone()
  return page
}

/**
 * The phone confirmed and the tax self-certification validated, as their own walks do it
 * (test/e2e/profile.test.ts, the FATCA screens): what is left for the banner to ask about is
 * the documents this walk is about.
 */
async function otherActionsDone() {
  const [user] = await portal.db.select().from(users).where(eq(users.username, person.email))
  const customerId = user!.customerId
  await portal.db
    .update(customerPhones)
    .set({ confirmedAt: new Date() })
    .where(eq(customerPhones.customerId, customerId))
  const done = await portal.db
    .update(kycProfiles)
    .set({
      fatcaSelfCertificationStatus: 'validated',
      fatcaW8BenStatus: 'notRequired',
      fatcaW9Status: 'notRequired',
      fatcaLossOfNationalityStatus: 'notRequired',
    })
    .where(eq(kycProfiles.customerId, customerId))
    .returning({ customerId: kycProfiles.customerId })
  expect(done).toHaveLength(1)
}

/** The passport, and a proof of address for the address given at registration. */
async function uploadDocuments(page: Page) {
  const dialog = page.getByRole('dialog')
  await panel(page, 'kycIdentity')
    .getByRole('button', { name: text(screens, 'kycIdentity.create') })
    .click()
  await dialog.getByLabel(steps.label('documentTypeId')).selectOption({ label: 'Passport' })
  await chooseFile(page, 'mainDocument', 'passport.png', picture(320, 200, [40, 90, 160]))
  await dialog.getByRole('button', { name: text(screens, 'save'), exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await uploadProofOfAddress(page, 'bill.png', [200, 120, 40])
}

async function uploadProofOfAddress(page: Page, name: string, rgb: [number, number, number]) {
  const dialog = page.getByRole('dialog')
  const home = panel(page, 'kycAddresses').getByRole('row').filter({ hasText: 'Calle Mayor 1' })
  await home.getByRole('button', { name: action('kycAddresses', 'uploadProof') }).click()
  await dialog.getByLabel(steps.label('documentTypeId')).selectOption({ label: 'Utility bill' })
  await dialog.getByLabel(steps.label('issuedDate')).fill(new Date().toISOString().slice(0, 10))
  await chooseFile(page, 'mainDocument', name, picture(300, 420, rgb))
  await dialog.getByRole('button', { name: text(screens, 'confirm'), exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await home.getByText(option('addressStatus', 2)).waitFor()
}

/** admin@ signs in, lands on the admin overview and opens the customer. */
async function adminOpens(customerName: string): Promise<Page> {
  const { page, cspErrors } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/login`)
  await signInAs(page, portal.baseUrl, 'admin@nova.example', demoPassword)
  await page.waitForURL('**/admin-overview')
  await heading(page, 'adminOverview').waitFor()
  const row = panel(page, 'adminReview').getByRole('row').filter({ hasText: customerName })
  await row.waitFor()
  await shot(page, 'admin-overview')
  await row.getByRole('button', { name: action('adminReview', 'open') }).click()
  await page.waitForURL('**/admin-overview/customer?customerId=*')
  await heading(page, 'adminCustomer').waitFor()
  await page.getByText(`Customer: ${customerName}`).waitFor()
  expect(cspErrors).toEqual([])
  return page
}

const fileRow = (page: Page, type: string) =>
  panel(page, 'adminCustomerFiles').getByRole('row').filter({ hasText: type }).first()

describe('a new customer and the administrator', () => {
  test('upload, review, a rejection told to the customer, a new upload, and no banner', async () => {
    const customer = await registeredPerson()
    await uploadDocuments(customer)
    const customerName = `${person.firstName} ${person.lastName}`

    const admin = await adminOpens(customerName)
    const passport = fileRow(admin, 'Passport')
    const bill = fileRow(admin, 'Utility bill')
    await passport.getByText(option('statusId', 0)).waitFor()
    await shot(admin, 'admin-customer')

    // The file itself, shown over the page, with its name and the links to open or save it.
    await bill.getByRole('button', { name: action('adminCustomerFiles', 'view') }).click()
    const viewer = admin.getByRole('dialog')
    await viewer.getByText('bill.png').waitFor()
    await expect
      .poll(() =>
        viewer.getByTestId('viewed-file').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(300)
    await viewer.getByRole('link', { name: text(screens, 'fileSave') }).waitFor()
    await shot(admin, 'admin-file-view')
    await viewer.getByRole('button', { name: text(screens, 'close'), exact: true }).click()
    await viewer.waitFor({ state: 'detached' })

    // The passport is confirmed, after the question.
    await passport
      .getByRole('button', { name: action('adminCustomerFiles', 'confirmFile') })
      .click()
    await admin.getByText(text(screens, 'adminCustomerFiles.actions.confirmFileConfirm')).waitFor()
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: text(screens, 'confirm') })
      .click()
    await passport.getByText(option('statusId', 2)).waitFor()

    // The proof of address is rejected: the reason is asked for, and refused when empty.
    await bill.getByRole('button', { name: action('adminCustomerFiles', 'reject') }).click()
    const form = admin.getByRole('dialog')
    await form.getByRole('button', { name: text(screens, 'confirm'), exact: true }).click()
    await steps.expectFieldError(admin, 'rejectReason', 'required')
    const reason = 'The bill is older than three months.'
    await form.getByLabel(steps.label('rejectReason')).fill(reason)
    await shot(admin, 'admin-reject')
    await form.getByRole('button', { name: text(screens, 'confirm'), exact: true }).click()
    await form.waitFor({ state: 'detached' })
    await bill.getByText(option('statusId', 26)).waitFor()
    await bill.getByText(reason).waitFor()
    // Neither decided file can be decided again from here.
    expect(
      await bill.getByRole('button', { name: action('adminCustomerFiles', 'reject') }).count(),
    ).toBe(0)

    // The customer, still signed in, is told at once; the KYC page shows the refused proof.
    const notice = customer.getByTestId('realtime-notices')
    await notice.getByText('Document rejected').waitFor()
    await notice.getByText(reason, { exact: false }).waitFor()
    // And by e-mail, with the reason.
    const { page: mailbox } = await portal.newPage()
    const mail = await readMailbox(
      mailbox,
      portal.baseUrl,
      wizardTexts('en'),
      person.email,
      /Document rejected/,
    )
    expect(mail).toContain(reason)
    await customer.reload()
    const home = panel(customer, 'kycAddresses')
      .getByRole('row')
      .filter({ hasText: 'Calle Mayor 1' })
    await home.getByText(option('addressStatus', 3)).waitFor()
    // The banner asks for the action, and leads to where it is done.
    const banner = customer.getByTestId('verification-banner')
    await expect.poll(() => banner.getAttribute('data-state')).toBe('hasRequiredActions')
    await banner.getByText(text(verification, 'banner.hasRequiredActions.title')).waitFor()
    await banner.getByRole('link', { name: text(verification, 'banner.more') }).waitFor()
    await shot(customer, 'customer-rejected')

    // A new proof of address; the administrator confirms it.
    await uploadProofOfAddress(customer, 'bill-new.png', [60, 160, 90])
    await admin.reload()
    const newBill = panel(admin, 'adminCustomerFiles')
      .getByRole('row')
      .filter({ hasText: 'Utility bill' })
      .filter({ hasText: option('statusId', 0) })
    await newBill.getByRole('button', { name: action('adminCustomerFiles', 'confirmFile') }).click()
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: text(screens, 'confirm') })
      .click()
    await expect.poll(() => newBill.count()).toBe(0)

    // Both documents confirmed: nothing is asked of the customer any more.
    await customer.reload()
    await heading(customer, 'kyc').waitFor()
    await home.getByText(option('addressStatus', 1)).waitFor()
    await expect.poll(() => customer.getByTestId('verification-banner').count()).toBe(0)
  })
})

test('a customer who opens the admin overview finds no administrator tools', async () => {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/login`)
  await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
  await page.waitForURL('**/home')
  for (const route of ['/admin-overview', '/admin-overview/customer?customerId=1']) {
    await page.goto(`${portal.baseUrl}${route}`)
    await page
      .getByRole('heading', { name: text(locale('en', 'common'), 'notFound.title') })
      .waitFor()
    expect(await heading(page, 'adminOverview').count()).toBe(0)
    expect(await page.getByTestId('resource-table').count()).toBe(0)
  }
})

test("a business's financial details and due diligence, opened from the overview", async () => {
  const { page, cspErrors } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/login`)
  await signInAs(page, portal.baseUrl, 'admin@nova.example', demoPassword)
  await page.waitForURL('**/admin-overview')
  const row = panel(page, 'adminReview').getByRole('row').filter({ hasText: 'Northwind' })
  await row.getByRole('button', { name: action('adminReview', 'businessDetails') }).click()
  await page.waitForURL('**/admin-overview/business?customerId=*')
  await heading(page, 'adminBusiness').waitFor()
  // The company's answers on file fill both forms.
  const financial = panel(page, 'adminFinancialDetail')
  await expect
    .poll(() => financial.getByLabel(steps.label('monthlyDepositAmount')).inputValue())
    .not.toBe('')
  const diligence = panel(page, 'adminDueDiligence')
  await diligence.getByLabel(steps.label('lawsuits')).first().waitFor()
  await shot(page, 'admin-business')
  // A yes asks for its details; saved for the company, and read again.
  await diligence.getByLabel(steps.label('lawsuits')).first().setChecked(true)
  const details = 'A closed dispute with a former supplier.'
  await diligence.getByLabel(steps.label('lawsuitsDetails')).fill(details)
  await diligence.getByRole('button', { name: text(screens, 'save'), exact: true }).click()
  await diligence.getByText(text(screens, 'saved')).waitFor()
  await page.reload()
  await expect
    .poll(() =>
      panel(page, 'adminDueDiligence').getByLabel(steps.label('lawsuitsDetails')).inputValue(),
    )
    .toBe(details)
  expect(cspErrors).toEqual([])
})
