// A transfer's extra parameters as a runtime form: each parameter a string field, an options
// group a choice whose option shows its own fields, and the runtime validator's errors named
// by the JSON Schema keyword so SchemaForm translates them like the precompiled ones.
import { expect, test } from 'vitest'
import type { RJSFSchema } from '@rjsf/utils'
import {
  extraParamErrors,
  extraParamsForm,
  extraParamValues,
} from '../../../../src/portal/features/transfers/extra-parameters.ts'
import { flatErrors, runtimeValidator } from '../../../../src/portal/renderer/runtime-validator.ts'

const form = extraParamsForm(
  [
    { name: 'purpose', label: 'Purpose', required: true, maxLength: 5 },
    {
      name: 'recipientType',
      label: 'Recipient',
      required: true,
      options: [
        { value: 'person', label: 'A person' },
        {
          value: 'company',
          label: 'A company',
          extraParams: [{ name: 'registration', required: true, pattern: '^[0-9]{8}$' }],
        },
      ],
    },
    { name: 'purpose', label: 'Again' },
    { name: 'routing', value: 'FAST' },
  ],
  (param) => `T:${param.label ?? param.name}`,
)

test('fields, titles, options, conditions and presets', () => {
  expect(form.runtime.order).toEqual(['purpose', 'recipientType', 'registration', 'routing'])
  expect(form.runtime.titles).toEqual({
    purpose: 'T:Purpose',
    recipientType: 'T:Recipient',
    registration: 'T:registration',
    routing: 'T:routing',
  })
  expect(form.runtime.optionTitles).toEqual({
    recipientType: { person: 'A person', company: 'A company' },
  })
  expect(form.runtime.schema.required).toEqual(['purpose', 'recipientType', 'registration'])
  expect(form.visibleWhen).toEqual({ registration: { field: 'recipientType', equals: 'company' } })
  expect(form.initial).toEqual({ routing: 'FAST' })
})

test('the runtime validator names each broken rule by its keyword', () => {
  const schema = form.runtime.schema as RJSFSchema
  const names = (data: unknown) => flatErrors(schema, data).map((e) => `${e.property} ${e.name}`)
  expect(names({})).toEqual([
    '.purpose required',
    '.recipientType required',
    '.registration required',
  ])
  expect(names({ purpose: 'travel', recipientType: 'other', registration: '12' })).toEqual([
    '.purpose maxLength',
    '.recipientType enum',
    '.registration pattern',
  ])
  expect(
    runtimeValidator.isValid(
      schema,
      { purpose: 'rent', recipientType: 'company', registration: '12345678' },
      schema,
    ),
  ).toBe(true)
})

test('transformErrors runs on the errors and the error schema follows them', () => {
  const schema = form.runtime.schema as RJSFSchema
  const { errors, errorSchema } = runtimeValidator.validateFormData(
    { purpose: 'rent', recipientType: 'person' },
    schema,
    undefined,
    (list) => list.filter((e) => e.property !== '.registration'),
  )
  expect(errors).toEqual([])
  expect(errorSchema).toEqual({})
})

test('a pattern that does not compile refuses the value instead of throwing', () => {
  const schema = { type: 'object', properties: { a: { type: 'string', pattern: '([' } } }
  expect(flatErrors(schema as RJSFSchema, { a: 'x' }).map((e) => e.name)).toEqual(['pattern'])
})

test('only filled strings are sent', () => {
  expect(extraParamValues({ a: 'x', b: '', c: null, d: 3 }, {})).toEqual({ a: 'x' })
})

test('one name under two options: a field each, with its own rule, sent under the name', () => {
  // Brazil: a CPF of 11 digits for a person, a CNPJ of 14 for a company, both "taxId".
  const brazil = extraParamsForm(
    [
      {
        name: 'beneficiaryType',
        required: true,
        options: [
          {
            value: 'individual',
            extraParams: [{ name: 'taxId', required: true, pattern: '^[0-9]{11}$' }],
          },
          {
            value: 'business',
            extraParams: [{ name: 'taxId', required: true, pattern: '^[0-9]{14}$' }],
          },
        ],
      },
    ],
    (param) => param.name,
  )
  expect(brazil.runtime.order).toEqual(['beneficiaryType', 'taxId', 'taxId__business'])
  expect(brazil.visibleWhen).toEqual({
    taxId: { field: 'beneficiaryType', equals: 'individual' },
    taxId__business: { field: 'beneficiaryType', equals: 'business' },
  })
  const properties = brazil.runtime.schema.properties as Record<string, { pattern: string }>
  expect(properties.taxId__business!.pattern).toBe('^[0-9]{14}$')
  expect(
    extraParamValues(
      { beneficiaryType: 'business', taxId__business: '11222333000181' },
      brazil.sentAs,
    ),
  ).toEqual({ beneficiaryType: 'business', taxId: '11222333000181' })
  expect(
    extraParamErrors(
      [
        { parameter: 'extraParams.taxId', description: 'is not a CNPJ' },
        { parameter: 'iban', description: 'is not valid' },
      ],
      brazil.sentAs,
    ),
  ).toEqual([
    { parameter: 'taxId', description: 'is not a CNPJ' },
    { parameter: 'taxId__business', description: 'is not a CNPJ' },
  ])
})
