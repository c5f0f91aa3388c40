// The business registration wizard as a new customer meets it on the bank brand (product-spec
// sections 2, 4 and 5; spec/screens/register-business.yaml): the company's forms, the hubs
// and a two-level shareholder tree, every rule of section 5 on shareholders and users shown
// as a refused step with its own message before the successful submit, the draft forgotten
// after it, and the first user's activation e-mail in the demo mailbox.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { text } from './screen-steps.ts'
import { businessSteps, fullName, holding, type Person } from './business-wizard-steps.ts'
import { linkIn, readMailbox, wizardTexts } from './registration-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const texts = wizardTexts('en')
const steps = businessSteps(texts)
const { field, button, next, expectStep, issue, treeText, node, tree } = steps

const olivia: Person = {
  firstName: 'Olivia',
  lastName: 'Owner',
  birthday: '1980-01-01',
  email: 'olivia.owner@acme-bank.example',
  taxId: '12345678Z',
}
const hugo: Person = { firstName: 'Hugo', lastName: 'Holder', birthday: '1975-05-05', taxId: 'H-9' }
/** Entered in the tree without an e-mail, made a user, then given one. */
const rosa: Person = { firstName: 'Rosa', lastName: 'Reader', birthday: '1985-03-03', taxId: 'R-1' }
const rosaEmail = 'rosa.reader@acme-bank.example'
const uma: Person = { firstName: 'Uma', lastName: 'User', birthday: '1990-09-09', taxId: 'U-1' }
const password = 'Business-2026!'

/** The company, its finances, its due diligence and its legal form: the first four steps. */
async function fillCompanySteps(page: Page) {
  await field(page, 'businessAccountCreate.registrationType').selectOption({
    label: text(texts.forms, 'options.registrationType.registrationAffiliatePrograms'),
  })
  await steps.fillCompany(
    page,
    { name: 'Acme Trading Ltd', registrationNumber: 'C-100200', taxId: 'B12345678' },
    'businessAccountCreate.company.name',
  )
  await next(page, 'financialInfoForm')
  await field(page, 'fields.monthlyDepositAmount').fill('25000')
  await field(page, 'fields.monthlyDepositCurrency').selectOption({ label: 'EUR' })
  await field(page, 'fields.monthlyWithdrawalAmount').fill('20000')
  await field(page, 'fields.monthlyWithdrawalCurrency').selectOption({ label: 'EUR' })
  // The dictionaries' entries are the server's English (docs/decisions.md, issue 13).
  await page.getByRole('checkbox', { name: 'Advertising and affiliate revenue' }).check()
  await page.getByRole('checkbox', { name: 'Paying affiliates and publishers' }).check()
  await field(page, 'fields.industry').selectOption({ label: 'Affiliate program' })
  await next(page, 'dueDilligenceForm')
  const answer = (question: string, option: string) =>
    page
      .getByRole('radiogroup', { name: text(texts.registration, `questions.${question}`) })
      .getByRole('radio', { name: option, exact: true })
      .check()
  const no = text(texts.registration, 'answers.no')
  await answer('anotherAccount', no)
  await answer('businessAnotherAccount', no)
  await answer('controlAccount', text(texts.registration, 'questionOptions.controlAccount.1'))
  await answer('refusedAccount', no)
  await next(page, 'legalForm')
  await field(page, 'fields.legalForm').fill('Sociedad Limitada')
  await next(page, 'directors')
}

/**
 * The tree, refused at each rule of section 5 on the way: no shareholder; a level above
 * 100 %, a company with no director and no shareholders of its own, a person above 25 % with
 * no source of funds; a share of 0 and one above 100; a source without details.
 */
