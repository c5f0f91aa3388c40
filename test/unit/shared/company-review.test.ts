// The review states of the company screens (src/shared/company-review.ts): a document group's
// status and a representative's address status (product-spec sections 3 and 4).
import { expect, test } from 'vitest'
import {
  documentGroupStatus,
  representativeAddressStatus,
} from '../../../src/shared/company-review.ts'

test.each<[string, { given: number[]; want: number | undefined }]>([
  ['no document: no status', { given: [], want: undefined }],
  ['every document confirmed: confirmed', { given: [2, 2], want: 2 }],
  ['one rejected holds the group back', { given: [2, 0, 26], want: 26 }],
  ['an expired one before one in review', { given: [41, 38], want: 38 }],
  ['confirmed and in review: in review', { given: [2, 31, 0], want: 31 }],
  ['asked for and not sent yet: pending', { given: [41], want: 41 }],
])('documentGroupStatus: %s', (_name, { given, want }) => {
  expect(documentGroupStatus(given)).toBe(want)
})

test.each<[string, { given: number[]; want: number }]>([
  ['no address: unconfirmed, a proof is owed', { given: [], want: 0 }],
  ['every address confirmed', { given: [1, 1], want: 1 }],
  ['one in review, the rest confirmed: pending', { given: [1, 2], want: 2 }],
  ['an unconfirmed one needs the representative', { given: [1, 2, 0], want: 0 }],
  ['a rejected one needs the representative', { given: [3, 1], want: 3 }],
  ['a name mismatch needs the representative', { given: [2, 4], want: 4 }],
])('representativeAddressStatus: %s', (_name, { given, want }) => {
  expect(representativeAddressStatus(given)).toBe(want)
})
