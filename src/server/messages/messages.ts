// Server texts in the reader's language (issue 16; docs/decisions.md, "Server texts in the
// reader's language"): every e-mail, SMS, notice and PDF text a customer reads is a key of the
// catalogue locales/<lang>/messages.json with {{param}} placeholders, rendered here for one
// language. The portal reads the same files (namespace "messages") for realtime notices.
import en from '../../../locales/en/messages.json' with { type: 'json' }
import es from '../../../locales/es/messages.json' with { type: 'json' }
import pt from '../../../locales/pt/messages.json' with { type: 'json' }
import ro from '../../../locales/ro/messages.json' with { type: 'json' }
import ru from '../../../locales/ru/messages.json' with { type: 'json' }
import ua from '../../../locales/ua/messages.json' with { type: 'json' }

/** The interface languages (product-spec section 3); en is the default. */
export const languages = ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const
export type Lang = (typeof languages)[number]
export const defaultLang: Lang = 'en'

type Catalogue = typeof en
const catalogues: Record<Lang, unknown> = { en, es, pt, ro, ru, ua }

/** "mail.activation.subject": the dotted path of every text of the English catalogue. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = Leaves<Catalogue>
export type MailName = keyof Catalogue['mail']
export type MessageParams = Readonly<Record<string, string | number>>

/** A text to render later, in whichever language its reader has. */
export interface MessageText {
  key: MessageKey
  params?: MessageParams
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** The BCP 47 locale of a language for Intl: the product's "ua" is Ukrainian, "uk". */
export function localeOf(lang: Lang): string {
  return lang === 'ua' ? 'uk' : lang
}

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** The placeholders of a template, as {{name}}. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '')
}

/**
 * The text of a key in a language (English when the language lacks it), with each {{name}}
 * replaced by its parameter. A placeholder without a parameter is a bug: it throws.
 */
export function renderMessage(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = lookup(catalogues[lang], key) ?? lookup(catalogues.en, key)
  if (template === undefined) throw new Error(`assertion: the message ${key} exists`)
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`assertion: ${key} has its parameter ${name}`)
    return String(value)
  })
}

export function renderText(lang: Lang, text: MessageText): string {
  return renderMessage(lang, text.key, text.params)
}

/** An e-mail or SMS of the catalogue, rendered: its subject and body. */
export function renderMail(
  lang: Lang,
  mail: MailName,
  params: MessageParams = {},
): { subject: string; body: string } {
  return {
    subject: renderMessage(lang, `mail.${mail}.subject`, params),
    body: renderMessage(lang, `mail.${mail}.body`, params),
  }
}

/** The subject of a mail in every language (to find the mails of one kind in the outbox). */
export function subjectsOf(mail: MailName): string[] {
  return languages.map((lang) => renderMessage(lang, `mail.${mail}.subject`))
}
