// The per-type needs of a document upload (product-spec sections 3 and 5): parts, password and
// dates, as documentUploadErrors reports them, one case per rule.
import { describe, expect, it } from 'vitest'
import {
  documentUploadErrors,
  type DocumentTypeNeeds,
  type DocumentUploadFacts,
} from '../../../src/shared/document-upload-rules.ts'

const passport: DocumentTypeNeeds = {
  needsBackPage: false,
  needsStampPage: false,
  needsRelationshipDocument: false,
  needsPassword: false,
  allowedOver90Days: true,
}
const identityCard = { ...passport, needsBackPage: true }
const bankStatement = { ...passport, needsPassword: true, allowedOver90Days: false }
const utilityBill = { ...passport, allowedOver90Days: false }

const today = '2026-03-31'
const facts = (given: Partial<DocumentUploadFacts> = {}): DocumentUploadFacts => ({
  subParts: [],
  hasPassword: false,
  isProtected: false,
  today,
  mainPart: 'mainDocument',
  takesPassword: true,
  takesSubDocuments: true,
  ...given,
})

const cases: [
  string,
  { needs: DocumentTypeNeeds; given: Partial<DocumentUploadFacts>; want: string[] },
][] = [
  ['a passport alone', { needs: passport, given: {}, want: [] }],
  [
    'an identity card without its back page',
    { needs: identityCard, given: {}, want: ['backPage'] },
  ],
  [
    'an identity card with it',
    { needs: identityCard, given: { subParts: ['backPage'] }, want: [] },
  ],
  [
    'a stamp page a passport does not have',
    { needs: passport, given: { subParts: ['stampPage'] }, want: ['stampPage'] },
  ],
  [
    'a password a passport does not take',
    { needs: passport, given: { hasPassword: true }, want: ['password'] },
  ],
  [
    'a protected statement without its password',
    {
      needs: bankStatement,
      given: { isProtected: true, issuedDate: '2026-03-01' },
      want: ['password'],
    },
  ],
  [
    'a protected statement with it',
    {
      needs: bankStatement,
      given: { isProtected: true, hasPassword: true, issuedDate: '2026-03-01' },
      want: [],
    },
  ],
  [
    'a protected passport',
    { needs: passport, given: { isProtected: true }, want: ['mainDocument'] },
  ],
  [
    'a protected statement where no password can be sent',
    {
      needs: bankStatement,
      given: {
        isProtected: true,
        takesPassword: false,
        mainPart: 'file',
        issuedDate: '2026-03-01',
      },
      want: ['file'],
    },
  ],
  ['a bill with no issue date', { needs: utilityBill, given: {}, want: ['issuedDate'] }],
  [
    'a bill issued 90 days ago',
    { needs: utilityBill, given: { issuedDate: '2025-12-31' }, want: [] },
  ],
  [
    'a bill issued 91 days ago',
    { needs: utilityBill, given: { issuedDate: '2025-12-30' }, want: ['issuedDate'] },
  ],
  ['an old passport', { needs: passport, given: { issuedDate: '2016-01-01' }, want: [] }],
  [
    'an issue date to come',
    { needs: passport, given: { issuedDate: '2026-04-01' }, want: ['issuedDate'] },
  ],
  [
    'an expired document',
    { needs: passport, given: { expiresDate: '2026-03-30' }, want: ['expiresDate'] },
  ],
  [
    'an expiry before the issue',
    {
      needs: passport,
      given: { issuedDate: '2026-01-10', expiresDate: '2025-12-31' },
      want: ['expiresDate'],
    },
  ],
  [
    'no back page where the operation has no such part',
    { needs: identityCard, given: { takesSubDocuments: false }, want: [] },
  ],
]

describe('documentUploadErrors', () => {
  it.each(cases)('%s', (_name, { needs, given, want }) => {
    expect(documentUploadErrors(needs, facts(given)).map((error) => error.parameter)).toEqual(want)
  })
})
