// The renderer's parts the company documents needed (spec/screens/company-*.yaml): values put
// into a part of a request (the data part of a multipart request), a list's value standing in
// a form ("$list.id"), a tree of rows listed with its depths, and values read as words: options
// of another field's names, lists of options, the items of a list, percents, yes or no.
import { describe, expect, test } from 'vitest'
import {
  flattenRows,
  listPlaceholder,
  rowDepth,
  withParts,
  type Row,
} from '../../../../src/portal/renderer/resource-data.ts'
import type { Json } from '../../../../src/portal/renderer/screens-data.ts'
import { enumText, listItems, percentText } from '../../../../src/portal/renderer/value-formats.ts'
import { summaryShown } from '../../../../src/portal/renderer/answer-summary.tsx'

const names: Record<string, string> = {
  'forms:options.statusId.2': 'Confirmed',
  'forms:options.positionIds.2': 'Director',
  'forms:options.positionIds.8': 'Owner',
  'screens:yes': 'Yes',
  'screens:no': 'No',
}
const t = ((key: string, options?: { defaultValue?: string }) =>
  names[key] ?? options?.defaultValue ?? key) as never

describe('a request put together', () => {
  test('a dotted field goes into its object, next to what the form gave there', () => {
    const form = { data: { documentTypeId: 11, address: { city: 'Riga' } }, mainDocument: 'x' }
    expect(withParts(form, { 'data.representativeId': 7, addressId: 3 })).toEqual({
      data: { documentTypeId: 11, address: { city: 'Riga' }, representativeId: 7 },
      mainDocument: 'x',
      addressId: 3,
    })
    // The form's own values are not changed in place.
    expect(form.data).not.toHaveProperty('representativeId')
  })

  test.each([
    ['$list.id', { id: 110002 }, 110002],
    ['$list.id', {}, null],
    ['$listed', { id: 1 }, '$listed'],
    [4, { id: 1 }, 4],
  ])('%s with the list asked with %j is %j', (value, list, want) => {
    expect(listPlaceholder(value, list)).toEqual(want)
  })
})

describe('a tree of rows (list.children)', () => {
  const tree: Row[] = [
    { id: 1, name: 'Sam' },
    { id: 4, name: 'Baltic', shareholders: [{ id: 2, name: 'Jordan', shareholders: [] }] },
  ]

  test('lists each row before the rows it holds, with its depth', () => {
    const rows = flattenRows(tree, 'shareholders')
    expect(rows.map((row) => [row.name, row[rowDepth]])).toEqual([
      ['Sam', 0],
      ['Baltic', 0],
      ['Jordan', 1],
    ])
  })

  test('without children the rows are the answer’s', () => {
    expect(flattenRows(tree, undefined)).toBe(tree)
  })
})

describe('values in words', () => {
  test('an option by another field’s names, and a list of options', () => {
    expect(enumText(t, 'statusId', 2)).toBe('Confirmed')
    expect(enumText(t, 'positionIds', [2, 8, 99])).toBe('Director, Owner, 99')
  })

  test('the items of a list by one field, skipping those without it', () => {
    const documents: Json[] = [
      { documentType: 'Utility bill' },
      { other: 1 },
      { documentType: 'Lease' },
    ]
    expect(listItems(documents, 'documentType')).toEqual(['Utility bill', 'Lease'])
    expect(listItems('not a list', 'documentType')).toEqual([])
  })

  test('a percent in the language’s way', () => {
    expect(percentText(27, 'en')).toBe('27%')
    expect(percentText(12.5, 'en')).toBe('12.5%')
    expect(percentText('n/a', 'en')).toBe('n/a')
  })

  test('a summary shows yes or no, a list, a date and an option of other names', () => {
    expect(summaryShown(t, 'declaration.isSigned', 'boolean', true)).toBe('Yes')
    expect(summaryShown(t, 'declaration.isSigned', 'boolean', false)).toBe('No')
    const platforms = [{ name: 'CamStage' }, { name: 'LiveHall' }]
    expect(summaryShown(t, 'declaration.platforms', 'list', platforms, { item: 'name' })).toBe(
      'CamStage, LiveHall',
    )
    const status = summaryShown(t, 'companyInfo.corporateDocumentsStatus', 'enum', 2, {
      options: 'statusId',
    })
    expect(status).toBe('Confirmed')
    const signed = summaryShown(t, 'declaration.signedAt', 'dateTime', '2026-11-07T10:00:00Z')
    expect(signed).toBe(new Date('2026-11-07T10:00:00Z').toLocaleString('en'))
  })
})
