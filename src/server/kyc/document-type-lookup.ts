// The document types of the dictionaries' catalogue (src/server/dictionaries/
// document-type-table.ts) as the customer and kyc views look them up: by id, and by the
// category a document is asked for in.
import {
  documentCategories,
  documentTypeEntries,
  type DocumentTypeEntry,
  type DocumentTypeRequirement,
} from '../dictionaries/document-type-table.ts'

const byId = new Map(documentTypeEntries.map((entry) => [entry.id, entry]))

export function documentTypeById(documentTypeId: number): DocumentTypeEntry | undefined {
  return byId.get(documentTypeId)
}

/** The types a document of this category may be uploaded as, with their needs. */
export function documentTypesOfCategory(categoryId: number): DocumentTypeRequirement[] {
  return (
    documentCategories.find((category) => category.categoryId === categoryId)?.documentTypes ?? []
  )
}

/** A type's name, for files whose type has left the catalogue. */
export function documentTypeName(documentTypeId: number): string {
  return documentTypeById(documentTypeId)?.name ?? 'Document'
}
