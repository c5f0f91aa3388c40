// Conditions between the fields of one item of a list (a certification's tax residences, a
// controlling person's own tax residences): split from the form's own conditions by the
// schema, a hidden field's value dropped item by item (nested lists too), and an error of a
// field its item hides not shown.
import { describe, expect, it } from 'vitest'
import {
  isShownInItems,
  splitConditions,
  withoutHidden,
  withoutHiddenItems,
} from '../../../../src/portal/renderer/field-paths.ts'
import type { Json } from '../../../../src/portal/renderer/screens-data.ts'

const taxIdEntry = {
  type: 'object',
  properties: {
    countryCode: { type: 'string' },
    taxId: { type: 'string' },
    tinMissingReason: { type: 'string' },
    tinMissingExplanation: { type: 'string' },
  },
}
const schema = {
  type: 'object',
  properties: {
    questions: {
      type: 'object',
      properties: { isEarnPassiveIncome: { type: 'boolean' } },
    },
    taxIds: { type: 'array', items: taxIdEntry },
    controllingPersons: {
      type: 'array',
      items: {
        type: 'object',
        allOf: [{ properties: { taxIds: { type: 'array', items: taxIdEntry } } }],
        properties: { firstName: { type: 'string' } },
      },
    },
  },
}
const conditions = {
  controllingPersons: { field: 'questions.isEarnPassiveIncome', equals: true },
  'taxIds.taxId': { field: 'taxIds.tinMissingReason', filled: false },
  'taxIds.tinMissingExplanation': { field: 'taxIds.tinMissingReason', equals: 'CANNOT_OBTAIN' },
  'controllingPersons.taxIds.taxId': {
    field: 'controllingPersons.taxIds.tinMissingReason',
    filled: false,
  },
}

describe('conditions of list items', () => {
  const { plain, lists } = splitConditions(schema, conditions)

  it('are told from the form’s own by the schema, and keyed from the item', () => {
    expect(plain).toEqual({ controllingPersons: conditions.controllingPersons })
    expect(lists).toEqual({
      taxIds: {
        taxId: { field: 'tinMissingReason', filled: false },
        tinMissingExplanation: { field: 'tinMissingReason', equals: 'CANNOT_OBTAIN' },
      },
      'controllingPersons.taxIds': { taxId: { field: 'tinMissingReason', filled: false } },
    })
    expect(splitConditions(schema, undefined)).toEqual({ plain: undefined, lists: {} })
  })

  it('drop the values each item hides, in nested lists too, and keep untouched data as is', () => {
    const data: Record<string, Json> = {
      taxIds: [
        { countryCode: 'GB', taxId: 'QQ123456C', tinMissingExplanation: 'left over' },
        { countryCode: 'DE', taxId: 'typed first', tinMissingReason: 'CANNOT_OBTAIN' },
      ],
      controllingPersons: [
        {
          firstName: 'Riley',
          taxIds: [{ countryCode: 'US', taxId: 'x', tinMissingReason: 'NO_TIN_IS_REQUIRED' }],
        },
      ],
    }
    expect(withoutHiddenItems(data, lists)).toEqual({
      taxIds: [
        { countryCode: 'GB', taxId: 'QQ123456C' },
        { countryCode: 'DE', tinMissingReason: 'CANNOT_OBTAIN' },
      ],
      controllingPersons: [
        {
          firstName: 'Riley',
          taxIds: [{ countryCode: 'US', tinMissingReason: 'NO_TIN_IS_REQUIRED' }],
        },
      ],
    })
    const clean = { taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }] }
    expect(withoutHiddenItems(clean, lists)).toBe(clean)
    // The form's own conditions still apply to the whole list.
    expect(withoutHidden(data, plain)).not.toHaveProperty('controllingPersons')
  })

  it('hide the errors of fields their item hides', () => {
    const data: Record<string, Json> = {
      taxIds: [
        { countryCode: 'GB' },
        { countryCode: 'DE', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE' },
      ],
    }
    expect(isShownInItems('taxIds.0.taxId', data, lists)).toBe(true)
    expect(isShownInItems('taxIds.1.taxId', data, lists)).toBe(false)
    expect(isShownInItems('taxIds.1.tinMissingExplanation', data, lists)).toBe(false)
    expect(isShownInItems('taxIds.1.countryCode', data, lists)).toBe(true)
    expect(isShownInItems('taxIds', data, lists)).toBe(true)
  })
})
