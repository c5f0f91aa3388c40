// The account verification state of product-spec section 4: the priority order, the
// required-action count, the banner rule and the representative-action rule.
import { describe, expect, it } from 'vitest'
import {
  bannerWarns,
  countRequiredActions,
  deriveVerificationState,
  representativeActionRequired,
  reviewStageOf,
  type RequiredActionFacts,
  type VerificationFacts,
} from '../../../src/shared/verification-state.ts'
import { VerificationState } from '../../../src/generated/constants.ts'

function facts(overrides: Partial<VerificationFacts> = {}): VerificationFacts {
  return {
    isRepresentative: false,
    isBusiness: false,
    verified: true,
    limited: false,
    limitDocumentsUploaded: false,
    duplicateDocuments: 'none',
    cardDocumentRequired: false,
    requiredActionCount: 0,
    reviewStage: 'notStarted',
    ...overrides,
  }
}

describe('deriveVerificationState', () => {
  const everything: Partial<VerificationFacts> = {
    verified: false,
    limited: true,
    duplicateDocuments: 'flagged',
    cardDocumentRequired: true,
    requiredActionCount: 3,
    reviewStage: 'processing',
  }
  const cases: [string, { given: Partial<VerificationFacts>; want: VerificationState }][] = [
    ['a verified customer with nothing open is checked', { given: {}, want: 'checked' }],
    [
      '1. a representative is checked whatever else holds',
      { given: { ...everything, isRepresentative: true }, want: 'checked' },
    ],
    ['2. limited with documents missing is limited', { given: everything, want: 'limited' }],
    [
      '2. limited with every limit document uploaded is processing',
      { given: { ...everything, limitDocumentsUploaded: true }, want: 'processing' },
    ],
    [
      '3. duplicates found come before card documents and actions',
      { given: { ...everything, limited: false }, want: 'duplicateDocuments' },
    ],
    [
      '3. duplicates answered with new uploads',
      {
        given: { ...everything, limited: false, duplicateDocuments: 'uploaded' },
        want: 'duplicateDocumentsUploaded',
      },
    ],
    [
      '4. a card document comes before required actions',
      {
        given: { ...everything, limited: false, duplicateDocuments: 'none' },
        want: 'someCardDocumentRequired',
      },
    ],
    [
      '5. required actions come before the review stage',
      {
        given: {
          ...everything,
          limited: false,
          duplicateDocuments: 'none',
          cardDocumentRequired: false,
        },
        want: 'hasRequiredActions',
      },
    ],
    [
      '6. unverified with documents in review is processing',
      { given: { verified: false, reviewStage: 'processing' }, want: 'processing' },
    ],
    [
      '6. unverified with an identity check running',
      {
        given: { verified: false, reviewStage: 'verificationProcessing' },
        want: 'verificationProcessing',
      },
    ],
    [
      '6. a personal customer awaiting the final review',
      { given: { verified: false, reviewStage: 'finalReview' }, want: 'finalReview' },
    ],
    [
      '6. a business awaiting the final review sees checked',
      {
        given: { verified: false, isBusiness: true, reviewStage: 'finalReview' },
        want: 'checked',
      },
    ],
    [
      '6. unverified with nothing in review',
      { given: { verified: false, reviewStage: 'notStarted' }, want: 'unverified' },
    ],
    [
      '7. the review stage does not matter once verified',
      { given: { verified: true, reviewStage: 'processing' }, want: 'checked' },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(deriveVerificationState(facts(given))).toBe(want)
  })
})

describe('bannerWarns', () => {
  const cases: [VerificationState, boolean][] = [
    ['limited', true],
    ['duplicateDocuments', true],
    ['duplicateDocumentsUploaded', true],
    ['unverified', true],
    ['hasRequiredActions', true],
    ['someCardDocumentRequired', true],
    ['checked', false],
    ['processing', false],
    ['verificationProcessing', false],
    ['finalReview', false],
  ]
  it.each(cases)('%s warns: %s', (state, want) => {
    expect(bannerWarns(state)).toBe(want)
  })

  it('decides for every state of the catalogue', () => {
    expect(cases.map(([state]) => state).sort()).toEqual(Object.values(VerificationState).sort())
  })
})

