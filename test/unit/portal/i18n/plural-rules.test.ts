// Russian and Ukrainian plural rules (product-spec section 9): the portal registers the
// product's "ua" as "uk" so that Intl.PluralRules picks Ukrainian forms.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { i18nCode } from '../../../../src/portal/i18n/i18n.ts'

const root = join(import.meta.dirname, '../../../..')
const home = (lang: string) =>
  JSON.parse(readFileSync(join(root, `locales/${lang}/home.json`), 'utf8'))

async function translator(productLang: 'ru' | 'ua' | 'en') {
  const code = i18nCode(productLang)
  const instance = i18next.createInstance()
  await instance.init({
    lng: code,
    resources: { [code]: { home: home(productLang) } },
    ns: ['home'],
  })
  return (count: number) => instance.t('home:accountsCount', { count })
}

describe('plural forms', () => {
  const cases: [string, { lang: 'ru' | 'ua' | 'en'; counts: Record<number, string> }][] = [
    [
      'ru',
      { lang: 'ru', counts: { 1: 'one', 2: 'few', 5: 'many', 21: 'one', 22: 'few', 11: 'many' } },
    ],
    ['ua', { lang: 'ua', counts: { 1: 'one', 3: 'few', 7: 'many', 31: 'one', 14: 'many' } }],
    ['en', { lang: 'en', counts: { 1: 'one', 2: 'other' } }],
  ]
  test.each(cases)('%s picks the form the language needs', async (_name, { lang, counts }) => {
    const t = await translator(lang)
    const texts = home(lang)
    for (const [count, form] of Object.entries(counts)) {
      const expected = String(texts[`accountsCount_${form}`]).replace('{{count}}', count)
      expect(t(Number(count))).toBe(expected)
    }
  })

  test('the ru and ua files have distinct few and many forms', () => {
    for (const lang of ['ru', 'ua']) {
      const texts = home(lang)
      expect(texts.accountsCount_few).not.toBe(texts.accountsCount_many)
    }
  })
})
