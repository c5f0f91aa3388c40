// Amounts in the texts the server writes (e-mails, PDFs), formatted for the reader's language
// with the currency's symbol, grouping and placement (issue 16 item 3). This is the one call
// site of the shared formatting: formatMoney(amount, currency, lang) of src/shared/money.ts,
// to which moneyText delegates once it is there; until then it applies the same options.
import { localeOf, type Lang } from './messages.ts'

/** "1 234,50 $" in ru, "$1,234.50" in en: amount is a decimal string, currency an ISO code. */
export function moneyText(amount: string, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 8,
  }).format(amount as Intl.StringNumericLiteral)
}
