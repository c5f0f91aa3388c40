// A wizard section's form is a part of the request schema (codegen/form-pick.ts): only the
// fields it names, its objects flattened, the required names and if/then rules that concern
// those fields, and the conditions those rules give for showing a field.
import { describe, expect, it } from 'vitest'
import {
  derivedConditions,
  pickFields,
  pickItem,
  propertyPath,
  questionWidgets,
} from '../../../codegen/form-pick.ts'
import type { JsonObject } from '../../../codegen/bundle-spec.ts'

/** The tax-id rules of registration-company.schema.json, in small. */
const taxRules: JsonObject[] = [
  {
    if: { type: 'object', required: ['noTaxId'], properties: { noTaxId: { const: true } } },
    then: { required: ['tinMissingReason'], not: { required: ['businessTaxId'] } },
    else: { not: { required: ['tinMissingReason'] } },
  },
  {
    if: {
      type: 'object',
      required: ['tinMissingReason'],
      properties: { tinMissingReason: { const: 'CANNOT_OBTAIN' } },
    },
    then: { required: ['tinMissingExplanation'] },
    else: { not: { required: ['tinMissingExplanation'] } },
  },
]
const request: JsonObject = {
  type: 'object',
  required: ['registrationType', 'company', 'personList'],
  properties: {
    registrationType: { type: 'string', enum: ['others'] },
    company: {
      type: 'object',
      allOf: [
        {
          type: 'object',
          required: ['name', 'address'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            businessTaxId: { type: 'string' },
            noTaxId: { type: 'boolean', default: false },
            tinMissingReason: { type: 'string' },
            tinMissingExplanation: { type: 'string' },
            address: {
              type: 'object',
              required: ['city'],
              properties: { city: { type: 'string' }, postalCode: { type: 'string' } },
            },
          },
          allOf: taxRules,
        },
      ],
      not: { required: ['directors'] },
    },
    financialDetail: {
      type: 'object',
      required: ['monthlyDepositAmount'],
      properties: {
        monthlyDepositAmount: { type: 'string', allOf: [{ pattern: '^[0-9]' }] },
        isRegulated: { type: 'boolean' },
      },
    },
    personList: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'firstName'],
        properties: { id: { type: 'integer' }, firstName: { type: 'string' } },
      },
    },
  },
}

describe('pickFields', () => {
  it('keeps only the named fields with their required names', () => {
    const form = pickFields(request, ['registrationType'])
    expect(Object.keys(form.properties as JsonObject)).toEqual(['registrationType'])
    expect(form.required).toEqual(['registrationType'])
  })

  it('flattens an object and leaves out omitted parts and rules about fields it lacks', () => {
    const form = pickFields(request, ['company'], ['company.id'])
    const company = (form.properties as JsonObject).company as JsonObject
    expect(Object.keys(company.properties as JsonObject)).not.toContain('id')
    expect(company.required).toEqual(['name', 'address'])
    // The tax-id rules concern fields the form has; "not directors" concerns one it lacks.
    expect(company.allOf).toEqual(taxRules)
  })

  it('takes a dotted part of an object without its siblings', () => {
    const form = pickFields(request, ['company.address.city'])
    const company = (form.properties as JsonObject).company as JsonObject
    const address = (company.properties as JsonObject).address as JsonObject
    expect(Object.keys(address.properties as JsonObject)).toEqual(['city'])
    expect(company.allOf).toBeUndefined()
  })

  it('keeps a string whose rules are allOf parts a string (an amount)', () => {
    const form = pickFields(request, ['financialDetail'])
    const detail = (form.properties as JsonObject).financialDetail as JsonObject
    expect((detail.properties as JsonObject).monthlyDepositAmount).toEqual({
      type: 'string',
      allOf: [{ pattern: '^[0-9]' }],
    })
  })
})

describe('pickItem and propertyPath', () => {
  it('names the fields of a list item through the list', () => {
    expect(propertyPath(request, 'personList.firstName')).toEqual({ type: 'string' })
    expect(propertyPath(request, 'personList.lastName')).toBeUndefined()
  })

  it('makes the item form without the omitted fields', () => {
    const form = pickItem(request, 'personList', ['id'])
    expect(Object.keys(form.properties as JsonObject)).toEqual(['firstName'])
    expect(form.required).toEqual(['firstName'])
  })
})

describe('derivedConditions', () => {
  it('shows the missing reason with "no tax id", the tax id without, the explanation for CANNOT_OBTAIN', () => {
    const form = pickFields(request, ['company'])
    expect(derivedConditions(form)).toEqual({
      'company.tinMissingReason': { field: 'company.noTaxId', equals: true },
      'company.businessTaxId': { field: 'company.noTaxId', filled: false },
      'company.tinMissingExplanation': {
        field: 'company.tinMissingReason',
        equals: 'CANNOT_OBTAIN',
      },
    })
  })
})

describe('questionWidgets', () => {
  it('asks a required yes-or-no question without a default with both answers in sight', () => {
    const form = pickFields(
      {
        type: 'object',
        properties: {
          legal: {
            type: 'object',
            required: ['isRegulated'],
            properties: {
              isRegulated: { type: 'boolean' },
              agreed: { type: 'boolean', default: false },
            },
          },
        },
      },
      ['legal'],
    )
    expect(questionWidgets(form)).toEqual({ 'legal.isRegulated': 'RadioWidget' })
  })
})
