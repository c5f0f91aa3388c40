// The request's rules of which fields are required, as a screen's form sees them
// (codegen/forms.ts, formRules): the values a form always sends decide an if (a rejection
// needs its reason), and an anyOf of required fields narrowed to the fields shown becomes a
// plain required field, so a person is never asked to pick between alternatives of a schema.
import { expect, test } from 'vitest'
import { formRules } from '../../../codegen/forms.ts'
import bundle from '../../../src/generated/screens.json' with { type: 'json' }

const decide = {
  type: 'object',
  required: ['uploadedDocumentId', 'decision'],
  properties: {
    uploadedDocumentId: { type: 'integer' },
    decision: { type: 'string', enum: ['confirm', 'reject'] },
    rejectReason: { type: 'string' },
  },
  if: { required: ['decision'], properties: { decision: { const: 'reject' } } },
  then: { required: ['rejectReason'] },
}

test('a fixed value decides the if: a rejection asks for its reason, a confirmation not', () => {
  const omit = ['uploadedDocumentId', 'decision']
  const reject = formRules(decide, omit, { decision: 'reject' })
  expect(reject.required).toEqual(['uploadedDocumentId', 'decision', 'rejectReason'])
  expect(reject.if).toBeUndefined()
  expect(formRules(decide, omit, { decision: 'confirm' }).required).toEqual([
    'uploadedDocumentId',
    'decision',
  ])
  // Nothing fixed: the if stays for the form to check.
  expect(formRules(decide, [], {}).if).toBeDefined()
})

test('an anyOf of required fields keeps the alternatives shown; one left is required', () => {
  const assign = {
    type: 'object',
    required: ['documentId'],
    properties: {},
    anyOf: [
      { required: ['representativeId'] },
      { required: ['addressId'] },
      { required: ['documentTypeId'] },
    ],
  }
  const one = formRules(assign, ['documentId', 'representativeId', 'addressId'], {})
  expect(one.anyOf).toBeUndefined()
  expect(one.required).toEqual(['documentId', 'documentTypeId'])
  const two = formRules(assign, ['documentId', 'representativeId'], {})
  expect(two.anyOf).toEqual([{ required: ['addressId'] }, { required: ['documentTypeId'] }])
})

test("the administrator's forms as built: the reason and the document type are required", () => {
  const forms = bundle.forms as unknown as Record<string, Record<string, { schema: string }>>
  const schemas = bundle.schemas as unknown as Record<string, { required?: string[] }>
  const required = (key: string) => schemas[forms.main![key]!.schema]!.required
  expect(required('adminCustomerFiles.actions.reject')).toEqual(['rejectReason'])
  expect(required('adminCustomerUploads.actions.assign')).toEqual(['documentTypeId'])
  // A request that wraps an entity in allOf is one form of its fields.
  expect(required('adminDueDiligence.save')).toEqual(['government', 'lawsuits', 'taxPayers'])
})