async function buildTreeThroughItsRules(page: Page) {
  const refused = async (...messages: string[]) => {
    await steps.press(page, 'next')
    for (const message of messages) await tree(page).getByText(message).first().waitFor()
    await expectStep(page, 'shareholders')
  }
  await refused(issue('shareholdersMissing'))

  await steps.addShareholder(page, { kind: 'person', existing: fullName(olivia) }, '60')
  await steps.addShareholder(page, { kind: 'company', company: holding }, '60')
  await refused(
    issue('levelSumOutOfRange', { min: 10, max: 100, sum: 120 }),
    issue('sourcesOfFundsMissing'),
  )
  const holdingNode = node(page, holding.name)
  await holdingNode.getByTestId('tree-errors').getByText(issue('companyWithoutDirector')).waitFor()
  await holdingNode.getByTestId('tree-errors').getByText(issue('shareholdersMissing')).waitFor()
  await expect
    .poll(() => node(page, fullName(olivia)).textContent())
    .toContain(issue('sourcesOfFundsMissing'))

  for (const share of ['0', '150']) {
    await steps.setShare(page, holding.name, share)
    await refused()
    await expect.poll(() => shareMessage(page, holding.name)).toBe(issue('shareOutOfRange'))
  }
  await steps.setShare(page, holding.name, '40')
  await tree(page)
    .getByText(treeText('tree.sum', { sum: 100 }))
    .first()
    .waitFor()

  await steps.addShareholder(page, { kind: 'person', person: hugo }, '70', holding.name)
  await steps.addShareholder(page, { kind: 'person', person: rosa }, '30', holding.name)
  await steps.addDirector(page, holding.name, fullName(hugo))
  await steps.chooseSource(page, fullName(olivia), 'Investments and dividends')
  await steps.chooseSource(page, fullName(hugo), 'Business income', 'Dividends of Holding Ltd')
  await refused(issue('sourceOfFundsDetailsMissing'))
  await steps.chooseSource(page, fullName(olivia), 'Investments and dividends', 'Acme dividends')
  await next(page, 'owners')
}

/** The message under a node's share, as the person reads it. */
async function shareMessage(page: Page, name: string): Promise<string> {
  const input = steps.share(page, name)
  const ids = String(await input.getAttribute('aria-describedby')).split(' ')
  const errorId = ids.find((id) => id.endsWith('-error'))
  return errorId ? String(await page.locator(`[id="${errorId}"]`).textContent()) : ''
}

/** The users: Olivia first, with full rights; rights 5 never offered; Rosa and Uma after. */
async function addUsers(page: Page) {
  await steps.addExisting(page, olivia)
  const first = steps.hubRow(page, olivia)
  expect(await steps.rights(first).locator('option:checked').textContent()).toBe(rightsLabel(2))
  const offered = await steps.rights(first).locator('option').allTextContents()
  expect(offered).toEqual([1, 2, 3, 4].map(rightsLabel))
  expect(offered).not.toContain(rightsLabel(5))
  await steps.addExisting(page, rosa)
  await steps.addHubPerson(page, uma)
  await field(page, 'businessAccountCreate.authorizedCompanyRepresentative.personId').selectOption({
    label: fullName(olivia),
  })
  await field(page, 'fields.position').fill('Managing Director')
  await field(page, 'fields.password').fill(password)
}

const rightsLabel = (right: number) => text(texts.forms, `options.accessRights.${right}`)

/**
 * Submit refused by the users' rules, each on the step that shows it: a user without an
 * e-mail who is a shareholder on the tree, one who is only a user on her row, and no user
 * with full rights above the users; each mended in turn.
 */
async function usersRefusedThenMended(page: Page) {
  const first = steps.hubRow(page, olivia)
  await steps.rights(first).selectOption({ label: rightsLabel(3) })
  await steps.press(page, 'submit')
  await expectStep(page, 'shareholders')
  const rosaNode = node(page, fullName(rosa))
  await rosaNode.getByTestId('tree-errors').getByText(issue('userEmailMissing')).waitFor()
  await rosaNode.getByRole('button', { name: treeText('tree.editPerson') }).click()
  const edit = page.getByRole('dialog', {
    name: treeText('tree.editPersonTitle', { name: fullName(rosa) }),
  })
  await field(edit, 'fields.email').fill(rosaEmail)
  await edit.getByRole('button', { name: treeText('tree.save') }).click()
  await rosaNode.getByTestId('tree-errors').waitFor({ state: 'detached' })

  await steps.goTo(page, 'usersHub')
  await steps.press(page, 'submit')
  await expectStep(page, 'usersHub')
  await page.getByRole('alert').getByText(issue('noFullRightsUser')).waitFor()
  await steps.hubRow(page, uma).getByText(issue('userEmailMissing')).waitFor()
  await steps.rights(first).selectOption({ label: rightsLabel(2) })
  await steps
    .hubRow(page, uma)
    .getByRole('button', { name: text(texts.registration, 'hub.remove') })
    .click()
  await steps.hubRow(page, uma).waitFor({ state: 'detached' })
  await expect.poll(() => page.getByText(issue('noFullRightsUser')).count()).toBe(0)
}

