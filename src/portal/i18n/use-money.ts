// Amounts for the reader (issue 16 item 3): formatMoney in the portal's current language, so a
// change of language reformats every amount on the page.
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../shared/money.ts'

export type MoneyFormatter = (
  amount: string | number | bigint,
  currency: string | undefined,
) => string

export function useMoney(): MoneyFormatter {
  const { i18n } = useTranslation()
  const { language } = i18n
  return useCallback(
    (amount: string | number | bigint, currency: string | undefined) =>
      formatMoney(amount, currency, language),
    [language],
  )
}
