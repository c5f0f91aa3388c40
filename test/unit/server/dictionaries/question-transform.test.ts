// The additional-questions transform of product-spec section 3, by question id.
import { describe, expect, it } from 'vitest'
import {
  transformQuestions,
  type Question,
} from '../../../../src/server/dictionaries/question-transform.ts'

const yesNo = (id: string): Question => ({ id, label: `${id}?`, type: 'radio', required: true })
const controlAccount: Question = {
  id: 'controlAccount',
  label: 'Who controls the account?',
  type: 'radio',
  required: true,
  options: [
    { value: '1', label: 'Directors' },
    { value: '2', label: 'Someone else' },
  ],
}

const cases: [string, { given: Question; want: Question }][] = [
  [
    'anotherAccount becomes a yes/no radio whose yes carries a textarea',
    {
      given: yesNo('anotherAccount'),
      want: {
        ...yesNo('anotherAccount'),
        options: [
          {
            value: 'yes',
            label: 'Yes',
            question: expect.objectContaining({ id: 'anotherAccountDetails', type: 'textarea' }),
          },
          { value: 'no', label: 'No' },
        ],
      },
    },
  ],
  [
    'businessAnotherAccount becomes the same, even when it was a text question',
    {
      given: { ...yesNo('businessAnotherAccount'), type: 'text' },
      want: {
        ...yesNo('businessAnotherAccount'),
        options: [
          {
            value: 'yes',
            label: 'Yes',
            question: expect.objectContaining({
              id: 'businessAnotherAccountDetails',
              type: 'textarea',
              required: true,
            }),
          },
          { value: 'no', label: 'No' },
        ],
      },
    },
  ],
  [
    "controlAccount's option '2' carries a name-and-date question, the others nothing",
    {
      given: controlAccount,
      want: {
        ...controlAccount,
        options: [
          { value: '1', label: 'Directors' },
          {
            value: '2',
            label: 'Someone else',
            question: expect.objectContaining({ id: 'controlAccountPerson', type: 'nameAndDate' }),
          },
        ],
      },
    },
  ],
  [
    'another question passes through unchanged',
    {
      given: { id: 'websiteUrl', label: 'Website', type: 'text', required: false },
      want: { id: 'websiteUrl', label: 'Website', type: 'text', required: false },
    },
  ],
]

describe('transformQuestions', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(transformQuestions([given])).toEqual([want])
  })

  it('keeps the order and leaves its input untouched', () => {
    const input = [yesNo('anotherAccount'), controlAccount, yesNo('refusedAccount')]
    const before = structuredClone(input)
    const output = transformQuestions(input)
    expect(output.map((question) => question.id)).toEqual([
      'anotherAccount',
      'controlAccount',
      'refusedAccount',
    ])
    expect(input).toEqual(before)
  })

  it("asserts that controlAccount has an option '2' to attach the question to", () => {
    const withoutTwo = { ...controlAccount, options: [{ value: '1', label: 'Directors' }] }
    expect(() => transformQuestions([withoutTwo])).toThrow(/option '2'/)
  })
})
