// What bench:form does in the business registration wizard, as a person would: reach a
// section with Next, open the persons' and companies' dialogs, and type at a human pace
// (measured by keystroke-probe.ts). It also counts the form fields each section and dialog
// renders, so the wizard's size is measured, not assumed. Texts come from the English locale.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { measureAs } from './keystroke-probe.ts'

const root = join(import.meta.dirname, '../..')
/** Keydown to keydown, and how long a key is held: a quick typist's pace. */
const keyGapMs = 130
const keyHoldMs = 35
/** Longer than the debounced writes of the tree's inputs (400 ms). */
const settleMs = 600

const texts = (ns: string): unknown =>
  JSON.parse(readFileSync(join(root, `locales/en/${ns}.json`), 'utf8'))
const registration = texts('registration') as { next: string; hub: { edit: string } }
const tree = (texts('registration-tree') as { tree: Record<string, string> }).tree
const languageLabel = (texts('common') as { language: string }).language

export type Keys = string | string[]
/** A field of an open dialog by selector, what to type there, and the field's name. */
export type Edit = [selector: string, keys: Keys, field: string]

interface Count {
  /** The section, or the person or company whose dialog it is. */
  where: string
  count: number
  byKind: Record<string, number>
}

/** The fields counted: each section once, and each person's or company's dialog once. */
class FieldTally {
  sections: Count[] = []
  dialogs: Count[] = []
  readonly seen = new Set<string>()

  summary() {
    const sum = (counts: Count[]) => counts.reduce((total, c) => total + c.count, 0)
    const dialogTotal = sum(this.dialogs)
    const sectionTotal = sum(this.sections)
    const byKind: Record<string, number> = {}
    for (const count of [...this.sections, ...this.dialogs])
      for (const [kind, n] of Object.entries(count.byKind)) byKind[kind] = (byKind[kind] ?? 0) + n
    return {
      total: sectionTotal + dialogTotal,
      sectionTotal,
      dialogTotal,
      byKind,
      sections: this.sections,
      dialogs: this.dialogs,
    }
  }
}

/** The input, select and textarea elements shown in the page (dialogs aside) or its dialog. */
function countFields(page: Page, scope: 'page' | 'dialog', where: string): Promise<Count> {
  return page.evaluate(
    ({ scope, where, languageLabel }) => {
      const root = scope === 'dialog' ? document.querySelector('[role=dialog]') : document
      const byKind: Record<string, number> = {}
      let count = 0
      for (const element of root?.querySelectorAll('input, select, textarea') ?? []) {
        const kind =
          element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase()
        if (kind === 'hidden' || element.closest('[hidden]')) continue
        if (scope === 'page' && element.closest('[role=dialog]')) continue
        if (element.getAttribute('aria-label') === languageLabel) continue
        byKind[kind] = (byKind[kind] ?? 0) + 1
        count++
      }
      return { where, count, byKind }
    },
    { scope, where, languageLabel },
  )
}

export class WizardSteps {
  readonly fields = new FieldTally()
  /** The sections Next did not leave, with the issues shown; the stepper moved on instead. */
  readonly refusals: string[] = []

  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  private step(index: number): Locator {
    return this.page.locator('.mantine-Stepper-step').nth(index)
  }

  /** Waits for the section to show, then counts its fields. */
  async reach(index: number, section: string): Promise<void> {
    await this.step(index).and(this.page.locator('[data-progress]')).waitFor()
    const content =
      section === 'shareholders'
        ? this.page.getByTestId('shareholder-tree')
        : this.page.locator('[id^="root_"], [data-testid^="hub-person-"]')
    await content.first().waitFor()
    await this.page.waitForTimeout(settleMs)
    this.fields.sections.push(await countFields(this.page, 'page', section))
  }

  /** Next, as a person moves on; the stepper when the section's check refuses. */
  async next(index: number): Promise<void> {
    await this.page.getByRole('button', { name: registration.next }).click()
    try {
      await this.step(index + 1)
        .and(this.page.locator('[data-progress]'))
        .waitFor({ timeout: 20_000 })
    } catch {
      const shown = await this.page
        .locator('[role=alert], .mantine-InputWrapper-error, [data-testid=tree-errors]')
        .allInnerTexts()
      this.refusals.push(`section ${index}: ${shown.join(' | ').slice(0, 500)}`)
      await this.step(index + 1).click()
    }
  }

