// Every language all the way down (issue 16 item 2): a Russian or Ukrainian reader walks home,
// the history, the notification settings, the login history and a transfer, and reads no
// Latin-script word but the ones a Russian page of a bank shows too: the brand's name, currency
// codes, e-mail addresses, account numbers and a few acronyms (IBAN, P2P...). No camelCase
// token either: that would be an id leaking from the code or the server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'
import { brandNameWords, latinLeaks } from './latin-words.ts'
import { confirmReview, openReview } from './transfer-review-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

/** The words a person reads on the page, in the page's language (a `lang` elsewhere is skipped). */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const parts: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      // Names, e-mail addresses and numbers a person typed are marked translate="no".
      const skipped = 'script, style, noscript, [hidden], [aria-hidden="true"], [translate="no"]'
      if (!parent || parent.closest(skipped)) continue
      const lang = parent.closest('[lang]')?.getAttribute('lang') ?? pageLang
      if (lang !== pageLang) continue
      if (parent.checkVisibility && !parent.checkVisibility()) continue
      parts.push(node.textContent ?? '')
    }
    // Values a person reads in fields (a chosen option is its text, above).
    for (const input of document.querySelectorAll('input:not([type=hidden])')) {
      const { placeholder } = input as HTMLInputElement
      if (placeholder) parts.push(placeholder)
    }
    return parts.join('\n')
  })
}

async function expectOnlyOwnWords(page: Page, where: string) {
  const leaks = latinLeaks(await shownText(page), brandNameWords())
  expect(leaks, `Latin-script words on ${where}`).toEqual([])
}

describe.each(['ru', 'ua'])('a reader in %s', (lang) => {
  const home = locale(lang, 'home')
  const history = locale(lang, 'history')
  const screens = locale(lang, 'screens')
  const transfers = locale(lang, 'transfers')

  async function signedIn(): Promise<Page> {
    const { page } = await portal.newPage({ width: 1366, height: 900 })
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    // The person picks the language once; it is remembered for the next pages.
    await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
    await page.reload()
    return page
  }

  test('reads the legal documents, their titles from the server, in their language', async () => {
    const page = await signedIn()
    await page.goto(`${portal.baseUrl}/legal`)
    await page
      .getByRole('heading', { level: 1, name: text(screens, 'legalDocuments.title') })
      .waitFor()
    const privacy = lang === 'ru' ? 'Политика конфиденциальности' : 'Політика конфіденційності'
    await page.getByRole('cell', { name: privacy }).waitFor()
    await expectOnlyOwnWords(page, '/legal')
  })

  test('reads home, history, notification settings and login history in their language', async () => {
    const page = await signedIn()
    await page.getByRole('heading', { level: 1, name: text(home, 'title') }).waitFor()
    await page.locator('[data-testid="transaction-amount"]:visible').first().waitFor()
    await expectOnlyOwnWords(page, '/home')

    await page.goto(`${portal.baseUrl}/history`)
    await page.getByRole('heading', { level: 1, name: text(history, 'title') }).waitFor()
    await page.getByTestId('transaction-row').first().waitFor()
    await expectOnlyOwnWords(page, '/history')

    await page.goto(`${portal.baseUrl}/profile/notifications`)
    await page.getByRole('heading', { name: text(screens, 'notificationSettings.title') }).waitFor()
    await page.getByRole('switch').first().waitFor()
    await expectOnlyOwnWords(page, '/profile/notifications')

    await page.goto(`${portal.baseUrl}/login-history`)
    await page.getByRole('heading', { name: text(screens, 'loginHistory.title') }).waitFor()
    await page.getByRole('row').nth(1).waitFor()
    await expectOnlyOwnWords(page, '/login-history')
  })

  test('reads a P2P transfer in their language: the form, its review and what follows', async () => {
    const page = await signedIn()
    await page.goto(`${portal.baseUrl}/transfer/p2p`)
    await page.getByRole('heading', { level: 1, name: text(transfers, 'p2p.title') }).waitFor()
    await page
      .getByLabel(new RegExp(`^${text(transfers, 'p2p.email')}`))
      .and(page.locator('input'))
      .fill('business@nova.example')
    await page.getByTestId('payee-note').waitFor()
    await page.getByLabel(new RegExp(`^${text(transfers, 'amount')}`)).fill('2')
    await page.getByTestId('transfer-fee').waitFor()
    await expectOnlyOwnWords(page, '/transfer/p2p')
    await openReview(page, lang)
    await expectOnlyOwnWords(page, 'the review')
    await confirmReview(page, lang)
    await page.getByRole('dialog').waitFor()
    await expectOnlyOwnWords(page, 'the dialog after Confirm')
  })
})
