// A screen form over a request whose fields are objects (codegen/forms.ts): a dotted name in
// omit, from or fixed leaves out a part of an object (data.representativeId of a multipart
// request's data part), and a dotted field the form still shows may carry options and
// conditions.
import { describe, expect, test } from 'vitest'
import { restrict, shownField } from '../../../codegen/forms.ts'
import type { JsonObject } from '../../../codegen/bundle-spec.ts'

const request: JsonObject = {
  type: 'object',
  required: ['data', 'mainDocument'],
  properties: {
    data: {
      type: 'object',
      required: ['representativeId', 'address', 'documentTypeId'],
      properties: {
        representativeId: { type: 'integer' },
        addressType: { type: 'integer' },
        address: { type: 'object', properties: { city: { type: 'string' } } },
        documentTypeId: { type: 'integer' },
      },
    },
    mainDocument: { type: 'string', format: 'data-url' },
  },
}

describe('a dotted name left out', () => {
  test('removes the part and its requirement, keeping the rest of the object', () => {
    const form = restrict(request, undefined, ['data.representativeId', 'data.addressType'], false)
    const data = (form.properties as JsonObject).data as JsonObject
    expect(Object.keys(data.properties as JsonObject)).toEqual(['address', 'documentTypeId'])
    expect(data.required).toEqual(['address', 'documentTypeId'])
    expect(form.required).toEqual(['data', 'mainDocument'])
  })
})

describe('a field the form shows', () => {
  const fields = ['data', 'mainDocument']
  const omit = ['data.representativeId']
  test.each([
    ['mainDocument', true],
    ['data.documentTypeId', true],
    ['data.address.city', true],
    ['data.representativeId', false],
    ['data.nothing', false],
    ['other.documentTypeId', false],
  ])('%s: %s', (field, want) => {
    expect(shownField(request, fields, omit, field)).toBe(want)
  })
})
