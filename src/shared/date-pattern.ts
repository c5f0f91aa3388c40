// Dates typed and shown in the page's language, not the browser's (issue 16): the order of
// day, month and year and the separator come from Intl.DateTimeFormat.formatToParts for the
// language; the value kept and sent stays ISO YYYY-MM-DD. Pure, so the date field and its
// tests share it.

export type DatePart = 'day' | 'month' | 'year'

export interface DatePattern {
  /** The parts in the language's order. */
  order: DatePart[]
  /** The text between two parts ("." in ru, "/" in en). */
  separator: string
}

/** A product language as Intl knows it ("ua" is Ukrainian, "uk" in BCP 47). */
function intlLocale(lang: string): string {
  const base = lang.split('-')[0]?.toLowerCase() || 'en'
  return base === 'ua' ? 'uk' : base
}

const patterns = new Map<string, DatePattern>()

/** The numeric date pattern of a language: ru day.month.year, en month/day/year. */
export function datePattern(lang: string): DatePattern {
  const locale = intlLocale(lang)
  const known = patterns.get(locale)
  if (known) return known
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.UTC(2026, 10, 28, 12)))
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year')
  const literal = parts.find((part) => part.type === 'literal')?.value ?? '/'
  // Some languages end the year with a letter and a dot ("2026 г."): only the separator counts.
  const pattern = { order, separator: literal.trim() === '' ? literal : literal.trim() }
  patterns.set(locale, pattern)
  return pattern
}

/** The pattern as a person reads it, with the language's letters: ДД.ММ.ГГГГ, MM/DD/YYYY. */
export function patternText(pattern: DatePattern, letters: Record<DatePart, string>): string {
  const width: Record<DatePart, number> = { day: 2, month: 2, year: 4 }
  return pattern.order.map((part) => letters[part].repeat(width[part])).join(pattern.separator)
}

/** An ISO date (YYYY-MM-DD) in the language's numeric pattern; '' for anything else. */
export function formatIsoDate(iso: string, pattern: DatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return ''
  const values: Record<DatePart, string> = { year: match[1]!, month: match[2]!, day: match[3]! }
  return pattern.order.map((part) => values[part]).join(pattern.separator)
}

/**
 * What a person typed as an ISO date: the language's order with any separator, one or two
 * digits for day and month, four for the year; or an ISO date itself. Undefined when it is not
 * a real date (31.02.2026).
 */
export function parseDate(text: string, pattern: DatePattern): string | undefined {
  const trimmed = text.trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
  const numbers = iso ? null : trimmed.split(/[^0-9]+/).filter(Boolean)
  const values: Partial<Record<DatePart, string>> = {}
  if (iso) Object.assign(values, { year: iso[1], month: iso[2], day: iso[3] })
  else if (numbers?.length === 3) pattern.order.forEach((part, i) => (values[part] = numbers[i]))
  const { year, month, day } = values
  if (!year || !month || !day || year.length !== 4 || month.length > 2 || day.length > 2)
    return undefined
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return undefined
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** The ISO date of a Date's local day. */
export function isoOfLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
