// The legal documents of a customer (product-spec section 7, Security settings: legal info and
// the agreement download). The catalogue is ours (data/legal-documents.json): terms and privacy
// for everyone, the fee schedule of the customer's type. RPC calls carry no brand yet, so every
// brand serves the same documents, with relative links the portal opens on its own host.
import type { components } from '../../generated/api.d.ts'
import type { CustomerRow } from '../kyc/customer-records.ts'
import catalogue from './data/legal-documents.json' with { type: 'json' }

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

export function legalDocumentView(
  entry: LegalDocumentEntry,
  customer: CustomerRow,
): LegalDocumentView {
  return {
    id: entry.id,
    name: entry.name,
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
