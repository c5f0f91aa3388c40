// A saved form replaces the fields it holds and keeps the others (id, directors, isUser),
// and new entries join their list.
import { describe, expect, it } from 'vitest'
import {
  entityName,
  mergeEntity,
  withEntity,
} from '../../../../../../src/portal/renderer/widgets/shareholder-tree/entity-form.ts'

describe('mergeEntity', () => {
  const existing = { id: 4, firstName: 'Ann', lastName: 'Lee', email: 'a@b.c', isUser: true }
  const fields = ['firstName', 'lastName', 'email']

  it.each([
    [
      'keeps the fields the form does not hold',
      { given: { firstName: 'Anna', lastName: 'Lee', email: 'a@b.c' } },
      { id: 4, firstName: 'Anna', lastName: 'Lee', email: 'a@b.c', isUser: true },
    ],
    [
      'drops a field the form holds and emptied',
      { given: { firstName: 'Ann', lastName: 'Lee' } },
      { id: 4, firstName: 'Ann', lastName: 'Lee', isUser: true },
    ],
    [
      'never takes an id from the form',
      { given: { id: 9, firstName: 'Ann', lastName: 'Lee' } },
      { id: 4, firstName: 'Ann', lastName: 'Lee', isUser: true },
    ],
  ])('%s', (_name, { given }, want) => {
    expect(mergeEntity(4, existing, given, fields)).toEqual(want)
  })

  it('makes a new entry with the given id', () => {
    expect(mergeEntity(7, undefined, { name: 'Acme' }, ['name'])).toEqual({ id: 7, name: 'Acme' })
  })
})

describe('entityName', () => {
  it.each([
    ['a person', 'person' as const, { id: 1, firstName: 'Ann', lastName: 'Lee' }, 'Ann Lee'],
    ['a person with a first name only', 'person' as const, { id: 1, firstName: 'Ann' }, 'Ann'],
    ['a company', 'company' as const, { id: 1, name: 'Acme Ltd' }, 'Acme Ltd'],
    ['an entry whose form has no name yet', 'company' as const, { id: 1 }, ''],
    ['no entry', 'person' as const, undefined, ''],
  ])('%s', (_name, kind, entity, want) => {
    expect(entityName(kind, entity)).toBe(want)
  })
})

describe('withEntity', () => {
  const payload = { personList: [{ id: 1, firstName: 'A' }], companyList: [{ id: 1, name: 'C' }] }

  it('replaces an entry with its id in place', () => {
    const next = withEntity(payload, 'person', { id: 1, firstName: 'B' })
    expect(next.personList).toEqual([{ id: 1, firstName: 'B' }])
    expect(next.companyList).toBe(payload.companyList)
  })

  it('adds a new entry at the end, starting the list when there is none', () => {
    expect(withEntity(payload, 'company', { id: 2, name: 'D' }).companyList).toEqual([
      { id: 1, name: 'C' },
      { id: 2, name: 'D' },
    ])
    expect(withEntity({}, 'company', { id: 1, name: 'D' }).companyList).toEqual([
      { id: 1, name: 'D' },
    ])
  })
})
