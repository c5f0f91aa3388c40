// The FATCA/CRS checks of src/shared/fatca-rules.ts: each rule refuses the answers it exists
// for, names the field, and lets consistent answers through; requiredForms picks the W-form of
// the US status and asks for a certificate of loss of nationality where section 5 does.
import { describe, expect, it } from 'vitest'
import {
  entityIssues,
  isUsTaxId,
  personIssues,
  requiredForms,
  taxResidencyIssues,
  usIndiciaOf,
  type EntityAnswers,
  type FatcaRuleOptions,
  type PersonAnswers,
} from '../../../src/shared/fatca-rules.ts'

/** GB requires a tax id, AE issues none to persons; XX is no country. */
const options: FatcaRuleOptions = {
  taxIdRule: (countryCode) => ({ required: ['GB', 'US'].includes(countryCode) }),
  isCountry: (code) => code !== 'XX',
  today: '2026-05-04',
}

const person: PersonAnswers = {
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }],
  citizenship: ['GB'],
  birthCountryCode: 'GB',
  dateOfBirth: '1990-04-12',
}

const entity: EntityAnswers = {
  entityType: 'general',
  registrationCountryCode: 'GB',
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'GB', taxId: '1234567890' }],
}

const paths = (issues: { path: string }[]) => issues.map((issue) => issue.path)

describe('personIssues', () => {
  const cases: [string, { given: Partial<PersonAnswers>; want: string[] }][] = [
    ['consistent answers', { given: {}, want: [] }],
    [
      'a US citizen who is no US taxpayer',
      { given: { citizenship: ['US'] }, want: ['isUSTaxPayer'] },
    ],
    [
      'a US tax residency of someone who is no US taxpayer',
      { given: { taxIds: [{ countryCode: 'US', taxId: '123456789' }] }, want: ['isUSTaxPayer'] },
    ],
    [
      'US indicia denied by someone born in the US',
      { given: { birthCountryCode: 'US', hasUSIndicia: false }, want: ['hasUSIndicia'] },
    ],
    ['a birth date in the future', { given: { dateOfBirth: '2026-05-05' }, want: ['dateOfBirth'] }],
    ['a birth date before 1900', { given: { dateOfBirth: '1899-12-31' }, want: ['dateOfBirth'] }],
    [
      'unknown countries',
      {
        given: { citizenship: ['GB', 'XX'], birthCountryCode: 'XX' },
        want: ['citizenship.1', 'birthCountryCode'],
      },
    ],
    [
      'a US taxpayer with a nine-digit US tax id',
      {
        given: {
          isUSTaxPayer: true,
          citizenship: ['US'],
          taxIds: [{ countryCode: 'US', taxId: '123-45-6789' }],
        },
        want: [],
      },
    ],
  ]
  it.each(cases)('%s', (_, { given, want }) => {
    expect(paths(personIssues({ ...person, ...given }, '', options))).toEqual(want)
  })

  it('prefixes the paths of a controlling person', () => {
    expect(
      paths(personIssues({ ...person, citizenship: ['US'] }, 'controllingPersons.2', options)),
    ).toEqual(['controllingPersons.2.isUSTaxPayer'])
  })

  it('counts a US address as an indicium', () => {
    expect(usIndiciaOf(person)).toBe(false)
    expect(usIndiciaOf(person, 'US')).toBe(true)
    expect(paths(personIssues({ ...person, hasUSIndicia: false }, '', options, 'US'))).toEqual([
      'hasUSIndicia',
    ])
  })
})

