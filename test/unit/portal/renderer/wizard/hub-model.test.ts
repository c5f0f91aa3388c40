// A hub of persons (product-spec sections 2 and 4): persons kept once in personList, the hub
// refers to them; the first user gets full rights (2), later ones the lowest offered; a user
// is marked on the person with the same rights; a removed person nothing refers to any more
// leaves the list, one still referred to elsewhere stays.
import { describe, expect, it } from 'vitest'
import {
  hubIds,
  withPerson,
  withReference,
  withRights,
  withoutReference,
  type Hub,
} from '../../../../../src/portal/renderer/wizard/hub-model.ts'
import type { Json, Wizard } from '../../../../../src/portal/renderer/screens-data.ts'

const directors: Hub = { field: 'directors', item: 'personForm' }
const users: Hub = { field: 'users', item: 'personForm', rights: 'accessRights', firstRights: 2 }
const wizard = {
  operation: 'businessAccountCreate',
  draft: { version: '3.54' },
  items: { personForm: { field: 'personList' } },
  sections: [
    { id: 'directors', hub: directors },
    { id: 'shareholders', widget: 'shareholderTree', fields: ['shareholders', 'companyList'] },
    { id: 'usersHub', hub: users, form: ['authorizedCompanyRepresentative'] },
  ],
} as Wizard
const ann = { id: 1, firstName: 'Ann' }
const bob = { id: 2, firstName: 'Bob' }
type Payload = Record<string, Json>

describe('hub model', () => {
  it('adds a new person to the list, keeping the fields the form does not hold', () => {
    const before: Payload = { personList: [{ ...ann, sourcesOfFunds: [{ sourceId: 3 }] }] }
    const after = withPerson(before, 'personList', 1, { firstName: 'Anna' }, ['firstName'])
    expect(after.personList).toEqual([
      { id: 1, firstName: 'Anna', sourcesOfFunds: [{ sourceId: 3 }] },
    ])
    expect(withPerson(after, 'personList', 2, bob, ['firstName']).personList).toHaveLength(2)
  })

  it('refers to a person by id once', () => {
    let payload: Payload = { personList: [ann] }
    payload = withReference(payload, directors, 'personList', 1, [])
    payload = withReference(payload, directors, 'personList', 1, [])
    expect(payload.directors).toEqual([1])
  })

  it('gives the first user full rights and later ones the lowest offered, marked on the person', () => {
    let payload: Payload = { personList: [ann, bob] }
    payload = withReference(payload, users, 'personList', 1, [1, 2, 3, 4])
    payload = withReference(payload, users, 'personList', 2, [1, 2, 3, 4])
    expect(payload.users).toEqual([
      { personId: 1, accessRights: 2 },
      { personId: 2, accessRights: 1 },
    ])
    expect(payload.personList).toEqual([
      { ...ann, isUser: true, accessRights: 2 },
      { ...bob, isUser: true, accessRights: 1 },
    ])
    expect(hubIds(payload, users)).toEqual([1, 2])
  })

  it('changes a user’s rights in the hub and on the person alike', () => {
    let payload: Payload = withReference({ personList: [ann] }, users, 'personList', 1, [1, 2])
    payload = withRights(payload, users, 'personList', 1, 4)
    expect(payload.users).toEqual([{ personId: 1, accessRights: 4 }])
    expect(payload.personList).toEqual([{ ...ann, isUser: true, accessRights: 4 }])
  })

  it('removes a person nothing else refers to from the list', () => {
    const payload: Payload = { personList: [ann, bob], directors: [1, 2] }
    const after = withoutReference(payload, wizard, directors, 'personList', 2)
    expect(after.directors).toEqual([1])
    expect(after.personList).toEqual([ann])
  })

  it('keeps a removed director who is still a shareholder or the representative', () => {
    const tree: Payload = {
      personList: [ann, bob],
      directors: [1, 2],
      shareholders: [{ type: 1, share: 100, personId: 2 }],
      authorizedCompanyRepresentative: { personId: 1 },
    }
    const withoutBob = withoutReference(tree, wizard, directors, 'personList', 2)
    expect(withoutBob.personList).toEqual([ann, bob])
    const withoutAnn = withoutReference(withoutBob, wizard, directors, 'personList', 1)
    expect(withoutAnn.personList).toEqual([ann, bob])
  })

  it('unmarks a user removed from the users hub', () => {
    const payload = withReference(
      { personList: [ann], directors: [1] },
      users,
      'personList',
      1,
      [1, 2],
    )
    const after = withoutReference(payload, wizard, users, 'personList', 1)
    expect(after.users).toEqual([])
    expect(after.personList).toEqual([ann])
  })
})
