// Amounts as the portal shows them, read back as decimals: "$1,250.75", "1 250,75 $" and
// "-1.232,10 €" all read as plain decimal strings ("1250.75", "-1232.10"), whatever the
// language's grouping and decimal sign (the portal formats by locale, issue 16 item 3).
import type { Page } from 'playwright-core'

/** The decimal a shown amount stands for: the last '.' or ',' followed by 1–8 digits is the decimal sign. */
export function shownAmount(shown: string): string {
  const negative = /[-−]/.test(shown)
  const digits = shown.replace(/[^0-9.,]/g, '')
  const decimal = /[.,](\d{1,8})$/.exec(digits)
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '')
  const fraction = decimal?.[1] ?? '00'
  return `${negative ? '-' : ''}${whole || '0'}.${fraction.padEnd(2, '0')}`
}

/** Home's balance of one account, as a decimal (opens home when elsewhere). */
export async function balanceOn(page: Page, baseUrl: string, accountId: number): Promise<string> {
  if (!page.url().endsWith('/home')) await page.goto(`${baseUrl}/home`)
  const card = page.getByTestId('account-card').filter({ hasText: String(accountId) })
  return shownAmount(String(await card.getByTestId('account-balance').textContent()))
}

/** Home's pending amount of one account as a decimal, 0.00 when none shows. */
export async function pendingOn(page: Page, baseUrl: string, accountId: number): Promise<string> {
  if (!page.url().endsWith('/home')) await page.goto(`${baseUrl}/home`)
  const card = page.getByTestId('account-card').filter({ hasText: String(accountId) })
  await card.getByTestId('account-balance').waitFor()
  const pending = card.getByTestId('account-pending')
  if ((await pending.count()) === 0) return '0.00'
  return shownAmount(String(await pending.textContent()))
}
