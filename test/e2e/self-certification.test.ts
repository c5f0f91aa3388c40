// The FATCA/CRS self-certification as a person meets it (product-spec section 2: post-login
// routing sends a personal customer with a form missing to the self-certification splash;
// section 3, FATCA/CRS certification). fatca@ signs in, is sent to the splash, goes on to
// /self-certification, answers (a tax id with a missing reason among them), saves, sees each
// form's status in words, signs the W-8BEN, and opens the self-certification and W-form PDFs:
// the files the links point at are PDFs whose text carries the answers. The business's user
// certifies the company and sees its forms' statuses.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { demoFatcaBusiness, demoFatcaDirector } from '../../src/server/demo/fatca.ts'
import { drawnText } from '../integration/kyc/fatca-support.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, screenSteps, shot, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const steps = screenSteps(() => portal, 'main', 'en')
const { screens, forms } = steps
const onboarding = locale('en', 'onboarding')
const panel = (page: Page, screenId: string) =>
  page.getByRole('region', { name: text(screens, `${screenId}.title`), exact: true })
const label = (field: string) => new RegExp(`^${escape(text(forms, `fields.${field}`))}`)
const status = (value: string) => text(forms, `options.fatcaDocumentStatus.${value}`)
const summary = (screenId: string, field: string, value?: string) =>
  text(screens, `${screenId}.summary.certification.${field}`).replace('{{value}}', value ?? '')

/** The PDF a summary link opens, fetched as the browser would, and the text it shows. */
async function pdfBehind(link: Locator): Promise<string> {
  const href = await link.getAttribute('href')
  expect(href).toBeTruthy()
  const response = await fetch(new URL(href!, portal.baseUrl))
  expect(response.status).toBe(200)
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
  return drawnText(bytes).replace(/\s+/g, ' ')
}

describe('a personal customer without a self-certification', () => {
  test('is sent to the splash, certifies, signs the W-8BEN and opens both PDFs', async () => {
    const { page, cspErrors } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'fatca@nova.example', demoPassword)
    await page.waitForURL(/\/self-certification-splash$/)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text(screens, 'selfCertificationSplash.title'))
    await shot(page, 'self-certification-splash')
    await page
      .getByRole('link', { name: text(screens, 'selfCertificationSplash.continue') })
      .click()
    await page.waitForURL(/\/self-certification$/)

    // Prefilled from the profile; each form's status in words before anything is saved.
    const answers = panel(page, 'selfCertificationAnswers')
    const w8Ben = panel(page, 'selfCertificationW8Ben')
    await expect
      .poll(() =>
        answers.getByLabel(label('birthCountryCode')).locator('option:checked').textContent(),
      )
      .toBe('United Kingdom')
    await expect
      .poll(() => w8Ben.textContent())
      .toContain(summary('selfCertificationW8Ben', 'w8BenFormDocumentStatus', status('none')))
    await shot(page, 'self-certification-before')

    // A tax residence whose tax id cannot be obtained: the tax id gives way to the reason,
    // and the explanation shows only for that reason.
    await answers.getByRole('button', { name: text(forms, 'rjsf.AddItemButton') }).click()
    const residence = answers.getByRole('group', { name: text(forms, 'fields.taxIds') })
    await shot(page, 'self-certification-added')
    await residence.getByLabel(label('countryCode')).selectOption({ label: 'United Kingdom' })
    await expect.poll(() => residence.getByLabel(label('taxId')).count()).toBe(1)
    await residence
      .getByLabel(label('tinMissingReason'))
      .selectOption({ label: text(forms, 'options.tinMissingReason.CANNOT_OBTAIN') })
    await expect.poll(() => residence.getByLabel(label('taxId')).count()).toBe(0)
    await residence
      .getByLabel(label('tinMissingExplanation'))
      .fill('My first reference number is still on its way')
    await shot(page, 'self-certification-answers')
    await answers.getByRole('button', { name: text(screens, 'save') }).click()

    // Saved: the self-certification waits for review, the W-8BEN for a signature.
    await expect
      .poll(() => answers.textContent())
      .toContain(
        summary(
          'selfCertificationAnswers',
          'taxResidencySelfCertificationDocumentStatus',
          status('pending'),
        ),
      )
    const sign = w8Ben.getByRole('button', { name: text(screens, 'selfCertificationW8Ben.submit') })
    await sign.waitFor()
    await shot(page, 'self-certification-saved')
    const selfCertificationLink = answers.getByRole('link', {
      name: summary('selfCertificationAnswers', 'taxResidencySelfCertificationDocumentUrl'),
    })
    const declared = await pdfBehind(selfCertificationLink)
    expect(declared).toContain('Name: Avery Stone')
    expect(declared).toContain('Tax residence 1: United Kingdom (GB)')
    expect(declared).toContain('unable to obtain a tax identification number')
    expect(declared).toContain('My first reference number is still on its way')

    // Signed: the W-8BEN is pending, and its link opens the signed form.
    await sign.click()
    await expect
      .poll(() => w8Ben.textContent())
      .toContain(summary('selfCertificationW8Ben', 'w8BenFormDocumentStatus', status('pending')))
    expect(await sign.count()).toBe(0)
    const form = await pdfBehind(
      w8Ben.getByRole('link', { name: summary('selfCertificationW8Ben', 'w8BenFormDocumentUrl') }),
    )
    expect(form).toContain('Substitute Form W-8BEN')
    expect(form).toContain('Avery Stone')
    expect(form).not.toContain('Not signed yet')
    expect(await panel(page, 'selfCertificationW9').textContent()).toContain(
      summary('selfCertificationW9', 'w9FormDocumentStatus', status('notRequired')),
    )
    await shot(page, 'self-certification-signed')
    expect(cspErrors).toEqual([])
  })
})

