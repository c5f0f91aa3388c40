// The document categories and types (data/document-categories.json, document-types.json) and
// the address document types per country (data/address-document-types.json), loaded once at
// import and checked against each other (product-spec sections 3 and 5).
import categoryList from './data/document-categories.json' with { type: 'json' }
import typeList from './data/document-types.json' with { type: 'json' }
import addressTypeIds from './data/address-document-types.json' with { type: 'json' }
import { DocumentCategory } from '../../generated/constants.ts'
import type { components } from '../../generated/api.d.ts'

export interface DocumentTypeEntry {
  id: number
  name: string
  categoryIds: number[]
  needsFrontPage: boolean
  needsBackPage: boolean
  needsStampPage: boolean
  needsRelationshipDocument: boolean
  needsPassword: boolean
  allowedOver90Days: boolean
  countryCodes?: string[]
}

/** A document type as one category offers it. */
export type DocumentTypeRequirement = components['schemas']['DocumentTypeRequirement']

/** The types as the data file holds them, each with every category it serves. */
export const documentTypeEntries: readonly DocumentTypeEntry[] = typeList
const types = documentTypeEntries
const typeById = new Map(types.map((entry) => [entry.id, entry]))
const categoryIds = new Set<number>(Object.values(DocumentCategory))

for (const entry of types) {
  for (const id of entry.categoryIds) {
    if (!categoryIds.has(id)) throw new Error(`assertion: type ${entry.id} has category ${id}`)
  }
}

/** A category id of the data files, checked against the spec's DocumentCategory. */
function documentCategory(id: number): DocumentCategory {
  if (!categoryIds.has(id)) throw new Error(`assertion: ${id} is a document category`)
  return id as DocumentCategory
}

function requirement(
  entry: DocumentTypeEntry,
  categoryId: DocumentCategory,
): DocumentTypeRequirement {
  const { id, categoryIds: _all, ...needs } = entry
  return { documentTypeId: id, ...needs, categoryId }
}

/** Categories 1-12 in order, each with the types that serve it. */
export const documentCategories = categoryList.map(({ id, name }) => ({
  categoryId: documentCategory(id),
  name,
  documentTypes: types
    .filter((entry) => entry.categoryIds.includes(id))
    .map((entry) => requirement(entry, documentCategory(id))),
}))

const addressLists: Record<string, number[]> = addressTypeIds
const addressTypes = new Map(
  Object.entries(addressLists).map(([scope, ids]) => [
    scope,
    ids.map((id) => {
      const entry = typeById.get(id)
      if (!entry?.categoryIds.includes(DocumentCategory.ProofOfAddress)) {
        throw new Error(`assertion: address document type ${id} (${scope}) proves an address`)
      }
      return requirement(entry, DocumentCategory.ProofOfAddress)
    }),
  ]),
)
if (!addressTypes.has('all')) throw new Error("assertion: address document types have 'all'")

/** The address document types of a country, or the 'all' list when it has none of its own. */
export function addressDocumentTypesFor(countryCode: string | undefined): {
  appliesTo: string
  addressDocumentTypes: DocumentTypeRequirement[]
} {
  const own = countryCode === undefined ? undefined : addressTypes.get(countryCode)
  if (own && countryCode) return { appliesTo: countryCode, addressDocumentTypes: own }
  return { appliesTo: 'all', addressDocumentTypes: addressTypes.get('all') ?? [] }
}
