// The business registration checks JSON Schema cannot express (src/shared/registration-rules.ts),
// which the portal's wizard runs per section and the server repeats before it stores anything.
import { describe, expect, test } from 'vitest'
import {
  businessRegistrationIssues,
  clearsSourceOfFunds,
  effectiveShares,
  isUltimateOwnerShare,
  issuesBySection,
  normalizeName,
  personalRegistrationIssues,
  registrationIssueText,
  type BusinessRegistration,
  type RegistrationIssue,
  type RegistrationRuleOptions,
  type ShareholderNode,
  walkEffectiveShares,
} from '../../../src/shared/registration-rules.ts'

const person = (id: number, extra: Partial<BusinessRegistration['personList'][number]> = {}) => ({
  id,
  firstName: 'Ann',
  lastName: `Person${id}`,
  birthday: '1980-01-01',
  noTaxId: false,
  isUser: false,
  ...extra,
})

const address = (countryCode: string) => ({ address1: '1 Road', city: 'Town', countryCode })

/** A valid payload: person 1 directs and is the full user, company 10 holds 40 % and has
 * person 2 (60 %) and person 3 (40 %) as owners, person 1 holds 60 % directly. */
function validPayload(): BusinessRegistration {
  return {
    registrationType: 'others',
    company: {
      name: 'Acme Ltd',
      registrationNumber: 'R1',
      registrationCountryCode: 'GB',
      noTaxId: false,
      address: address('GB'),
    },
    financialDetail: {
      monthlyDepositAmount: '1000',
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmount: '1000',
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [1],
      purposeIds: [1],
      industry: 7,
    },
    dueDiligence: { government: false, lawsuits: false, taxPayers: true },
    authorizedCompanyRepresentative: { personId: 1 },
    legalInformation: { legalForm: 'LLC', isRegulated: false },
    directors: [1],
    shareholders: [
      { type: 1, personId: 1, share: 60 },
      {
        type: 2,
        companyId: 10,
        share: 40,
        shareholders: [
          { type: 1, personId: 2, share: 60 },
          { type: 1, personId: 3, share: 40 },
        ],
      },
    ],
    users: [{ personId: 1, accessRights: 2 }],
    personList: [
      person(1, {
        email: 'ann@example.com',
        isUser: true,
        accessRights: 2,
        sourcesOfFunds: [{ sourceId: 1, details: 'salary' }],
      }),
      person(2),
      person(3),
    ],
    companyList: [
      {
        id: 10,
        name: 'Holding Ltd',
        registrationNumber: 'H1',
        registrationCountryCode: 'GB',
        noTaxId: false,
        address: address('GB'),
        directors: [2],
      },
    ],
    captcha: 'token',
  }
}

const options: RegistrationRuleOptions = { sourceOfWealthEnable: true }
const codesOf = (issues: RegistrationIssue[]) => issues.map(({ path, code }) => [path, code])

