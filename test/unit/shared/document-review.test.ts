// The document rules of product-spec section 4 (verified/in review, acceptable address
// proofs, proof-of-residence status) and section 5 (documents over 90 days).
import { describe, expect, it } from 'vitest'
import {
  daysBetween,
  documentsReview,
  isAcceptableAddressDocument,
  isDocumentOutOfDate,
  proofOfResidenceStatus,
  type DatedDocument,
  type DocumentsReview,
} from '../../../src/shared/document-review.ts'
import { DocumentStatus, type ProofOfResidenceStatus } from '../../../src/generated/constants.ts'

describe('documentsReview', () => {
  const cases: [string, { given: number[]; want: DocumentsReview }][] = [
    ['no documents: neither', { given: [], want: { verified: false, inReview: false } }],
    ['all confirmed: verified', { given: [2, 2], want: { verified: true, inReview: false } }],
    ['all pending: in review', { given: [41, 41], want: { verified: false, inReview: true } }],
    [
      'pending, submitted and under investigation: in review',
      { given: [41, 0, 31], want: { verified: false, inReview: true } },
    ],
    [
      'confirmed and pending: neither',
      { given: [2, 41], want: { verified: false, inReview: false } },
    ],
    ['one rejected: neither', { given: [26], want: { verified: false, inReview: false } }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(documentsReview(given)).toEqual(want)
  })
})

describe('isAcceptableAddressDocument', () => {
  const accepted = [DocumentStatus.Submitted, DocumentStatus.Confirmed]
  it.each(Object.entries(DocumentStatus))('%s (%i)', (_name, statusId) => {
    expect(isAcceptableAddressDocument(statusId)).toBe(accepted.includes(statusId as 0 | 2))
  })
})

describe('daysBetween', () => {
  const cases: [string, string, number][] = [
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-04-01', 90],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-03-01', '2026-02-28', -1],
  ]
  it.each(cases)('from %s to %s is %i days', (from, to, want) => {
    expect(daysBetween(from, to)).toBe(want)
  })
})

describe('isDocumentOutOfDate', () => {
  const today = '2026-06-01'
  const document = (overrides: Partial<DatedDocument>): DatedDocument => ({
    uploadedOn: '2026-05-01',
    allowedOver90Days: false,
    ...overrides,
  })
  const cases: [string, { given: DatedDocument; want: boolean }][] = [
    [
      'issued 90 days before the upload',
      { given: document({ issuedDate: '2026-01-31' }), want: false },
    ],
    [
      'issued 91 days before the upload',
      { given: document({ issuedDate: '2026-01-30' }), want: true },
    ],
    [
      'issued long before, but its type allows it',
      { given: document({ issuedDate: '2020-01-01', allowedOver90Days: true }), want: false },
    ],
    ['no issue date', { given: document({}), want: false }],
    ['expired yesterday', { given: document({ expiresDate: '2026-05-31' }), want: true }],
    [
      'expired, even if its type may be old',
      { given: document({ expiresDate: '2026-05-31', allowedOver90Days: true }), want: true },
    ],
    ['expires today', { given: document({ expiresDate: today }), want: false }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(isDocumentOutOfDate(given, today)).toBe(want)
  })
})

describe('proofOfResidenceStatus', () => {
  const today = '2026-06-01'
  const cases: [
    string,
    {
      given: Parameters<typeof proofOfResidenceStatus>[0]
      business?: boolean
      want: ProofOfResidenceStatus
    },
  ][] = [
    ['a business never needs one', { given: undefined, business: true, want: 'notRequired' }],
    ['nothing uploaded', { given: undefined, want: 'none' }],
    ['confirmed without expiry', { given: { statusId: 2 }, want: 'validated' }],
    [
      'confirmed, expiring in 31 days',
      { given: { statusId: 2, expiresDate: '2026-07-02' }, want: 'validated' },
    ],
    [
      'confirmed, expiring in 30 days',
      { given: { statusId: 2, expiresDate: '2026-07-01' }, want: 'expiredSoon' },
    ],
    ['confirmed but expired', { given: { statusId: 2, expiresDate: '2026-05-31' }, want: 'none' }],
    ['submitted', { given: { statusId: 0 }, want: 'pending' }],
    ['pending', { given: { statusId: 41 }, want: 'pending' }],
    ['under investigation', { given: { statusId: 31 }, want: 'pending' }],
    ['rejected', { given: { statusId: 26 }, want: 'rejected' }],
    ['a name mismatch', { given: { statusId: 64 }, want: 'rejected' }],
    ['expired status', { given: { statusId: 38 }, want: 'none' }],
    ['canceled', { given: { statusId: 4 }, want: 'none' }],
  ]
  it.each(cases)('%s', (_name, { given, business = false, want }) => {
    expect(proofOfResidenceStatus(given, today, business)).toBe(want)
  })
})
