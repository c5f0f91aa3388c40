// The business registration wizard's steps as a person takes them (spec/screens/
// register-business.yaml): the company's forms, a person in the hubs' form, and the
// shareholder tree's nodes, dialogs, directors and sources of funds. Shared by the business
// registration browser tests.
import type { Locator, Page } from 'playwright-core'
import { text } from './screen-steps.ts'
import { filled, wizardSteps, type Scope, type WizardTexts } from './registration-steps.ts'

export interface Person {
  firstName: string
  lastName: string
  birthday: string
  email?: string
  taxId: string
}

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`

export const holding = { name: 'Holding Ltd', registrationNumber: 'H-1', taxId: 'PT500000000' }

export function businessSteps(texts: WizardTexts) {
  const wizard = wizardSteps(texts, 'registerBusiness')
  const { field } = wizard
  const treeText = (key: string, values?: Record<string, string | number>) =>
    filled(texts.tree, key, values)
  const issue = (code: string, values?: Record<string, string | number>) =>
    filled(texts.registration, `issues.${code}`, values)
  const group = (scope: Scope, key: string) =>
    scope.getByRole('group', { name: text(texts.forms, key), exact: true })

  /** A person's fields in the item form (a hub's popup, the tree's new person). */
  async function fillPerson(scope: Scope, person: Person) {
    await field(scope, 'fields.firstName').fill(person.firstName)
    await field(scope, 'fields.lastName').fill(person.lastName)
    await field(scope, 'fields.birthday').fill(person.birthday)
    if (person.email) await field(scope, 'fields.email').fill(person.email)
    await field(scope, 'fields.taxId').fill(person.taxId)
  }

  /** A company's required fields: name, number, country, tax id, and its address. */
  async function fillCompany(
    scope: Scope,
    company: { name: string; registrationNumber: string; taxId: string },
    nameKey: string,
  ) {
    await field(scope, nameKey).fill(company.name)
    await field(scope, 'fields.registrationNumber').fill(company.registrationNumber)
    await field(scope, 'fields.registrationCountryCode').selectOption({ label: 'Portugal' })
    await field(scope, 'fields.businessTaxId').fill(company.taxId)
    const address = group(scope, 'fields.address')
    await field(address, 'fields.address1').fill('1 Rua Augusta')
    await field(address, 'fields.city').fill('Lisboa')
    await field(address, 'fields.countryCode').selectOption({ label: 'Portugal' })
  }

  /** A hub's "Add a person": the popup's form, saved. */
  async function addHubPerson(page: Page, person: Person) {
    await wizard.button(page, 'hub.add').click()
    const popup = page.getByRole('dialog', { name: text(texts.registration, 'hub.addTitle') })
    await fillPerson(popup, person)
    await popup.getByRole('button', { name: text(texts.registration, 'hub.save') }).click()
    await popup.waitFor({ state: 'detached' })
    await hubRow(page, person).waitFor()
  }

  /** Someone entered in another section, added to this hub from the hub's list. */
  async function addExisting(page: Page, person: Person) {
    await page
      .getByLabel(text(texts.registration, 'hub.addExisting'), { exact: true })
      .selectOption({ label: fullName(person) })
    await hubRow(page, person).waitFor()
  }

  const hubRow = (page: Page, person: Person) =>
    page.locator('[data-testid^="hub-person-"]').filter({ hasText: fullName(person) })
  const rights = (row: Locator) =>
    row.getByLabel(text(texts.registration, 'hub.rights'), { exact: true })

  return {
    ...wizard,
    treeText,
    issue,
    group,
    fillPerson,
    fillCompany,
    addHubPerson,
    addExisting,
    hubRow,
    rights,
    ...treeSteps(texts, { fillPerson, fillCompany, treeText }),
  }
}

interface Fillers {
  fillPerson(scope: Scope, person: Person): Promise<void>
  fillCompany(
    scope: Scope,
    company: { name: string; registrationNumber: string; taxId: string },
    nameKey: string,
  ): Promise<void>
  treeText(key: string, values?: Record<string, string | number>): string
}

/** The shareholder tree: its nodes by name, the add dialog, shares, directors, sources. */
function treeSteps(texts: WizardTexts, { fillPerson, fillCompany, treeText }: Fillers) {
  const tree = (page: Page) => page.getByTestId('shareholder-tree')
  /** A node of the tree by the name of its person or company. */
  const node = (page: Page, name: string) => tree(page).getByRole('group', { name, exact: true })
  /** A node's own share (a company's node holds its shareholders' shares after its own). */
  const share = (page: Page, name: string) =>
    node(page, name).getByLabel(treeText('tree.share'), { exact: true }).first()

  type New = { kind: 'person'; person: Person } | { kind: 'company'; company: typeof holding }
  type Entry = New | { kind: 'person'; existing: string }
  /** "Add a shareholder" (of a company, when given), an entry and its share, added. */
  async function addShareholder(page: Page, entry: Entry, percent: string, under?: string) {
    const title = under ? treeText('tree.addUnder', { name: under }) : treeText('tree.add')
    await tree(page).getByRole('button', { name: title, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: title })
    await dialog.getByRole('radio', { name: treeText(`tree.${entry.kind}`) }).check()
    const choose = dialog.getByLabel(
      treeText(entry.kind === 'person' ? 'tree.choosePerson' : 'tree.chooseCompany'),
    )
    if ('existing' in entry) await choose.selectOption({ label: entry.existing })
    else if (entry.kind === 'person') {
      await choose.selectOption({ label: treeText('tree.newPerson') })
      await fillPerson(dialog, entry.person)
    } else {
      await choose.selectOption({ label: treeText('tree.newCompany') })
      await fillCompany(dialog, entry.company, 'businessAccountCreate.companyList.name')
    }
    await dialog.getByLabel(treeText('tree.share'), { exact: true }).fill(percent)
    await dialog.getByRole('button', { name: treeText('tree.add'), exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    const name =
      'existing' in entry
        ? entry.existing
        : entry.kind === 'person'
          ? fullName(entry.person)
          : entry.company.name
    await node(page, name).waitFor()
  }

  /** Types a node's share and leaves the box, as a person does before pressing Next. */
  async function setShare(page: Page, name: string, percent: string) {
    const input = share(page, name)
    await input.fill(percent)
    await input.press('Tab')
  }

  /** Picks a director of a shareholder company from the persons entered. */
  async function addDirector(page: Page, company: string, director: string) {
    const at = node(page, company)
    await at
      .getByLabel(treeText('tree.addDirectorOf', { name: company }), { exact: true })
      .selectOption({ label: director })
    await at.getByRole('button', { name: treeText('tree.addDirector') }).click()
    await at
      .getByRole('button', { name: treeText('tree.removeDirector', { name: director }) })
      .waitFor()
  }

  /** Chooses a source of funds of a person above 25 % and gives its details. */
  async function chooseSource(page: Page, name: string, source: string, details?: string) {
    const sources = node(page, name).getByTestId('sources-of-funds')
    await sources.getByRole('checkbox', { name: source }).check()
    if (details === undefined) return
    const input = sources.getByLabel(treeText('tree.sourceDetails', { source }))
    await input.fill(details)
    await input.press('Tab')
  }

  return { tree, node, share, addShareholder, setShare, addDirector, chooseSource }
}
