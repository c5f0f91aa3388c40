// The history as CSV (issue 16 items 2-3; docs/decisions.md, History export and statements):
// the lines the history page shows, a fee its own line, with headers, types, statuses and
// descriptions in the reader's language (the portal's own texts, locales/<lang>/history.json),
// amounts and dates formatted for it by Intl. RFC 4180 (CRLF, a field with a comma, quote or
// line break quoted, quotes doubled), UTF-8 with a byte order mark so spreadsheet programs
// read Cyrillic. A text a person typed or named (a description, a counterparty, a reference)
// starting with = + - @, a tab or a carriage return gets a leading apostrophe, so a
// spreadsheet shows it and never runs it as a formula; the numbers the server formats itself
// are left as they are.
import en from '../../../locales/en/history.json' with { type: 'json' }
import es from '../../../locales/es/history.json' with { type: 'json' }
import pt from '../../../locales/pt/history.json' with { type: 'json' }
import ro from '../../../locales/ro/history.json' with { type: 'json' }
import ru from '../../../locales/ru/history.json' with { type: 'json' }
import ua from '../../../locales/ua/history.json' with { type: 'json' }
import { localeOf, type Lang } from '../messages/messages.ts'
import { formatMoney } from '../../shared/money.ts'
import type { RpcData } from '../rpc/outcome.ts'

type HistoryTexts = typeof en
const textsOf: Record<Lang, HistoryTexts> = { en, es, pt, ro, ru, ua }

export type CsvTransaction = NonNullable<RpcData<'transactionHistoryList'>['transactions']>[number]

/** The columns, in order, by their key of history.json "columns". */
export const csvColumns = [
  'date',
  'number',
  'type',
  'description',
  'counterparty',
  'reference',
  'status',
  'amount',
  'currency',
  'balance',
] as const

/** A cell a spreadsheet would read as a formula, shown as text instead. */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function lookup(texts: unknown, path: string): string | undefined {
  let node: unknown = texts
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** A text of history.json in the language (English when it lacks it), {{name}} filled. */
export function historyText(lang: Lang, path: string, params: Record<string, string> = {}) {
  const template = lookup(textsOf[lang], path) ?? lookup(textsOf.en, path)
  if (template === undefined) return undefined
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole)
}

/** What the line was, as the history page says it (transaction-list.tsx, titleOf). */
export function describedAs(lang: Lang, row: CsvTransaction): string {
  const keyed = row.descriptionKey
    ? historyText(lang, `descriptions.${row.descriptionKey}`, row.descriptionParams ?? {})
    : undefined
  return keyed ?? row.description ?? ''
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>()

/** A date and time in the reader's language, in UTC as the history's days are. */
export function csvDate(lang: Lang, iso: string): string {
  let format = dateFormats.get(lang)
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'UTC',
    })
    dateFormats.set(lang, format)
  }
  return format.format(new Date(iso))
}

function lineOf(lang: Lang, row: CsvTransaction): string[] {
  const number = (amount: string) => formatMoney(amount, '', lang)
  return [
    csvDate(lang, row.date),
    String(row.transactionId),
    historyText(lang, `types.${row.transactionType}`) ?? row.transactionType ?? '',
    neutralised(describedAs(lang, row)),
    neutralised(row.counterpartyName ?? row.counterpartyEmail ?? ''),
    neutralised(row.reference ?? ''),
    historyText(lang, `status.${row.status}`) ?? row.status,
    number(row.amount),
    row.currencyCode,
    row.balance === undefined ? '' : number(row.balance),
  ]
}

/** The whole file: byte order mark, the header line, one line per entry, CRLF after each. */
export function historyCsv(lang: Lang, rows: readonly CsvTransaction[]): Buffer {
  const header = csvColumns.map((column) => historyText(lang, `columns.${column}`) ?? column)
  const lines = [header, ...rows.map((row) => lineOf(lang, row))]
  const text = lines.map((line) => `${line.map(csvField).join(',')}\r\n`).join('')
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
}