describe('business registration on the bank brand', () => {
  test('refuses each shareholder and user rule with its message, then registers the business', async () => {
    const { page, cspErrors } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/register/business?brand=bank`)
    await page
      .getByRole('heading', { name: text(texts.screens, 'registerBusiness.title') })
      .waitFor()
    await fillCompanySteps(page)

    await steps.press(page, 'next')
    await page.getByRole('alert').getByText(issue('directorMissing')).waitFor()
    await expectStep(page, 'directors')
    await steps.addHubPerson(page, olivia)
    await next(page, 'shareholders')
    await buildTreeThroughItsRules(page)
    await steps.addExisting(page, olivia)
    await next(page, 'usersHub')
    await addUsers(page)
    await usersRefusedThenMended(page)

    await button(page, 'submit').click()
    const done = page.getByRole('dialog', { name: text(texts.registration, 'done.title') })
    await done.getByText(text(texts.screens, 'registerBusiness.done')).waitFor()
    await done.getByRole('button', { name: text(texts.registration, 'done.ok') }).click()
    // The root path; signed out, it asks for the login page with the way back to it.
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/',
    )
    expect(cspErrors).toEqual([])

    // The draft is gone: the wizard opens again on its first step with empty forms.
    await page.goto(`${portal.baseUrl}/register/business`)
    await expectStep(page, 'generalForm')
    expect(await field(page, 'businessAccountCreate.company.name').inputValue()).toBe('')

    // What the server stored, as people see it: the first user's activation e-mail, whose
    // link activates the company, after which the other user gets a link of their own.
    const body = await readMailbox(page, portal.baseUrl, texts, olivia.email!, /Activate/)
    expect(body).toContain('action=activationBusiness')
    await page.goto(`${portal.baseUrl}${linkIn(body, '/activate')}`)
    await page.getByRole('dialog').getByText(text(texts.access, 'activate.business')).waitFor()
    const invitation = await readMailbox(page, portal.baseUrl, texts, rosaEmail, /./)
    expect(invitation).toContain('action=activationEmployee')
  })
})

describe('the business wizard draft', () => {
  const draftKey = 'portal.registrationDraft.bank.registerBusiness'
  const storedDraft = (page: Page) => page.evaluate((key) => localStorage.getItem(key), draftKey)

  test('survives a reload, is dropped when its version changes, and Clear empties it', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/register/business?brand=bank`)
    const name = field(page, 'businessAccountCreate.company.name')
    const number = field(page, 'fields.registrationNumber')
    await name.fill('Draft Trading Ltd')
    await number.fill('D-100')
    // The draft is written on every change; the reload reads what was stored.
    await expect.poll(() => storedDraft(page)).toContain('D-100')
    await page.reload()
    await expect.poll(() => name.inputValue()).toBe('Draft Trading Ltd')
    expect(await number.inputValue()).toBe('D-100')

    // A draft of another version (an older wizard's fields) is not reloaded.
    await page.evaluate((key) => {
      const draft = JSON.parse(localStorage.getItem(key)!) as { version: string }
      localStorage.setItem(key, JSON.stringify({ ...draft, version: '3.53' }))
    }, draftKey)
    await page.reload()
    await expectStep(page, 'generalForm')
    await name.waitFor()
    expect(await name.inputValue()).toBe('')
    expect(await number.inputValue()).toBe('')

    // Clear asks first, then forgets everything and starts again on the first step.
    await name.fill('Cleared Trading Ltd')
    await steps.goTo(page, 'financialInfoForm')
    await field(page, 'fields.monthlyDepositAmount').fill('1000')
    await button(page, 'clear').click()
    const confirm = page.getByRole('dialog', { name: text(texts.screens, 'confirmTitle') })
    await confirm.getByText(text(texts.registration, 'clearConfirm'), { exact: true }).waitFor()
    await confirm.getByRole('button', { name: text(texts.screens, 'confirm') }).click()
    await expectStep(page, 'generalForm')
    await expect.poll(() => name.inputValue()).toBe('')
    // The form opened again stores its defaults at once; nothing the person entered is kept.
    expect(String(await storedDraft(page))).not.toMatch(/Cleared|1000/)
    await page.reload()
    await expectStep(page, 'generalForm')
    expect(await name.inputValue()).toBe('')
    await steps.goTo(page, 'financialInfoForm')
    expect(await field(page, 'fields.monthlyDepositAmount').inputValue()).toBe('')
  })
})