describe('taxResidencyIssues', () => {
  it('refuses a country twice, and a reason other than CANNOT_OBTAIN where a tax id is required', () => {
    const issues = taxResidencyIssues(
      [
        { countryCode: 'GB', tinMissingReason: 'NO_TIN_IS_REQUIRED' },
        { countryCode: 'AE', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE' },
        { countryCode: 'GB', tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'Applied' },
      ],
      '',
      'personal',
      false,
      options,
    )
    expect(issues).toEqual([
      { path: 'taxIds.0.tinMissingReason', code: 'tinIssuedByCountry' },
      { path: 'taxIds.2.countryCode', code: 'countryTwice' },
    ])
  })

  it("requires a US taxpayer's US tax id, of nine digits", () => {
    const missing = taxResidencyIssues(
      [{ countryCode: 'US', tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'x' }],
      '',
      'personal',
      true,
      options,
    )
    expect(missing).toEqual([{ path: 'taxIds.0.tinMissingReason', code: 'usTinMissing' }])
    expect(isUsTaxId('12-3456789')).toBe(true)
    expect(isUsTaxId('123 45 6789')).toBe(true)
    expect(isUsTaxId('1234567890')).toBe(false)
    expect(isUsTaxId('12345678A')).toBe(false)
  })
})

describe('entityIssues', () => {
  const cases: [string, { given: Partial<EntityAnswers>; want: string[] }][] = [
    ['an active entity', { given: {}, want: [] }],
    [
      'a financial institution with its GIIN',
      {
        given: {
          entityType: 'financial-institution',
          questions: { isFinancialInstitution: true, giin: 'ABC123.12345.SL.123' },
        },
        want: [],
      },
    ],
    [
      'a financial institution typed otherwise',
      {
        given: { questions: { isFinancialInstitution: true, giinMissingReason: 'Applied' } },
        want: ['entityType'],
      },
    ],
    [
      'entityType financial-institution without the answer',
      {
        given: { entityType: 'financial-institution' },
        want: ['questions.isFinancialInstitution'],
      },
    ],
    [
      'GIIN and reason both',
      {
        given: {
          entityType: 'financial-institution',
          questions: {
            isFinancialInstitution: true,
            giin: 'ABC123.12345.SL.123',
            giinMissingReason: 'x',
          },
        },
        want: ['questions.giinMissingReason'],
      },
    ],
    [
      'market and ticker of a company not publicly traded',
      {
        given: { questions: { companySecurityMarket: 'LSE', companyTicket: 'FJ' } },
        want: ['questions.companySecurityMarket', 'questions.companyTicket'],
      },
    ],
    [
      'an owner named without owning',
      {
        given: {
          questions: { isOwnPubliclyTradedCompany: false, companyOwnedByYouName: 'Big plc' },
        },
        want: ['questions.companyOwnedByYouName'],
      },
    ],
    [
      'controlling persons of an active entity',
      { given: { controllingPersons: [{}] }, want: ['controllingPersons'] },
    ],
    [
      'controlling persons of a passive entity',
      { given: { questions: { isEarnPassiveIncome: true }, controllingPersons: [{}] }, want: [] },
    ],
    [
      'a US tax residency of an entity that is no US taxpayer',
      { given: { taxIds: [{ countryCode: 'US', taxId: '123456789' }] }, want: ['isUSTaxPayer'] },
    ],
    [
      'an unknown registration country',
      { given: { registrationCountryCode: 'XX' }, want: ['registrationCountryCode'] },
    ],
  ]
  it.each(cases)('%s', (_, { given, want }) => {
    expect(paths(entityIssues({ ...entity, ...given }, options))).toEqual(want)
  })
})

describe('requiredForms', () => {
  it('gives a US person the W-9, anyone else the W-8BEN, and asks a US-born non-taxpayer for a certificate', () => {
    expect(requiredForms({ isUSTaxPayer: true, birthCountryCode: 'US' })).toEqual({
      w9: true,
      w8Ben: false,
      lossOfNationality: false,
    })
    expect(requiredForms({ isUSTaxPayer: false, birthCountryCode: 'US' })).toEqual({
      w9: false,
      w8Ben: true,
      lossOfNationality: true,
    })
    expect(requiredForms({ isUSTaxPayer: false })).toMatchObject({ lossOfNationality: false })
  })
})