  /** Types at the end of a field at a human pace, each key measured as typed into `field`. */
  async type(target: string | Locator, keys: Keys, field: string): Promise<void> {
    const input = typeof target === 'string' ? this.page.locator(target).first() : target
    await input.scrollIntoViewIfNeeded()
    await input.focus()
    await this.page.keyboard.press('Control+End')
    await measureAs(this.page, field)
    for (const key of typeof keys === 'string' ? [...keys] : keys) {
      const started = Date.now()
      await this.page.keyboard.press(key, { delay: keyHoldMs })
      await this.page.waitForTimeout(Math.max(0, keyGapMs - (Date.now() - started)))
    }
    await measureAs(this.page, null)
    await this.page.waitForTimeout(settleMs)
  }

  /** The section's first one-line text field (a question's answer). */
  async typeInFirstText(keys: Keys, field: string): Promise<void> {
    const input = this.page.locator('input[type=text]:visible, textarea:visible').first()
    if ((await input.count()) > 0) await this.type(input, keys, field)
  }

  /** Opens a dialog with its edit button, counts its fields the first time, and leaves it. */
  private async openDialog(button: Locator, name: string): Promise<Locator> {
    await button.click()
    const dialog = this.page.getByRole('dialog')
    await dialog.locator('[id^="root_"]').first().waitFor()
    if (!this.fields.seen.has(name)) {
      this.fields.seen.add(name)
      this.fields.dialogs.push(await countFields(this.page, 'dialog', name))
    }
    return dialog
  }

  private async closeDialog(dialog: Locator, save: boolean): Promise<void> {
    if (save) await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    else await this.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  }

  private async editIn(button: Locator, name: string, edits: Edit[]): Promise<void> {
    const dialog = await this.openDialog(button, name)
    for (const [selector, keys, field] of edits)
      await this.type(dialog.locator(selector), keys, field)
    await this.closeDialog(dialog, edits.length > 0)
  }

  private hubRows(): Locator {
    return this.page.getByTestId(/^hub-person-\d+$/)
  }

  private async hubRow(index: number) {
    const row = this.hubRows().nth(index)
    const name = await row.locator('p').first().innerText()
    return { name, edit: row.getByRole('button', { name: registration.hub.edit, exact: true }) }
  }

  /** Each person of the hub not counted yet: their dialog opened and closed. */
  async countHubDialogs(): Promise<void> {
    for (let i = 0; i < (await this.hubRows().count()); i++) {
      const { name, edit } = await this.hubRow(i)
      if (!this.fields.seen.has(name)) await this.editIn(edit, name, [])
    }
  }

  async editInHub(index: number, edits: Edit[]): Promise<void> {
    const { name, edit } = await this.hubRow(index)
    await this.editIn(edit, name, edits)
  }

  private treeNodes(): Locator {
    return this.page.getByTestId('shareholder-tree').locator('li > [role=group][aria-labelledby]')
  }

  private async treeNode(index: number) {
    const node = this.treeNodes().nth(index)
    const name = await node.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.innerText ?? '',
    )
    const label = new RegExp(`^(${tree.editPerson}|${tree.editCompany})$`)
    return { name, edit: node.getByRole('button', { name: label }).first() }
  }

  /** Each person and company of the tree not counted yet: their dialog opened and closed. */
  async countTreeDialogs(): Promise<void> {
    for (let i = 0; i < (await this.treeNodes().count()); i++) {
      const { name, edit } = await this.treeNode(i)
      if (!this.fields.seen.has(name)) await this.editIn(edit, name, [])
    }
  }

  async editCompanyInTree(company: string, edits: Edit[]): Promise<void> {
    for (let i = 0; i < (await this.treeNodes().count()); i++) {
      const { name, edit } = await this.treeNode(i)
      if (name === company) return this.editIn(edit, name, edits)
    }
    throw new Error(`no ${company} in the shareholder tree`)
  }

  /** The share input of the tree's node at this place (depth first). */
  async typeShare(node: number, keys: Keys, field: string): Promise<void> {
    await this.type(this.page.getByLabel(tree.share!, { exact: true }).nth(node), keys, field)
  }

  /** The first details input of a shareholder's sources of funds. */
  sourceDetails(): Locator {
    const prefix = tree.sourceDetails!.split('{{')[0]!
    return this.page
      .getByTestId('sources-of-funds')
      .getByLabel(new RegExp(`^${prefix}`))
      .first()
  }
}
