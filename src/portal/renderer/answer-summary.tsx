// The values of an answer a screen shows as sentences (list.summary, settings.summary): the fee
// of one identity verification above its list, the person's name and verification state above
// the tax id. Each is read by its dotted path and shown in its format; a value the answer
// lacks is left out. A link (a form's PDF) opens in a new tab, its text the summary's sentence.
import { useTranslation } from 'react-i18next'
import { Anchor, Stack, Text } from '@mantine/core'
import { formatMoney } from '../../shared/money.ts'
import { valueAt } from './resource-data.ts'
import type { Json, ScreenDescription } from './screens-data.ts'
import { enumText, listItems } from './value-formats.ts'

export type SummaryFields = NonNullable<NonNullable<ScreenDescription['list']>['summary']>
type Translate = ReturnType<typeof useTranslation>['t']

/** The summary's values of an answer, by field; a missing one is null. */
export function summaryValues(
  body: Record<string, Json>,
  fields: SummaryFields | undefined,
): Record<string, Json> {
  return Object.fromEntries(
    (fields ?? []).map(({ field }) => [field, valueAt(body, field) ?? null]),
  )
}

/**
 * One value as shown: money with its currency, an option in words, yes or no, a date and
 * time, the items of a list by one of their fields, or the text.
 */
export function summaryShown(
  t: Translate,
  field: string,
  format: SummaryFields[number]['format'],
  value: Json,
  { options, item, language = 'en' }: { options?: string; item?: string; language?: string } = {},
): string {
  if (format === 'money' && value !== null && typeof value === 'object' && !Array.isArray(value))
    return formatMoney(
      String(value.amount ?? ''),
      typeof value.currencyCode === 'string' ? value.currencyCode : undefined,
      language,
    )
  if (format === 'enum') return enumText(t, options ?? field.split('.').at(-1)!, value)
  if (format === 'boolean') return t(value === true ? 'screens:yes' : 'screens:no')
  if (format === 'list') return listItems(value, item).join(', ')
  if (format === 'dateTime') {
    const date = new Date(String(value))
    return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(language)
  }
  return String(value)
}

export function AnswerSummary({
  screenId,
  fields,
  values,
}: {
  screenId: string
  fields: SummaryFields | undefined
  values: Record<string, Json>
}) {
  const { t, i18n } = useTranslation(['screens', 'forms'])
  if (!fields?.length) return null
  const lines = fields.map(({ field, format, options, item }) => {
    const value = values[field]
    if (value === null || value === undefined || value === '') return null
    if (Array.isArray(value) && value.length === 0) return null
    if (format === 'link')
      return (
        <Anchor
          key={field}
          data-testid={`summary-${field}`}
          href={String(value)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t(`screens:${screenId}.summary.${field}`)}
        </Anchor>
      )
    return (
      <Text key={field} data-testid={`summary-${field}`}>
        {t(`screens:${screenId}.summary.${field}`, {
          value: summaryShown(t, field, format, value, {
            ...(options && { options }),
            ...(item && { item }),
            language: i18n.language,
          }),
        })}
      </Text>
    )
  })
  return <Stack gap={4}>{lines}</Stack>
}
