// How the recipient page reads a refused answer: a refusal naming one of the recipient's
// fields (paymentDetails.<name>) lands on that field of the form, under every key the name is
// sent from; the code field's own refusal is found by its parameter; anything else is one
// message, or "Server is not available" when nothing was said.
import { describe, expect, test } from 'vitest'
import type { TFunction } from 'i18next'
import { extraParamsForm } from '../../../../src/portal/features/transfers/extra-parameters.ts'
import {
  failureMessage,
  fieldErrorsOf,
  refusalOf,
} from '../../../../src/portal/features/receive/receive-failure.ts'

const form = extraParamsForm(
  [
    { name: 'accountNumber', required: true },
    { name: 'swift', required: true },
    {
      name: 'beneficiaryType',
      options: [
        { value: 'individual', extraParams: [{ name: 'taxId' }] },
        { value: 'business', extraParams: [{ name: 'taxId' }] },
      ],
    },
  ],
  (param) => param.name,
)

describe('fieldErrorsOf', () => {
  const cases: [string, { given: string[]; want: string[] }][] = [
    ['a field of the form', { given: ['paymentDetails.swift'], want: ['swift'] }],
    [
      'a name two options send',
      { given: ['paymentDetails.taxId'], want: ['taxId', 'taxId__business'] },
    ],
    ['not a field', { given: ['paymentSecret', 'currencyCode'], want: [] }],
  ]
  test.each(cases)('%s', (_name, { given, want }) => {
    const errors = given.map((parameter) => ({ parameter, description: 'is wrong' }))
    expect(fieldErrorsOf(errors, form).map((error) => error.parameter)).toEqual(want)
  })

  test('no form, no field errors', () => {
    expect(fieldErrorsOf([{ parameter: 'paymentDetails.swift', description: 'x' }], null)).toEqual(
      [],
    )
  })
})

describe('refusalOf and failureMessage', () => {
  const t = ((key: string) => `t:${key}`) as unknown as TFunction
  const wrongCode = {
    status: 200,
    data: {
      responseCode: 'VF',
      responseDescription: 'approvalCode: is not the code sent to you (4 tries left)',
      errors: [
        { parameter: 'approvalCode', description: 'is not the code sent to you (4 tries left)' },
      ],
    },
  }

  test('the code field reads its own refusal', () => {
    expect(refusalOf(wrongCode as never, 'approvalCode')).toBe(
      'is not the code sent to you (4 tries left)',
    )
    expect(refusalOf(wrongCode as never, 'operationId')).toBeNull()
  })

  test('a refusal reads as the server wrote it; a lost answer as the server being away', () => {
    expect(failureMessage(wrongCode as never, t)).toContain('is not the code sent to you')
    expect(failureMessage({ status: 502, data: undefined } as never, t)).toBe(
      't:common:errors.server',
    )
  })
})