describe('the business wizard on a phone', () => {
  /** Nothing is wider than the screen: no sideways scrolling. */
  const fitsTheScreen = (page: Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)

  const isFocusedInSight = (element: Element) => {
    const box = element.getBoundingClientRect()
    return element === document.activeElement && box.top >= 0 && box.bottom <= window.innerHeight
  }

  /** Tab from where the focus is to the Next button, as a keyboard user does, and press Enter. */
  async function tabToNextAndEnter(page: Page, following: string) {
    const nextName = text(texts.registration, 'next')
    const onNext = () =>
      page.evaluate((name) => document.activeElement?.textContent?.trim() === name, nextName)
    // Bounded: a Next the keyboard cannot reach fails here rather than looping.
    for (let presses = 0; presses < 400 && !(await onNext()); presses++) {
      await page.keyboard.press('Tab')
    }
    expect(await onNext()).toBe(true)
    await page.keyboard.press('Enter')
    await expectStep(page, following)
  }

  test('at 390 px a refused popup shows its first field, the hub and the two-level tree fit, Next is reached by keyboard', async () => {
    const { page } = await portal.newPage({ width: 390, height: 844 })
    await page.goto(`${portal.baseUrl}/register/business?brand=bank`)
    await steps.goTo(page, 'directors')
    // A refused save in the long popup brings its first refused field into sight.
    await button(page, 'hub.add').click()
    const popup = page.getByRole('dialog', { name: text(texts.registration, 'hub.addTitle') })
    await popup.getByRole('button', { name: text(texts.registration, 'hub.save') }).click()
    const firstName = field(popup, 'fields.firstName')
    await expect.poll(() => firstName.evaluate(isFocusedInSight)).toBe(true)
    await page.keyboard.press('Escape')
    await popup.waitFor({ state: 'hidden' })
    // An e-mail with no place to break it wraps inside the person's card.
    const director = { ...olivia, email: 'olivia.owner.with.a.long.address@acme-bank.example' }
    await steps.addHubPerson(page, director)
    expect(await fitsTheScreen(page)).toBe(true)
    const card = steps.hubRow(page, director)
    expect(await card.evaluate((row) => row.scrollWidth <= row.clientWidth)).toBe(true)
    await page.getByRole('heading', { level: 1 }).click()
    await tabToNextAndEnter(page, 'shareholders')

    await steps.addShareholder(page, { kind: 'person', existing: fullName(olivia) }, '60')
    await steps.addShareholder(page, { kind: 'company', company: holding }, '40')
    await steps.addShareholder(page, { kind: 'person', person: hugo }, '100', holding.name)
    await steps.addDirector(page, holding.name, fullName(hugo))
    await steps.chooseSource(page, fullName(olivia), 'Savings', 'Twenty years of salary')
    await steps.chooseSource(page, fullName(hugo), 'Business income', 'Dividends of Holding Ltd')
    expect(await fitsTheScreen(page)).toBe(true)
    await page.getByRole('heading', { level: 1 }).click()
    await tabToNextAndEnter(page, 'owners')
  })
})
