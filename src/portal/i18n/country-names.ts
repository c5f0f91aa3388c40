// A country's name in the page's language (product-spec: words, not ids), for every page that
// shows a country code: Intl's region names in i18n's language ("uk" for Ukrainian), or the
// fallback (the dictionary's name, else the code) where Intl does not know the language or the
// value is not a region code (an empty choice).
import { useTranslation } from 'react-i18next'

export type CountryName = (code: string, fallback?: string) => string

export function countryNamesIn(language: string): CountryName {
  let names: Intl.DisplayNames | null = null
  try {
    names = new Intl.DisplayNames([language], { type: 'region' })
  } catch {
    names = null
  }
  return (code, fallback) => {
    if (!names || !/^[A-Z]{2}$/.test(code)) return fallback ?? code
    return names.of(code) ?? fallback ?? code
  }
}

/** countryNamesIn for the page's language, following it when it changes. */
export function useCountryName(): CountryName {
  const { i18n } = useTranslation()
  return countryNamesIn(i18n.language)
}
