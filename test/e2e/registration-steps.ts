// What a person does in a registration wizard, shared by the registration browser tests: find a
// field by its label, move between the sections, fill a person or a company in their forms,
// build the shareholder tree, and read the mailbox. Texts come from the locale files, so a
// test reads what the person reads.
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { escape, locale, text, type Texts } from './screen-steps.ts'

export type Scope = Page | Locator

/** A locale text with its {{values}} filled in, as i18next fills them. */
export function filled(texts: Texts, key: string, values: Record<string, string | number> = {}) {
  return text(texts, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}} in ${key}`)
    return String(values[name])
  })
}

export function wizardTexts(lang: string) {
  return {
    forms: locale(lang, 'forms'),
    screens: locale(lang, 'screens'),
    registration: locale(lang, 'registration'),
    tree: locale(lang, 'registration-tree'),
    access: locale(lang, 'access'),
    security: locale(lang, 'security'),
    common: locale(lang, 'common'),
    auth: locale(lang, 'auth'),
  }
}
export type WizardTexts = ReturnType<typeof wizardTexts>

/** The steps of a wizard in one language (its forms' labels, its buttons, its sections). */
export function wizardSteps(texts: WizardTexts, screenId: string) {
  /** A field by the start of its label (a required one adds an asterisk). */
  const field = (scope: Scope, key: string) =>
    scope.getByLabel(new RegExp(`^${escape(text(texts.forms, key))}`)).first()
  const button = (scope: Scope, key: string) =>
    scope.getByRole('button', { name: text(texts.registration, key), exact: true })
  const sectionName = (section: string) => text(texts.screens, `${screenId}.sections.${section}`)
  /** The step the wizard shows now (the stepper marks it aria-current="step"). */
  const currentStep = (page: Page) => page.locator('[aria-current="step"]')
  async function expectStep(page: Page, section: string) {
    await expect.poll(() => currentStep(page).textContent()).toMatch(sectionName(section))
  }
  /** Presses a button of the wizard's row and waits until its check has finished. */
  async function press(page: Page, key: 'next' | 'submit') {
    await button(page, key).click()
    // The button is disabled while the sections are checked (Mantine's data-loading); a
    // refused submit then shows another section, whose row has Next instead.
    await expect.poll(() => page.locator('button[data-loading]').count()).toBe(0)
  }
  /** A step of the stepper clicked (its number shows until it is done). */
  async function goTo(page: Page, section: string) {
    const name = new RegExp(`^(\\d+ )?${escape(sectionName(section))}$`)
    await page.getByRole('button', { name }).click()
    await expectStep(page, section)
  }
  /** Next, and the wizard shows the following section. */
  async function next(page: Page, following: string) {
    await button(page, 'next').click()
    await expectStep(page, following)
  }
  return { field, button, sectionName, currentStep, expectStep, press, goTo, next }
}

/** Opens the demo mailbox page for an address and answers the text of its newest message. */
export async function readMailbox(
  page: Page,
  baseUrl: string,
  texts: WizardTexts,
  recipient: string,
  subject: RegExp,
): Promise<string> {
  await page.goto(`${baseUrl}/mailbox`)
  const label = new RegExp(`^${escape(text(texts.security, 'mailbox.recipient'))}`)
  await page.getByLabel(label).fill(recipient)
  await page.getByRole('button', { name: text(texts.security, 'mailbox.show') }).click()
  const message = page.getByTestId('mailbox-message').filter({ hasText: subject }).first()
  await message.waitFor()
  return String(await message.textContent())
}

/** The local part of a link in a message (path and query), without trailing punctuation. */
export function linkIn(body: string, path: string): string {
  const found = new RegExp(`${path}\\?[^\\s]+`).exec(body)?.[0]
  expect(found, body).toBeDefined()
  return found!.replace(/[.,]$/, '')
}
