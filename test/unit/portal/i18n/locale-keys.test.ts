// Every screen in all six languages (DESIGN.md, house rules): each namespace exists in every
// language with the same keys, plural forms aside (each language has the forms it needs),
// and no text is empty.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../../../../locales')
const languages = ['en', 'es', 'pt', 'ro', 'ru', 'ua']
const pluralSuffix = /_(zero|one|two|few|many|other)$/

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix]
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  )
}

function texts(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>
}

const namespaces = readdirSync(join(root, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))

test('every language has every namespace', () => {
  for (const lang of languages) {
    const names = readdirSync(join(root, lang)).map((name) => name.replace(/\.json$/, ''))
    expect(names.sort(), lang).toEqual([...namespaces].sort())
  }
})

describe.each(namespaces)('%s', (ns) => {
  const english = new Set(keysOf(texts('en', ns)).map((key) => key.replace(pluralSuffix, '')))
  test.each(languages)('%s has the same keys as English, none empty', (lang) => {
    const all = keysOf(texts(lang, ns))
    const keys = new Set(all.map((key) => key.replace(pluralSuffix, '')))
    expect(
      [...keys].filter((key) => !english.has(key)),
      'keys English does not have',
    ).toEqual([])
    expect(
      [...english].filter((key) => !keys.has(key)),
      'keys missing',
    ).toEqual([])
    const flat = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : Object.values(node as object).flatMap(flat)
    expect(flat(texts(lang, ns)).filter((text) => text.trim() === '')).toEqual([])
  })
})