describe("a business's user with full access", () => {
  test('certifies the company and sees its forms statuses', async () => {
    const { page, cspErrors } = await portal.newPage()
    await signInAs(page, portal.baseUrl, demoFatcaBusiness, demoPassword)
    // Its accounts are not open yet, so routing starts it on the company documents; the
    // splash is where a business with open accounts is sent (post-login-routing.test.ts).
    await page.waitForURL(/\/company-documents$/)
    await page.goto(`${portal.baseUrl}/self-certification-business-splash`)
    await shot(page, 'self-certification-business-splash')
    await page
      .getByRole('link', { name: text(screens, 'selfCertificationBusinessSplash.continue') })
      .click()
    await page.waitForURL(/\/self-certification-business$/)
    const answers = panel(page, 'selfCertificationBusinessAnswers')
    await expect
      .poll(() =>
        answers
          .getByLabel(label('registrationCountryCode'))
          .locator('option:checked')
          .textContent(),
      )
      .toBe('United Kingdom')
    await shot(page, 'self-certification-business-before')
    // The company's addresses are offered, prefilled with the registered one.
    const registered = answers.getByLabel(label('registeredAddressId'))
    await expect.poll(() => registered.locator('option').count()).toBe(3)
    expect(await registered.locator('option:checked').textContent()).not.toBe('—')

    // Mainly passive income calls for the controlling persons, prefilled with its owner,
    // each with tax residences of their own; an active company lists none.
    const passive = answers.getByLabel(label('isEarnPassiveIncome'))
    const controlling = answers.getByRole('group', {
      name: text(forms, 'fields.controllingPersons'),
    })
    await expect.poll(() => controlling.count()).toBe(0)
    await passive.check()
    await expect
      .poll(() => controlling.getByLabel(label('firstName')).first().inputValue())
      .toBe('Riley')
    await shot(page, 'self-certification-business-controlling')
    await passive.uncheck()
    await expect.poll(() => controlling.count()).toBe(0)

    // An active company, not a financial institution: the GIIN is not asked; its UTR.
    await answers
      .getByLabel(label('entityType'))
      .selectOption({ label: text(forms, 'options.entityType.general') })
    await expect.poll(() => answers.getByLabel(label('giin')).count()).toBe(0)
    await answers.getByRole('button', { name: text(forms, 'rjsf.AddItemButton') }).click()
    const residence = answers.getByRole('group', { name: text(forms, 'fields.taxIds') })
    await residence.getByLabel(label('countryCode')).selectOption({ label: 'United Kingdom' })
    await residence.getByLabel(label('taxId')).fill('1234567890')
    await answers.getByRole('button', { name: text(screens, 'save') }).click()

    await expect
      .poll(() => answers.textContent())
      .toContain(
        summary(
          'selfCertificationBusinessAnswers',
          'taxResidencySelfCertificationDocumentStatus',
          status('pending'),
        ),
      )
    const w8BenE = panel(page, 'selfCertificationBusinessW8Ben')
    await expect
      .poll(() => w8BenE.textContent())
      .toContain(
        summary('selfCertificationBusinessW8Ben', 'w8BenFormDocumentStatus', status('none')),
      )
    await expect
      .poll(() => panel(page, 'selfCertificationBusinessW9').textContent())
      .toContain(
        summary('selfCertificationBusinessW9', 'w9FormDocumentStatus', status('notRequired')),
      )
    const declared = await pdfBehind(
      answers.getByRole('link', {
        name: summary(
          'selfCertificationBusinessAnswers',
          'taxResidencySelfCertificationDocumentUrl',
        ),
      }),
    )
    expect(declared).toContain('Fjord Analytics Ltd')
    expect(declared).toContain('1234567890')
    await w8BenE
      .getByRole('button', { name: text(screens, 'selfCertificationBusinessW8Ben.submit') })
      .click()
    await expect
      .poll(() => w8BenE.textContent())
      .toContain(
        summary('selfCertificationBusinessW8Ben', 'w8BenFormDocumentStatus', status('pending')),
      )
    const form = await pdfBehind(
      w8BenE.getByRole('link', {
        name: summary('selfCertificationBusinessW8Ben', 'w8BenFormDocumentUrl'),
      }),
    )
    expect(form).toContain('W-8BEN-E')
    expect(form).toContain('Fjord Analytics Ltd')
    await shot(page, 'self-certification-business-signed')
    expect(cspErrors).toEqual([])
  })
})

