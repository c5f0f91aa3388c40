// The server's message catalogue (locales/<lang>/messages.json, issue 16): every key in all
// six languages with the same {{params}}, and rendering fills them or refuses to send a
// placeholder to a customer.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  languages,
  placeholdersOf,
  renderMail,
  renderMessage,
  subjectsOf,
} from '../../../../src/server/messages/messages.ts'
import { formatMoney } from '../../../../src/shared/money.ts'

const root = join(import.meta.dirname, '../../../../locales')

function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]]
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  )
}

const catalogue = (lang: string) =>
  new Map(leaves(JSON.parse(readFileSync(join(root, lang, 'messages.json'), 'utf8'))))

describe.each(languages.filter((lang) => lang !== 'en'))('%s', (lang) => {
  const english = catalogue('en')
  const texts = catalogue(lang)

  test('has every key of English and no other', () => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort())
  })

  test('uses the same {{params}} in every text', () => {
    const differing = [...english].filter(
      ([key, text]) =>
        placeholdersOf(text).sort().join() !==
        placeholdersOf(texts.get(key) ?? '')
          .sort()
          .join(),
    )
    expect(differing.map(([key]) => key)).toEqual([])
  })

  test('is translated: no text other than a bare placeholder equals the English one', () => {
    const same = [...english].filter(
      ([key, text]) => texts.get(key) === text && !/^(\{\{\w+\}\}\s*)+$/.test(text),
    )
    // Names of forms and modes that stay as they are in every language.
    const allowed = new Set(['twoStepMode.sms'])
    expect(same.map(([key]) => key).filter((key) => !allowed.has(key))).toEqual([])
  })
})

describe('rendering', () => {
  test('fills the parameters in the language asked for, with English as the fallback', () => {
    expect(renderMail('ru', 'passwordReset', { code: 'AB12CD34' })).toEqual({
      subject: 'Сброс пароля',
      body: expect.stringContaining('AB12CD34') as string,
    })
    expect(renderMessage('en', 'mail.activation.subject')).toBe('Activate your account')
  })

  test('a missing parameter is a bug, never a "{{code}}" in a mail', () => {
    expect(() => renderMail('en', 'passwordReset')).toThrow(/parameter code/)
  })

  test('finds the subject of a mail in every language', () => {
    expect(subjectsOf('deviceApprove')).toHaveLength(6)
    expect(subjectsOf('deviceApprove')).toContain('Подтвердите новое устройство')
  })
})

describe('amounts', () => {
  test('are formatted for the language, with grouping and the symbol where it belongs', () => {
    expect(formatMoney('15400.5', 'USD', 'en')).toBe('$15,400.50')
    expect(formatMoney('1232.15', 'USD', 'ru')).toBe('1\u00a0232,15\u00a0$')
    expect(formatMoney('15400.15', 'EUR', 'es')).toBe('15.400,15\u00a0€')
    expect(formatMoney('0.12345678', 'BTC', 'en')).toContain('0.12345678')
  })
})
