// New persons and companies of a wizard get the next free positive integer id of their list:
// one more than the highest, never a freed one, so a stale reference never means someone else.
import { describe, expect, it } from 'vitest'
import {
  mergeSlice,
  nameFields,
  nextId,
  requestBody,
  sectionSlice,
  withNormalizedNames,
} from '../../../../../src/portal/renderer/wizard/wizard-payload.ts'
import type { Json } from '../../../../../src/portal/renderer/screens-data.ts'

describe('nextId', () => {
  it.each([
    ['no list', { given: undefined, want: 1 }],
    ['an empty list', { given: [], want: 1 }],
    ['one after the highest', { given: [{ id: 1 }, { id: 4 }, { id: 2 }], want: 5 }],
    ['never a freed id below the highest', { given: [{ id: 3 }], want: 4 }],
    ['ignoring entries without a numeric id', { given: [{}, { id: 'x' }, { id: 2 }], want: 3 }],
    ['ignoring negative and fractional ids', { given: [{ id: -7 }, { id: 1.5 }], want: 1 }],
  ] as [string, { given: Json | undefined; want: number }][])('%s', (_name, { given, want }) => {
    expect(nextId(given)).toBe(want)
  })
})

describe('the payload a section edits and the one sent', () => {
  const payload = {
    registrationType: 'others',
    company: { name: 'Acme', address: { city: 'Riga' } },
    directors: [1],
  }

  it('gives a section only its fields, and merges its edits back', () => {
    const slice = sectionSlice(payload, ['registrationType', 'company.address'])
    expect(slice).toEqual({ registrationType: 'others', company: { address: { city: 'Riga' } } })
    const merged = mergeSlice(payload, { company: { address: { city: 'Oslo' } } }, [
      'registrationType',
      'company.address',
    ])
    expect(merged).toEqual({
      company: { name: 'Acme', address: { city: 'Oslo' } },
      directors: [1],
    })
  })

  it('trims and collapses names at the root and in every item of a list (section 5, Names)', () => {
    const names = withNormalizedNames(
      { company: { name: '  Acme   Hosting ' }, personList: [{ firstName: ' Ann  Marie' }, 7] },
      ['company.name'],
      { personList: ['firstName'] },
    )
    expect(names).toEqual({
      company: { name: 'Acme Hosting' },
      personList: [{ firstName: 'Ann Marie' }, 7],
    })
  })

  it('finds the name fields of a form by the name rule of the schema', () => {
    const schema = {
      type: 'object',
      properties: {
        password: { type: 'string' },
        company: {
          type: 'object',
          properties: { name: { type: 'string', pattern: '^\\S+( \\S+)*$' } },
        },
      },
    }
    expect(nameFields(schema)).toEqual(['company.name'])
  })

  it('drops empty values before sending (section 5), keeping false and zero', () => {
    expect(
      requestBody({
        email: '',
        phone: {},
        address: { address1: 'x', address2: '' },
        ultimateBeneficiaryOwners: [],
        noTaxId: false,
        share: 0,
        note: null,
      }),
    ).toEqual({ address: { address1: 'x' }, noTaxId: false, share: 0 })
  })
})