describe("a business's director", () => {
  test('certifies for themselves and opens the self-certification PDF', async () => {
    const { page, cspErrors } = await portal.newPage()
    await signInAs(page, portal.baseUrl, demoFatcaDirector, demoPassword)
    // Their own customer has no certification either; they switch to the company.
    await page.waitForURL(/\/self-certification-splash$/)
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Fjord/ })
      .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    // Without full rights on the company, its certification leads to their own.
    await page.goto(`${portal.baseUrl}/self-certification-business`)
    await page.waitForURL(/\/self-certification-representative$/)
    const title = text(screens, 'selfCertificationRepresentative.title')
    await page.getByRole('heading', { name: title, exact: true }).waitFor()
    const form = page.locator('form')
    await form.getByLabel(label('birthCity')).fill('Leeds')
    await form.getByLabel(label('birthCountryCode')).selectOption({ label: 'United Kingdom' })
    await form.getByLabel(label('citizenship')).first().fill('United K')
    await page
      .getByRole('listbox', { name: text(forms, 'fields.citizenship') })
      .getByRole('option', { name: 'United Kingdom', exact: true })
      .click()
    await form.getByRole('button', { name: text(forms, 'rjsf.AddItemButton') }).click()
    const residence = form.getByRole('group', { name: text(forms, 'fields.taxIds') })
    await residence.getByLabel(label('countryCode')).selectOption({ label: 'United Kingdom' })
    await residence.getByLabel(label('taxId')).fill('QQ123456C')
    await shot(page, 'self-certification-representative')
    await form.getByRole('button', { name: text(screens, 'save') }).click()
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(
        summary(
          'selfCertificationRepresentative',
          'taxResidencySelfCertificationDocumentStatus',
          status('pending'),
        ),
      )
    const declared = await pdfBehind(
      page.getByRole('link', {
        name: summary(
          'selfCertificationRepresentative',
          'taxResidencySelfCertificationDocumentUrl',
        ),
      }),
    )
    expect(declared).toContain('Morgan Hale')
    expect(declared).toContain('QQ123456C')
    expect(cspErrors).toEqual([])
  })
})
