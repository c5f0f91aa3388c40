// How a failed call is shown: product-spec section 8, display rules.
import { describe, expect, it } from 'vitest'
import {
  describeFailure,
  errorHeaderCutoff,
  isSuccess,
  joinValidationErrors,
  type EnvelopeLike,
  type FailureDisplay,
} from '../../../src/shared/response-codes.ts'

const fifty = 'x'.repeat(50)
const fiftyOne = 'y'.repeat(51)

describe('describeFailure', () => {
  const cases: [string, { given: [EnvelopeLike | undefined, number?]; want: FailureDisplay }][] = [
    [
      'a short description is the title',
      {
        given: [{ responseCode: '13', responseDescription: 'Access denied.' }],
        want: { title: 'Access denied.', text: null },
      },
    ],
    [
      'a description of exactly 50 characters is still the title',
      {
        given: [{ responseCode: 'UE', responseDescription: fifty }],
        want: { title: fifty, text: null },
      },
    ],
    [
      'a description over 50 characters moves to the body under the generic header',
      {
        given: [{ responseCode: 'UE', responseDescription: fiftyOne }],
        want: { title: null, text: fiftyOne },
      },
    ],
    [
      'an HTTP 500 shows the generic server error even with a description',
      {
        given: [{ responseCode: 'UE', responseDescription: 'boom' }, 500],
        want: { title: null, text: null },
      },
    ],
    [
      'any 5xx status counts as a server error',
      { given: [{ message: 'Bad gateway' }, 502], want: { title: null, text: null } },
    ],
    [
      'no response at all is a server error',
      { given: [undefined], want: { title: null, text: null } },
    ],
    [
      'a response with nothing to show falls back to the generic text',
      { given: [{ responseCode: 'UE' }], want: { title: null, text: null } },
    ],
    [
      'the token service message is used',
      {
        given: [{ message: 'Invalid username or password.' }, 403],
        want: { title: 'Invalid username or password.', text: null },
      },
    ],
    [
      'a body string is used',
      {
        given: [{ body: 'Contract not found' }, 404],
        want: { title: 'Contract not found', text: null },
      },
    ],
    [
      'validation errors are joined "parameter: description" with commas',
      {
        given: [
          { responseCode: 'VF', errors: [{ parameter: 'amount', description: 'is required' }] },
        ],
        want: { title: 'amount: is required', text: null },
      },
    ],
    [
      'a long list of validation errors goes to the body',
      {
        given: [
          {
            responseCode: 'VF',
            errors: [
              { parameter: 'accountId', description: 'must be integer' },
              { parameter: 'currencyCode', description: 'has an invalid format' },
            ],
          },
        ],
        want: {
          title: null,
          text: 'accountId: must be integer, currencyCode: has an invalid format',
        },
      },
    ],
    [
      'the description wins over the message, body and errors',
      {
        given: [
          {
            responseDescription: 'first',
            message: 'second',
            body: 'third',
            errors: [{ parameter: 'p', description: 'd' }],
          },
        ],
        want: { title: 'first', text: null },
      },
    ],
    [
      'an empty description falls through to the message',
      {
        given: [{ responseDescription: '', message: 'second' }],
        want: { title: 'second', text: null },
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given: [response, status], want }) => {
    expect(describeFailure(response, status)).toEqual(want)
  })

  it('cuts the header at 50 characters, as product-spec section 8 says', () => {
    expect(errorHeaderCutoff).toBe(50)
  })
})

describe('joinValidationErrors', () => {
  const cases: [string, { given: EnvelopeLike['errors']; want: string }][] = [
    ['no list', { given: undefined, want: '' }],
    ['an empty list', { given: [], want: '' }],
    [
      'one error',
      {
        given: [{ parameter: 'username', description: 'must be a valid email' }],
        want: 'username: must be a valid email',
      },
    ],
    [
      'several errors in order',
      {
        given: [
          { parameter: 'a', description: 'is required' },
          { parameter: 'b.c', description: 'is not allowed' },
        ],
        want: 'a: is required, b.c: is not allowed',
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(joinValidationErrors(given)).toBe(want)
  })
})

describe('isSuccess', () => {
  const cases: [string, { given: EnvelopeLike | undefined; want: boolean }][] = [
    ['00 is success', { given: { responseCode: '00' }, want: true }],
    ['VF is a failure', { given: { responseCode: 'VF' }, want: false }],
    ['a code that only looks like success', { given: { responseCode: '0' }, want: false }],
    ['no code is a failure', { given: {}, want: false }],
    ['no response is a failure', { given: undefined, want: false }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(isSuccess(given)).toBe(want)
  })
})
