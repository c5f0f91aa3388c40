// Every text a rendered screen shows comes from the locale files in all six languages: the
// screen titles and menu, each column header, each form field label, each action, and the
// error message of every rule a form schema uses (the "required" message included).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import bundle from '../../../../src/generated/screens.json' with { type: 'json' }

const root = join(import.meta.dirname, '../../../..')
const langs = ['en', 'es', 'pt', 'ro', 'ru', 'ua']
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(root, `locales/${lang}/${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >

type Schema = {
  properties?: Record<string, Schema>
  allOf?: Schema[]
  type?: string
  [k: string]: unknown
}
type Screen = {
  id: string
  continueTo?: string
  settings?: { summary?: { field: string; format?: string; options?: string }[] }
  list?: { columns: { field: string }[] }
  create?: object
  edit?: object
  actions?: { id: string; confirm?: boolean }[]
  toggle?: object
}

function has(texts: Record<string, unknown>, key: string): boolean {
  return (
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        texts,
      ) !== undefined
  )
}

/** Field names and rule keywords of every form schema of every brand. */
function formFieldsAndRules(): { fields: Set<string>; rules: Set<string> } {
  const fields = new Set<string>()
  const rules = new Set<string>(['required'])
  const ruleKeywords = [
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'pattern',
    'format',
    'enum',
    'const',
    'not',
    'minItems',
    'maxItems',
  ]
  const walk = (schema: Schema) => {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      fields.add(name)
      for (const keyword of ruleKeywords) if (keyword in property) rules.add(keyword)
      walk(property)
      // The fields of a list's items (a certification's tax ids) have labels too.
      if (property.items && typeof property.items === 'object') walk(property.items as Schema)
    }
    for (const part of schema.allOf ?? []) walk(part)
  }
  for (const schema of Object.values(bundle.schemas as Record<string, Schema>)) walk(schema)
  return { fields, rules }
}

describe.each(langs)('%s', (lang) => {
  const screens = locale(lang, 'screens')
  const forms = locale(lang, 'forms')

  test('every screen has its title, and its create, edit, switch and action texts', () => {
    const missing: string[] = []
    for (const screen of bundle.screens as Screen[]) {
      const keys = [`${screen.id}.title`]
      for (const action of screen.actions ?? []) {
        keys.push(`${screen.id}.actions.${action.id}`)
        if (action.confirm) keys.push(`${screen.id}.actions.${action.id}Confirm`)
      }
      if (screen.toggle) keys.push(`${screen.id}.toggle`)
      if (screen.continueTo) keys.push(`${screen.id}.continue`)
      for (const { field } of screen.settings?.summary ?? [])
        keys.push(`${screen.id}.summary.${field}`)
      missing.push(...keys.filter((key) => !has(screens, key)))
    }
    expect(missing).toEqual([])
  })

  test('every column and every form field has a label', () => {
    const { fields } = formFieldsAndRules()
    // A dotted column (document.statusId) falls back to the label of its last part.
    for (const screen of bundle.screens as Screen[])
      for (const c of screen.list?.columns ?? []) fields.add(c.field.split('.').pop()!)
    expect([...fields].filter((field) => !has(forms, `fields.${field}`))).toEqual([])
  })

  test('every value a summary shows in words has its words', () => {
    const missing: string[] = []
    for (const screen of bundle.screens as Screen[])
      for (const { format, options } of screen.settings?.summary ?? []) {
        if (format !== 'enum' || !options) continue
        if (!has(forms, `options.${options}`)) missing.push(`options.${options}`)
      }
    expect(missing).toEqual([])
  })

  test('every rule a form uses has its error message', () => {
    const { rules } = formFieldsAndRules()
    expect([...rules].filter((rule) => !has(forms, `errors.${rule}`))).toEqual([])
  })
})