describe('effectiveShares', () => {
  test.each<[string, { given: ShareholderNode[]; want: [number, number][] }]>([
    ['one level', { given: [{ type: 1, personId: 1, share: 30 }], want: [[1, 30]] }],
    [
      'a product down the path',
      {
        given: [
          { type: 2, companyId: 1, share: 50, shareholders: [{ type: 1, personId: 7, share: 50 }] },
        ],
        want: [[7, 25]],
      },
    ],
    [
      'summed over every place the person appears',
      {
        given: [
          { type: 1, personId: 7, share: 10 },
          {
            type: 2,
            companyId: 1,
            share: 90,
            shareholders: [{ type: 1, personId: 7, share: 20 }],
          },
        ],
        want: [[7, 28]],
      },
    ],
    [
      'thirds add up without float noise',
      {
        given: [
          { type: 1, personId: 1, share: 33.33 },
          { type: 1, personId: 1, share: 33.33 },
          { type: 1, personId: 1, share: 33.34 },
        ],
        want: [[1, 100]],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect([...effectiveShares(given)]).toEqual(want)
  })
})

describe('walkEffectiveShares', () => {
  test('hands every node, person or company, its share of the company down its path', () => {
    const given: ShareholderNode[] = [
      { type: 1, personId: 1, share: 60 },
      {
        type: 2,
        companyId: 10,
        share: 40,
        shareholders: [
          { type: 1, personId: 2, share: 70 },
          {
            type: 2,
            companyId: 11,
            share: 30,
            shareholders: [{ type: 1, personId: 3, share: 50 }],
          },
        ],
      },
    ]
    const seen: [string, number][] = []
    walkEffectiveShares(given, (node, percent) =>
      seen.push([
        `${node.type === 1 ? 'person' : 'company'} ${node.personId ?? node.companyId}`,
        Math.round(percent * 1e6) / 1e6,
      ]),
    )
    expect(seen).toEqual([
      ['person 1', 60],
      ['company 10', 40],
      ['person 2', 28],
      ['company 11', 12],
      ['person 3', 6],
    ])
  })
})

test.each<[number, boolean]>([
  [25, false],
  [25.000001, true],
  [28, true],
])('isUltimateOwnerShare(%s) is %s: more than 25 %% through every level', (percent, want) => {
  expect(isUltimateOwnerShare(percent)).toBe(want)
})

test.each<[number, boolean]>([
  [10, true],
  [25, true],
  [25.000001, false],
  [60, false],
])('clearsSourceOfFunds(%s) is %s', (percent, want) => {
  expect(clearsSourceOfFunds(percent)).toBe(want)
})

test.each<[string, string]>([
  ['  Ann   Lee ', 'Ann Lee'],
  ['Ann\t\nLee', 'Ann Lee'],
  ['Ann', 'Ann'],
])('normalizeName(%j) is %j', (given, want) => {
  expect(normalizeName(given)).toBe(want)
})

test('a valid payload has no issues', () => {
  expect(businessRegistrationIssues(validPayload(), options)).toEqual([])
})

describe('businessRegistrationIssues', () => {
  test.each<[string, { change: (p: BusinessRegistration) => void; want: [string, string][] }]>([
    [
      'no shareholder at all',
      { change: (p) => (p.shareholders = []), want: [['shareholders', 'shareholdersMissing']] },
    ],
    [
      'a share of 0 and a level that no longer sums to 10',
      {
        change: (p) => {
          p.shareholders = [
            { type: 1, personId: 1, share: 0 },
            { type: 1, personId: 2, share: 5 },
          ]
        },
        want: [
          ['shareholders', 'levelSumOutOfRange'],
          ['shareholders.0.share', 'shareOutOfRange'],
        ],
      },
    ],
    [
      'a nested level above 100',
      {
        change: (p) => (p.shareholders[1]!.shareholders![1]!.share = 41),
        want: [['shareholders.1.shareholders', 'levelSumOutOfRange']],
      },
    ],
    [
      'a company shareholder without its own shareholders',
      {
        change: (p) => delete p.shareholders[1]!.shareholders,
        want: [['shareholders.1.shareholders', 'shareholdersMissing']],
      },
    ],
    [
      'a company of companyList without a director',
      {
        change: (p) => (p.companyList![0]!.directors = []),
        want: [['companyList.0.directors', 'companyWithoutDirector']],
      },
    ],
    [
      'unknown persons and companies wherever they are referred to',
      {
        change: (p) => {
          p.directors = [1, 99]
          p.shareholders[0]!.personId = 98
          p.shareholders[1]!.companyId = 97
          p.companyList![0]!.directors = [96]
        },
        want: [
          ['directors.1', 'unknownPerson'],
          ['companyList.0.directors.0', 'unknownPerson'],
          ['shareholders.0.personId', 'unknownPerson'],
          ['shareholders.1.companyId', 'unknownCompany'],
        ],
      },
    ],
    [
      'a company among its own shareholders',
      {
        change: (p) => {
          p.shareholders[1]!.shareholders![1]!.share = 39.5
          p.shareholders[1]!.shareholders!.push({
            type: 2,
            companyId: 10,
            share: 0.5,
            shareholders: [{ type: 1, personId: 2, share: 50 }],
          })
        },
        want: [['shareholders.1.shareholders.2.companyId', 'shareholderCycle']],
      },
    ],
    [
      'no director',
      { change: (p) => (p.directors = []), want: [['directors', 'directorMissing']] },
    ],
    [
      'the same person id twice',
      { change: (p) => p.personList.push(person(3)), want: [['personList.3.id', 'duplicateId']] },
    ],
    [
      'source-of-funds details missing above 25 % (person 2 holds 24 %, person 1 60 %)',
      {
        change: (p) => (p.personList[0]!.sourcesOfFunds = [{ sourceId: 1 }, { sourceId: 2 }]),
        want: [
          ['personList.0.sourcesOfFunds.0.details', 'sourceOfFundsDetailsMissing'],
          ['personList.0.sourcesOfFunds.1.details', 'sourceOfFundsDetailsMissing'],
        ],
      },
    ],
    [
      'no source of funds at all above 25 %',
      {
        change: (p) => delete p.personList[0]!.sourcesOfFunds,
        want: [['personList.0.sourcesOfFunds', 'sourcesOfFundsMissing']],
      },
    ],
    [
      'no user with full rights, and rights 5',
      {
        change: (p) => {
          p.users = [{ personId: 1, accessRights: 5 as 1 }]
          p.personList[0]!.accessRights = 5 as 1
        },
        want: [
          ['users', 'noFullRightsUser'],
          ['users.0.accessRights', 'rightsNotSelectable'],
        ],
      },
    ],
    [
      'a user with rights 0',
      {
        change: (p) => p.users.push({ personId: 2, accessRights: 0 as 1 }),
        want: [
          ['users.1.accessRights', 'userWithoutRights'],
          ['personList.1.isUser', 'userNotMarked'],
          ['personList.1.email', 'userEmailMissing'],
        ],
      },
    ],
    [
      'no users',
      {
        change: (p) => (p.users = []),
        want: [
          ['users', 'usersMissing'],
          ['personList.0.isUser', 'userNotListed'],
        ],
      },
    ],
    [
      'a user whose person has other rights, and the same user twice',
      {
        change: (p) => {
          p.personList[0]!.accessRights = 1
          p.users.push({ personId: 1, accessRights: 2 })
        },
        want: [
          ['personList.0.accessRights', 'userRightsMismatch'],
          ['users.1.personId', 'duplicateUser'],
        ],
      },
    ],
    [
      'two users with one e-mail',
      {
        change: (p) => {
          p.personList[1] = { ...p.personList[1]!, isUser: true, accessRights: 1 }
          p.personList[1].email = 'ANN@example.com'
          p.users.push({ personId: 2, accessRights: 1 })
        },
        want: [['personList.1.email', 'duplicateEmail']],
      },
    ],
  ])('%s', (_name, { change, want }) => {
    const payload = validPayload()
    change(payload)
    expect(codesOf(businessRegistrationIssues(payload, options))).toEqual(want)
  })

  test('without source of wealth, no source-of-funds details are asked for', () => {
    const payload = validPayload()
    delete payload.personList[0]!.sourcesOfFunds
    expect(businessRegistrationIssues(payload, { sourceOfWealthEnable: false })).toEqual([])
  })

  test('a tax id where the country table requires one, per kind', () => {
    const payload = validPayload()
    payload.personList[1]!.address = address('US')
    payload.personList[2]!.address = address('US')
    payload.personList[2]!.taxId = '123'
    payload.company.registrationCountryCode = 'US'
    payload.companyList![0]!.registrationCountryCode = 'US'
    payload.companyList![0]!.noTaxId = true
    const taxIdRule = (country: string, kind: 'personal' | 'business') => ({
      required: country === 'US' && (kind === 'personal' || kind === 'business'),
    })
    const issues = businessRegistrationIssues(payload, { ...options, taxIdRule })
    expect(issues.map((i) => [i.section, i.path, i.code, i.params])).toEqual([
      ['root', 'company.businessTaxId', 'taxIdRequired', { countryCode: 'US' }],
      ['persons', 'personList.1.taxId', 'taxIdRequired', { countryCode: 'US' }],
    ])
  })
})

test('personalRegistrationIssues: a tax id where the table requires it, unless noTaxId', () => {
  const taxIdRule = (country: string) => ({ required: country === 'US' })
  expect(personalRegistrationIssues({ countryCode: 'US', noTaxId: false }, { taxIdRule })).toEqual([
    { section: 'root', path: 'taxId', code: 'taxIdRequired', params: { countryCode: 'US' } },
  ])
  expect(personalRegistrationIssues({ countryCode: 'US', noTaxId: true }, { taxIdRule })).toEqual(
    [],
  )
  expect(personalRegistrationIssues({ countryCode: 'DE', noTaxId: false }, { taxIdRule })).toEqual(
    [],
  )
})

test('issuesBySection keeps every section, empty or not', () => {
  const payload = validPayload()
  payload.directors = []
  payload.users = []
  const grouped = issuesBySection(businessRegistrationIssues(payload, options))
  expect(Object.keys(grouped)).toEqual(['root', 'persons', 'companies', 'shareholders', 'users'])
  expect(grouped.root.map((i) => i.code)).toEqual(['directorMissing'])
  expect(grouped.users.map((i) => i.code)).toEqual(['usersMissing', 'userNotListed'])
  expect(grouped.persons).toEqual([])
})

test('every issue code has an English sentence', () => {
  for (const text of Object.values(registrationIssueText)) expect(text).toMatch(/^[A-Z].*\.$/)
})
