// The new-ticket form's other fields, checked against the help desk's field list: a value that
// does not fit names fields.<apiName>.
import { describe, expect, it } from 'vitest'
import { formFieldErrors } from '../../../../src/server/support/help-desk-ticket-compose.ts'
import { builtInHelpDesk } from '../../../../src/server/adapters/help-desk/built-in-help-desk.ts'

const fields = builtInHelpDesk().fields()
const named = (values: Record<string, string>) =>
  formFieldErrors(fields, values).map((error) => [error.parameter, error.text.key])

describe('formFieldErrors', () => {
  it('takes an allowed topic, or none', () => {
    expect(named({ category: 'cards' })).toEqual([])
    expect(named({})).toEqual([])
  })

  it('names a value the list does not allow, and a field it does not have', () => {
    expect(named({ category: 'lottery', colour: 'blue' })).toEqual([
      ['fields.category', 'refusal.validation.notAllowedValue'],
      ['fields.colour', 'refusal.validation.notAllowed'],
    ])
  })

  it('refuses subject and description inside fields: they travel as their own', () => {
    expect(named({ subject: 'Twice' })).toEqual([
      ['fields.subject', 'refusal.validation.notAllowed'],
    ])
  })

  it('names a mandatory field left empty and a value over its length', () => {
    const strict = [
      { apiName: 'orderId', displayLabel: 'Order', type: 'Text', isMandatory: true, maxLength: 5 },
    ]
    expect(formFieldErrors(strict, {}).map((e) => e.text.key)).toEqual([
      'refusal.validation.required',
    ])
    expect(formFieldErrors(strict, { orderId: '123456' })[0]?.text).toEqual({
      key: 'refusal.validation.maxLength',
      params: { limit: 5 },
    })
  })
})
