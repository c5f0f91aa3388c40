// Dotted fields over form data (a wizard section's part of the request): a hidden field's
// value is dropped wherever it sits, a field shows only while every object holding it does,
// and a runtime form's own key holding a dot stays one key.
import { describe, expect, it } from 'vitest'
import {
  isShown,
  isVisible,
  valueAt,
  withoutEmpty,
  withoutHidden,
  withValueAt,
} from '../../../../src/portal/renderer/field-paths.ts'

const conditions = {
  'company.tinMissingReason': { field: 'company.noTaxId', equals: true },
  'company.businessTaxId': { field: 'company.noTaxId', filled: false },
}

describe('field paths', () => {
  it('reads and writes nested values and list items', () => {
    const data = { personList: [{ email: 'a@b.example' }], company: { name: 'Acme' } }
    expect(valueAt(data, 'personList.0.email')).toBe('a@b.example')
    expect(withValueAt(data, 'company.address.city', 'Riga')).toEqual({
      personList: [{ email: 'a@b.example' }],
      company: { name: 'Acme', address: { city: 'Riga' } },
    })
  })

  it('drops the nested value a condition hides, and keeps the shown one', () => {
    const data = {
      company: { noTaxId: true, businessTaxId: 'X1', tinMissingReason: 'CANNOT_OBTAIN' },
    }
    expect(withoutHidden(data, conditions)).toEqual({
      company: { noTaxId: true, tinMissingReason: 'CANNOT_OBTAIN' },
    })
    expect(isVisible('company.businessTaxId', { company: {} }, conditions)).toBe(true)
  })

  it('hides a field whose object is hidden', () => {
    const nested = { legal: { field: 'regulated', equals: true } }
    expect(isShown('legal.licenseNumber', { regulated: false }, nested)).toBe(false)
    expect(isShown('legal.licenseNumber', { regulated: true }, nested)).toBe(true)
  })

  it("keeps a runtime form's dotted key one key", () => {
    const data = { 'tax.id': 'X', kind: 'person' }
    const dotted = { 'tax.id': { field: 'kind', equals: 'company' } }
    expect(withoutHidden(data, dotted)).toEqual({ kind: 'person' })
  })

  it('drops empty values, nested objects and lists left empty', () => {
    expect(withoutEmpty({ a: '', b: { c: null }, d: [], e: 0, f: false })).toEqual({
      e: 0,
      f: false,
    })
  })
})
