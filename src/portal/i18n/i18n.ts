// i18next with one JSON file per language and area (locales/<lang>/<area>.json), loaded on
// demand by a small backend over Vite's import.meta.glob: a screen that needs the 'forms'
// namespace loads it when it renders (react-i18next suspends until it is there). The
// product calls Ukrainian "ua"; i18next and Intl.PluralRules know it as "uk", so it is
// registered under "uk" to get Ukrainian plural rules (product-spec section 9).
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Lang } from '../brand/resolve-brand.ts'
import enAuth from '../../../locales/en/auth.json'
import enCommon from '../../../locales/en/common.json'

export const supportedLangs = ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const
/** Namespaces every page needs; the others load with the screens that use them. */
export const namespaces = ['common', 'auth'] as const
const langStorageKey = 'portal.lang'

/**
 * English, every brand's default and the fallback, comes with the entry for the namespaces
 * every page needs: the first page renders without waiting for a text file (Lighthouse's
 * budget, DESIGN.md section 10). Other languages and namespaces load on demand.
 */
const bundled = { en: { common: enCommon, auth: enAuth } }

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json')

export function i18nCode(lang: string): string {
  return lang === 'ua' ? 'uk' : lang
}

export function productLang(code: string): Lang {
  return (code === 'uk' ? 'ua' : code) as Lang
}

const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../../../locales/${productLang(language)}/${namespace}.json`]
    if (!load) {
      callback(
        new Error(`missing locale file locales/${productLang(language)}/${namespace}.json`),
        false,
      )
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    )
  },
}

/** The language to start in: the remembered one if the brand offers it, else the default. */
export function initialLang(available: readonly string[], fallback: string): string {
  const remembered = localStorage.getItem(langStorageKey)
  return remembered && available.includes(remembered) ? remembered : fallback
}

/** The language the portal started in, for preloadNamespaces. */
let startLang: string | undefined
/** The portal's instance, for texts that come with a route's code (addEnglishTexts). */
let portalI18n: I18n | undefined

export async function initI18n(lang: string): Promise<I18n> {
  startLang = lang
  const instance = i18next.createInstance()
  portalI18n = instance
  await instance
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      lng: i18nCode(lang),
      fallbackLng: 'en',
      ns: [...namespaces],
      defaultNS: 'common',
      resources: bundled,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  document.documentElement.lang = i18nCode(lang)
  return instance
}

export async function changeLanguage(instance: I18n, lang: string): Promise<void> {
  await instance.changeLanguage(i18nCode(lang))
  localStorage.setItem(langStorageKey, lang)
  document.documentElement.lang = i18nCode(lang)
}

/**
 * Starts loading these namespaces' files of the starting language, for a route's loader: the
 * texts arrive with the route's code instead of after its first render (i18next's backend
 * then finds the modules already loaded).
 */
export function preloadNamespaces(names: readonly string[]): void {
  if (!startLang) return
  const lang = startLang
  for (const name of names.filter((ns) => !portalI18n?.hasResourceBundle(i18nCode(lang), ns)))
    void files[`../../../locales/${startLang}/${name}.json`]?.().catch(() => undefined)
}

/**
 * English texts that come with a route's code (home's): the first render of the route does
 * not wait for their files; English is also every language's fallback.
 */
export function addEnglishTexts(texts: Record<string, Record<string, unknown>>): void {
  for (const [namespace, resources] of Object.entries(texts)) {
    if (!portalI18n?.hasResourceBundle('en', namespace))
      portalI18n?.addResourceBundle('en', namespace, resources)
  }
}
