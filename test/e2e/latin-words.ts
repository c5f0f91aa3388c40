// What a Russian or Ukrainian page may show in Latin script (issue 16, "Done when"): brand
// names, currency codes, e-mail addresses, account numbers and the acronyms banks write in
// Latin letters in those languages too. Everything else in Latin letters is a word left
// untranslated, or an id (camelCase) leaking from the code or the server.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const brandsDir = join(import.meta.dirname, '../../brands')

/** The words of every brand's name ("Nova", "Wallet", ...). */
export function brandNameWords(): Set<string> {
  const words = new Set<string>()
  for (const brand of readdirSync(brandsDir)) {
    const yaml = readFileSync(join(brandsDir, brand, 'brand.yaml'), 'utf8')
    const name = /^projectName:\s*'?([^'\n]+)'?/m.exec(yaml)?.[1] ?? ''
    for (const word of name.split(/\s+/)) if (word) words.add(word)
  }
  return words
}

/** Acronyms written in Latin letters in Russian and Ukrainian banking texts too. */
const acronyms = new Set([
  'API',
  'BIC',
  'CSV',
  'EFT',
  'FATCA',
  'CRS',
  'IBAN',
  'ID',
  'IP',
  'IPN',
  'OCT',
  'P2P',
  'PDF',
  'PIN',
  'SMS',
  'SWIFT',
  'URL',
  'USDT',
  'W-8BEN',
  'W-9',
  'Interac',
  'PBN',
  // The loanword Russian and Ukrainian interfaces write in Latin letters (docs/decisions.md).
  'e-mail',
  'E-mail',
])

const emailPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g
const urlPattern = /https?:\/\/\S+/g

/** The Latin-script words of a text that are none of the above, each once. */
export function latinLeaks(shown: string, brandWords: Set<string>): string[] {
  const cleaned = shown.replace(urlPattern, ' ').replace(emailPattern, ' ')
  const words = (cleaned.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []).map((word) =>
    word.replace(/-+$/, ''),
  )
  const leaks = words.filter((word) => {
    if (brandWords.has(word) || acronyms.has(word)) return false
    // A currency code: three capitals (USD, EUR, RUB).
    if (/^[A-Z]{3}$/.test(word)) return false
    return true
  })
  return [...new Set(leaks)]
}
