// The document types and the address document types per country (product-spec sections 3,
// 5 and 6): a country without a list of its own gets the 'all' list.
import { describe, expect, it } from 'vitest'
import {
  addressDocumentTypesFor,
  documentCategories,
} from '../../../../src/server/dictionaries/document-type-table.ts'

describe('address document types', () => {
  const cases: [string, { given: string | undefined; appliesTo: string }][] = [
    ['no country', { given: undefined, appliesTo: 'all' }],
    ['a country with its own list', { given: 'RU', appliesTo: 'RU' }],
    ['a country without one', { given: 'FR', appliesTo: 'all' }],
  ]
  it.each(cases)('answers %s', (_name, { given, appliesTo }) => {
    const answer = addressDocumentTypesFor(given)
    expect(answer.appliesTo).toBe(appliesTo)
    expect(answer.addressDocumentTypes.length).toBeGreaterThan(0)
    expect(answer.addressDocumentTypes.every((type) => type.categoryId === 2)).toBe(true)
  })

  it('offers a country-only type only to its countries', () => {
    const all = addressDocumentTypesFor(undefined).addressDocumentTypes
    expect(all.some((type) => type.countryCodes !== undefined)).toBe(false)
    const russia = addressDocumentTypesFor('RU').addressDocumentTypes
    expect(russia.find((type) => type.needsStampPage)?.countryCodes).toContain('RU')
  })
})

describe('document categories', () => {
  it('list each type under every category it serves', () => {
    const bankStatements = documentCategories
      .filter((category) => category.documentTypes.some((type) => type.name === 'Bank statement'))
      .map((category) => category.categoryId)
    expect(bankStatements).toEqual([2, 11])
  })
})
