// Steps on the card pages (issue 17) as a person takes them, in any language: open a card by
// what its face says, press an action by its label, read the status and the balance shown,
// and show the PIN through whatever approval the customer's mode asks for.
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { mailedCode } from './mailed-code.ts'
import { locale, text } from './screen-steps.ts'
import { shownAmount } from './shown-money.ts'

export const cardTexts = (lang: string) => {
  const cards = locale(lang, 'cards')
  return (key: string) => text(cards, key)
}

/** Opens the card whose face shows `title` from the list of its kind. */
export async function openCard(page: Page, baseUrl: string, kind: string, title: string) {
  await page.goto(`${baseUrl}/cards/${kind}`)
  await page.getByTestId('card-face').filter({ hasText: title }).first().click()
  await page.getByTestId('card-actions').or(page.getByTestId('card-no-actions')).waitFor()
}

/** The status on the card's face. */
export const statusOf = (page: Page) => page.getByTestId('card-face').getByTestId('card-status')

/** The balance on the card's face, as a decimal. */
export async function cardBalance(page: Page): Promise<string> {
  const shown = page.getByTestId('card-face').getByTestId('card-balance')
  return shownAmount(String(await shown.textContent()))
}

/** A button of the card's actions. */
export const action = (page: Page, label: string): Locator =>
  page.getByTestId('card-actions').getByRole('button', { name: label, exact: true })

/** Presses Show PIN and, when the customer's mode asks, enters the code that was sent. */
export async function showPin(
  page: Page,
  baseUrl: string,
  lang: string,
  who: { email: string; mailLang: string },
) {
  const t = cardTexts(lang)
  await page.getByRole('button', { name: t('pin.show'), exact: true }).click()
  const dialog = page.getByRole('dialog')
  const pin = page.getByTestId('pin-code')
  await pin.or(dialog).first().waitFor()
  if (await dialog.isVisible()) {
    const transfers = locale(lang, 'transfers')
    const subject = text(locale(who.mailLang, 'messages'), 'mail.approvalCode.subject')
    const code = await mailedCode(baseUrl, who.email, subject)
    await dialog.getByLabel(text(transfers, 'code.label')).fill(code)
    await dialog.getByRole('button', { name: text(transfers, 'code.submit') }).click()
  }
  await pin.waitFor()
  return String(await pin.textContent())
}

/** Waits until the shown status reads `status`. */
export async function statusReads(page: Page, status: string): Promise<void> {
  await expect.poll(() => statusOf(page).textContent()).toBe(status)
}
