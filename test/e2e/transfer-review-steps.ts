// Sending money as a person does since issue 16: Send opens the review, Confirm on it sends.
// One helper for every browser test that sends a transfer (the between-accounts, P2P and
// external pages), so a test reads the review's numbers where it wants to and confirms.
import type { Locator, Page } from 'playwright-core'
import { locale, text } from './screen-steps.ts'
import { shownAmount } from './shown-money.ts'

/** The review's texts in a language. */
export function reviewTexts(lang: string) {
  const transfers = locale(lang, 'transfers')
  return {
    send: text(transfers, 'submit'),
    confirm: text(transfers, 'review.confirm'),
    back: text(transfers, 'review.back'),
    title: text(transfers, 'review.title'),
  }
}

/** Presses Send and waits for the review it opens. */
export async function openReview(page: Page, lang = 'en'): Promise<Locator> {
  await page.getByRole('button', { name: reviewTexts(lang).send, exact: true }).click()
  const review = page.getByTestId('transfer-review')
  await review.waitFor()
  return review
}

/** Confirm on the open review: the transfer is sent and the approval step follows. */
export async function confirmReview(page: Page, lang = 'en'): Promise<void> {
  await page
    .getByTestId('transfer-review')
    .getByRole('button', { name: reviewTexts(lang).confirm })
    .click()
}

/** Send, then Confirm on the review: what sending a filled transfer form is. */
export async function sendThroughReview(page: Page, lang = 'en'): Promise<void> {
  await openReview(page, lang)
  await confirmReview(page, lang)
}

/** A line of the open review as shown (review-<name>: youSend, fee, total, theyGet...). */
export async function reviewLine(page: Page, name: string): Promise<string> {
  return String(await page.getByTestId(`review-${name}`).textContent())
}

/** The review's four numbers as decimals. */
export async function reviewNumbers(page: Page) {
  const read = async (name: string) => shownAmount(await reviewLine(page, name))
  return {
    youSend: await read('youSend'),
    fee: await read('fee'),
    total: await read('total'),
    theyGet: await read('theyGet'),
  }
}
