// What an upload of one document must carry, by its type (product-spec section 3, Document:
// per-type needs; section 5: the Russia/Ukraine stamp page, documents over 90 days). Pure: the
// upload handlers apply it with the type of the catalogue (document-types.json) and today's date.
import { daysBetween, maxDocumentAgeDays } from './document-review.ts'

/** The files an upload may carry besides the document itself. */
export const subDocumentParts = ['backPage', 'stampPage', 'relationshipDocument'] as const
export type SubDocumentPart = (typeof subDocumentParts)[number]

export interface DocumentTypeNeeds {
  needsBackPage: boolean
  needsStampPage: boolean
  needsRelationshipDocument: boolean
  needsPassword: boolean
  allowedOver90Days: boolean
}

export interface DocumentUploadFacts {
  /** The sub-document parts the request carries. */
  subParts: readonly SubDocumentPart[]
  /** The request carries a password. */
  hasPassword: boolean
  /** The main file is a password-protected (encrypted) PDF. */
  isProtected: boolean
  issuedDate?: string
  expiresDate?: string
  /** The day of the upload (yyyy-mm-dd, UTC). */
  today: string
  /** The request field of the document itself: mainDocument, or file for a limit upload. */
  mainPart: string
  /** Whether the operation has a password field at all (limitDocumentUpload has none). */
  takesPassword: boolean
  /**
   * Whether the operation has the sub-document parts (limitDocumentUpload has one file: the
   * pages a type needs then come in that file).
   */
  takesSubDocuments: boolean
}

/** The server's refusals of the catalogue (locales/<lang>/messages.json) an upload can get. */
export type UploadIssueKey =
  | 'refusal.uploads.partRequired'
  | 'refusal.uploads.partNotOfType'
  | 'refusal.uploads.passwordNotTaken'
  | 'refusal.uploads.passwordRequired'
  | 'refusal.uploads.protectedUploadCopy'
  | 'refusal.uploads.protectedNotAllowed'
  | 'refusal.uploads.issuedInFuture'
  | 'refusal.uploads.expired'
  | 'refusal.uploads.expiresBeforeIssued'
  | 'refusal.uploads.issuedRequiredRecent'
  | 'refusal.uploads.issuedTooLongAgo'

export interface UploadFieldError {
  parameter: string
  key: UploadIssueKey
  params?: { days: number }
}

const needOf: Record<SubDocumentPart, keyof DocumentTypeNeeds> = {
  backPage: 'needsBackPage',
  stampPage: 'needsStampPage',
  relationshipDocument: 'needsRelationshipDocument',
}

function partErrors(needs: DocumentTypeNeeds, facts: DocumentUploadFacts): UploadFieldError[] {
  if (!facts.takesSubDocuments) return []
  return subDocumentParts.flatMap((part): UploadFieldError[] => {
    const needed = needs[needOf[part]]
    const given = facts.subParts.includes(part)
    if (needed && !given) return [{ parameter: part, key: 'refusal.uploads.partRequired' }]
    if (!needed && given) {
      return [{ parameter: part, key: 'refusal.uploads.partNotOfType' }]
    }
    return []
  })
}

function passwordErrors(needs: DocumentTypeNeeds, facts: DocumentUploadFacts): UploadFieldError[] {
  if (facts.hasPassword && !needs.needsPassword) {
    return [{ parameter: 'password', key: 'refusal.uploads.passwordNotTaken' }]
  }
  if (!facts.isProtected || facts.hasPassword) return []
  if (needs.needsPassword && facts.takesPassword) {
    return [{ parameter: 'password', key: 'refusal.uploads.passwordRequired' }]
  }
  return [
    {
      parameter: facts.mainPart,
      key: needs.needsPassword
        ? 'refusal.uploads.protectedUploadCopy'
        : 'refusal.uploads.protectedNotAllowed',
    },
  ]
}

function dateErrors(needs: DocumentTypeNeeds, facts: DocumentUploadFacts): UploadFieldError[] {
  const { issuedDate, expiresDate, today } = facts
  const errors: UploadFieldError[] = []
  if (issuedDate && daysBetween(today, issuedDate) > 0) {
    errors.push({ parameter: 'issuedDate', key: 'refusal.uploads.issuedInFuture' })
  }
  if (expiresDate && daysBetween(today, expiresDate) < 0) {
    errors.push({ parameter: 'expiresDate', key: 'refusal.uploads.expired' })
  } else if (issuedDate && expiresDate && daysBetween(issuedDate, expiresDate) < 0) {
    errors.push({ parameter: 'expiresDate', key: 'refusal.uploads.expiresBeforeIssued' })
  }
  if (needs.allowedOver90Days) return errors
  if (!issuedDate) {
    const params = { days: maxDocumentAgeDays }
    errors.push({ parameter: 'issuedDate', key: 'refusal.uploads.issuedRequiredRecent', params })
  } else if (daysBetween(issuedDate, today) > maxDocumentAgeDays) {
    const params = { days: maxDocumentAgeDays }
    errors.push({ parameter: 'issuedDate', key: 'refusal.uploads.issuedTooLongAgo', params })
  }
  return errors
}

/** Every reason the upload does not suit its type; empty when it does. */
export function documentUploadErrors(
  needs: DocumentTypeNeeds,
  facts: DocumentUploadFacts,
): UploadFieldError[] {
  return [...partErrors(needs, facts), ...passwordErrors(needs, facts), ...dateErrors(needs, facts)]
}
