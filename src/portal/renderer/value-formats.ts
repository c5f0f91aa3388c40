// How a value of an answer reads, shared by the table's cells and the summary's sentences: an
// option in words (its own group of names, or the one named by `options`), a list of
// options, the items of a list by one of their fields, and a percent.
import type { useTranslation } from 'react-i18next'
import type { Json } from './screens-data.ts'

type TFunction = ReturnType<typeof useTranslation>['t']

/** An option's name: forms:options.<group>.<value>, else the value itself. */
export function optionName(t: TFunction, group: string, value: Json): string {
  return t(`forms:options.${group}.${String(value)}`, { defaultValue: String(value) })
}

/** An enum value in words; a list of them (a person's positions) joined. */
export function enumText(t: TFunction, group: string, value: Json): string {
  return Array.isArray(value)
    ? value.map((item) => optionName(t, group, item)).join(', ')
    : optionName(t, group, value)
}

/** The `item` field of each item of a list that has it (the types of an address's documents). */
export function listItems(value: Json, item: string | undefined): string[] {
  if (!Array.isArray(value)) return []
  return value
    .map((entry) =>
      item && entry !== null && typeof entry === 'object' && !Array.isArray(entry)
        ? entry[item]
        : entry,
    )
    .filter((shown) => shown !== undefined && shown !== null && shown !== '')
    .map(String)
}

/** A number of percent in the language's way (55 -> "55 %" or "55%"). */
export function percentText(value: Json, language: string): string {
  const number = Number(value)
  if (!Number.isFinite(number)) return String(value)
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    number / 100,
  )
}
