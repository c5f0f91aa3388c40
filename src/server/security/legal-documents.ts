// The legal documents of a customer (product-spec section 7, Security settings: legal info and
// the agreement download). The list is ours (data/legal-documents.json): terms and privacy
// for everyone, the fee schedule of the customer's type. Their titles and paragraphs are texts
// of the message catalogue ("legal.<textKey>"), so they read in the reader's language (issue
// 16). RPC calls carry no brand yet, so every brand serves the same documents, with relative
// links the portal opens on its own host.
import type { components } from '../../generated/api.d.ts'
import type { CustomerRow } from '../kyc/customer-records.ts'
import catalogue from './data/legal-documents.json' with { type: 'json' }
import english from '../../../locales/en/messages.json' with { type: 'json' }
import { renderMessage, type Lang, type MessageKey } from '../messages/messages.ts'

export type LegalDocumentView = components['schemas']['LegalDocument']
export type LegalDocumentEntry = (typeof catalogue)[number]

/** The documents that apply to the customer, in catalogue order. */
export function legalDocumentsOf(customer: CustomerRow): LegalDocumentEntry[] {
  return catalogue.filter((entry) => entry.customerTypes.includes(customer.customerType))
}

/**
 * Accepted when the account was opened (registration accepts the terms, section 3), or when
 * the version came into force if that was later (a new version is accepted by further use).
 */
function acceptedAt(entry: LegalDocumentEntry, customer: CustomerRow): Date {
  const effective = new Date(`${entry.effectiveDate}T00:00:00Z`)
  return customer.createdAt > effective ? customer.createdAt : effective
}

type TextKey = keyof typeof english.legal

/** A document's title and paragraphs in a language (English where it lacks one). */
export function legalText(
  entry: LegalDocumentEntry,
  lang: Lang,
): { title: string; paragraphs: string[] } {
  const textKey = entry.textKey as TextKey
  const numbers = Object.keys(english.legal[textKey].paragraphs)
  return {
    title: renderMessage(lang, `legal.${textKey}.title`),
    paragraphs: numbers.map((n) =>
      renderMessage(lang, `legal.${textKey}.paragraphs.${n}` as MessageKey),
    ),
  }
}

export function legalDocumentView(
  entry: LegalDocumentEntry,
  customer: CustomerRow,
  lang: Lang,
): LegalDocumentView {
  return {
    id: entry.id,
    name: legalText(entry, lang).title,
    type: entry.type,
    url: entry.url,
    acceptedAt: acceptedAt(entry, customer).toISOString(),
    createdAt: new Date(`${entry.effectiveDate}T00:00:00Z`).toISOString(),
  }
}

/** The name a document is addressed to: the business name, else the person's name. */
export function customerDisplayName(customer: CustomerRow): string {
  const person = [customer.firstName, customer.lastName].filter(Boolean).join(' ')
  return customer.businessName || person || customer.email
}