describe('reviewStageOf', () => {
  const cases: [
    string,
    {
      given: [number[], Parameters<typeof reviewStageOf>[1]]
      want: ReturnType<typeof reviewStageOf>
    },
  ][] = [
    ['nothing on file', { given: [[], undefined], want: 'notStarted' }],
    ['all confirmed', { given: [[2, 2], undefined], want: 'finalReview' }],
    [
      'all pending, submitted or under investigation',
      { given: [[41, 0, 31], undefined], want: 'processing' },
    ],
    ['one rejected among confirmed', { given: [[2, 26], undefined], want: 'notStarted' }],
    ['an identity check running', { given: [[2], 'inProgress'], want: 'verificationProcessing' }],
    ['a finished identity check', { given: [[41], 'completed'], want: 'processing' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(reviewStageOf(...given)).toBe(want)
  })
})

function actionFacts(overrides: Partial<RequiredActionFacts> = {}): RequiredActionFacts {
  return {
    isBusiness: false,
    fatcaFormStatuses: ['validated', 'validated', 'notRequired', 'notRequired'],
    addressStatuses: [1],
    proofOfResidenceStatus: 'validated',
    identityStatusId: 2,
    identityCheckInProgress: false,
    phoneConfirmed: true,
    videoIdentityStatusId: undefined,
    ...overrides,
  }
}

describe('countRequiredActions', () => {
  const cases: [string, { given: Partial<RequiredActionFacts>; want: number }][] = [
    ['nothing to do', { given: {}, want: 0 }],
    [
      'a FATCA form with status none',
      { given: { fatcaFormStatuses: ['none', 'validated'] }, want: 1 },
    ],
    ['a rejected FATCA form', { given: { fatcaFormStatuses: ['rejected'] }, want: 1 }],
    [
      'two FATCA forms to do count as one section',
      { given: { fatcaFormStatuses: ['none', 'rejected'] }, want: 1 },
    ],
    [
      'FATCA pending needs nothing',
      { given: { fatcaFormStatuses: ['pending', 'expiredSoon'] }, want: 0 },
    ],
    [
      'FATCA for a business is not counted (personal only)',
      { given: { isBusiness: true, fatcaFormStatuses: ['none'] }, want: 0 },
    ],
    ['no address', { given: { addressStatuses: [] }, want: 1 }],
    ['an unconfirmed address', { given: { addressStatuses: [1, 0] }, want: 1 }],
    ['a rejected address', { given: { addressStatuses: [3] }, want: 1 }],
    ['an address with a name mismatch', { given: { addressStatuses: [4] }, want: 1 }],
    ['a pending address needs nothing', { given: { addressStatuses: [2] }, want: 0 }],
    ['proof of residence expiring', { given: { proofOfResidenceStatus: 'expiredSoon' }, want: 1 }],
    ['no proof of residence', { given: { proofOfResidenceStatus: 'none' }, want: 1 }],
    ['a rejected proof of residence', { given: { proofOfResidenceStatus: 'rejected' }, want: 1 }],
    ['a pending proof of residence', { given: { proofOfResidenceStatus: 'pending' }, want: 0 }],
    [
      'proof of residence not required',
      { given: { proofOfResidenceStatus: 'notRequired' }, want: 0 },
    ],
    ['no identity', { given: { identityStatusId: undefined }, want: 1 }],
    ['an identity with a name mismatch', { given: { identityStatusId: 64 }, want: 1 }],
    ['a rejected identity', { given: { identityStatusId: 26 }, want: 1 }],
    ['a canceled identity', { given: { identityStatusId: 4 }, want: 1 }],
    ['an identity in review', { given: { identityStatusId: 31 }, want: 0 }],
    [
      'no identity while an identity check runs',
      { given: { identityStatusId: undefined, identityCheckInProgress: true }, want: 0 },
    ],
    [
      'a rejected identity while an identity check runs',
      { given: { identityStatusId: 26, identityCheckInProgress: true }, want: 0 },
    ],
    ['an unconfirmed phone', { given: { phoneConfirmed: false }, want: 1 }],
    ['a rejected video identity', { given: { videoIdentityStatusId: 26 }, want: 1 }],
    ['a pending video identity', { given: { videoIdentityStatusId: 41 }, want: 0 }],
    [
      'every area at once',
      {
        given: {
          fatcaFormStatuses: ['none'],
          addressStatuses: [],
          proofOfResidenceStatus: 'none',
          identityStatusId: undefined,
          phoneConfirmed: false,
          videoIdentityStatusId: 26,
        },
        want: 6,
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(countRequiredActions(actionFacts(given))).toBe(want)
  })
})

describe('representativeActionRequired', () => {
  const cases: [
    string,
    { given: Parameters<typeof representativeActionRequired>[0]; want: boolean },
  ][] = [
    ['nothing set', { given: {}, want: false }],
    ['statuses 1 and 2', { given: { addressStatus: 1, identityStatus: 2 }, want: false }],
    ['a pending address (2)', { given: { addressStatus: 2 }, want: false }],
    ['a rejected address (3)', { given: { addressStatus: 3 }, want: true }],
    ['an unconfirmed address (0)', { given: { addressStatus: 0 }, want: true }],
    ['an identity under investigation (31)', { given: { identityStatus: 31 }, want: true }],
    [
      'a control document with a name mismatch',
      { given: { controlDocumentStatus: 64 }, want: true },
    ],
    ['null means not set', { given: { identityStatus: null }, want: false }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(representativeActionRequired(given)).toBe(want)
  })
})
