// The largest realistic business registration (issue 13; DESIGN.md section 10): the valid
// request of the registration tests (registration-payloads.ts) scaled up to 3 directors, 5
// shareholders of which 2 are companies with shareholders of their own (two levels), a
// director for each company, 3 beneficial owners and 4 users; every person with an address,
// a phone, a tax id and sources of funds. bench:form seeds it as the wizard's draft.
import {
  businessPayload,
  type BusinessPayload,
} from '../../test/integration/activation/registration-payloads.ts'

type Person = BusinessPayload['personList'][number]
type Company = NonNullable<BusinessPayload['companyList']>[number]

/** The tax ids the tests' payload gives in each country (valid by the country table). */
const taxIds = { ES: '12345678Z', PT: '123456789' } as const
type Country = keyof typeof taxIds
const callingCodes: Record<Country, string> = { ES: '34', PT: '351' }

const address = (country: Country, n: number) => ({
  address1: `${n} Main Street`,
  address2: `Floor ${n}`,
  city: country === 'ES' ? 'Madrid' : 'Lisbon',
  postalCode: `${10000 + n}`,
  countryCode: country,
})

const names = [
  ['Olivia', 'Owner'],
  ['Hugo', 'Holder'],
  ['Rosa', 'Reader'],
  ['Ivan', 'Investor'],
  ['Paula', 'Partner'],
  ['Diego', 'Director'],
  ['Sara', 'Stake'],
  ['Tomas', 'Trust'],
  ['Nina', 'Nominee'],
] as const

/** Persons 1 to 9; 1 to 4 are users (1 with full rights). */
function person(id: number): Person {
  const [firstName, lastName] = names[id - 1]!
  const country: Country = id % 2 ? 'ES' : 'PT'
  const rights = id === 1 ? 2 : id <= 4 ? 1 : undefined
  return {
    id,
    firstName,
    lastName,
    birthday: `19${70 + id}-0${1 + (id % 9)}-1${id % 9}`,
    email: `bench.person${id}@example.com`,
    phone: { countryCode: callingCodes[country], number: `6000000${10 + id}` },
    address: address(country, id),
    taxId: taxIds[country],
    noTaxId: false,
    isUser: rights !== undefined,
    ...(rights !== undefined && { accessRights: rights }),
    sourcesOfFunds: [
      { sourceId: 3, details: `Dividends of ${lastName} holdings` },
      { sourceId: 5, details: 'Investments' },
    ],
  }
}

function company(id: number, name: string, country: Country, director: number): Company {
  return {
    id,
    name,
    tradingName: `${name} Trading`,
    registrationNumber: `R-${id}00`,
    registrationDate: '2012-03-04',
    registrationCountryCode: country,
    businessTaxId: country === 'PT' ? 'PT500000000' : 'B12345678',
    noTaxId: false,
    email: `office${id}@example.com`,
    phone: { countryCode: callingCodes[country], number: `2100000${id}` },
    website: `https://company${id}.example.com`,
    description: `${name} holds shares in other companies.`,
    address: address(country, id),
    placeOfBusiness: address(country, id + 1),
    directors: [director],
  }
}

export function largeBusinessPayload(): Omit<BusinessPayload, 'captcha'> {
  const { captcha: _solvedAtSubmit, ...base } = businessPayload(['', ''], '')
  return {
    ...base,
    company: {
      ...base.company,
      tradingName: 'Acme',
      phone: { countryCode: '34', number: '910000000' },
      website: 'https://acme.example.com',
      description: 'Wholesale trade of consumer goods across the European Union.',
    },
    financialDetail: { ...base.financialDetail, industrySpecification: 'Wholesale' },
    authorizedCompanyRepresentative: { personId: 1, position: 'Managing Director' },
    directors: [1, 2, 3],
    ultimateBeneficiaryOwners: [1, 4, 8],
    // Effective shares: 1 holds 30 %, 4 20 %, 8 10 %: person 1 is asked for sources of funds.
    shareholders: [
      { type: 1, personId: 1, share: 30 },
      { type: 1, personId: 4, share: 20 },
      { type: 1, personId: 5, share: 10 },
      {
        type: 2,
        companyId: 10,
        share: 20,
        shareholders: [
          { type: 1, personId: 6, share: 60 },
          { type: 1, personId: 7, share: 40 },
        ],
      },
      {
        type: 2,
        companyId: 11,
        share: 20,
        shareholders: [
          { type: 1, personId: 8, share: 50 },
          { type: 1, personId: 9, share: 30 },
          { type: 1, personId: 2, share: 20 },
        ],
      },
    ],
    users: [
      { personId: 1, accessRights: 2 },
      { personId: 2, accessRights: 1 },
      { personId: 3, accessRights: 1 },
      { personId: 4, accessRights: 1 },
    ],
    personList: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(person),
    companyList: [company(10, 'Holding Ltd', 'PT', 6), company(11, 'Invest SA', 'ES', 8)],
    additionalQuestionAnswers: [
      { questionId: 'anotherAccount', answer: 'yes', details: 'Banco Uno, Spain' },
      { questionId: 'businessAnotherAccount', answer: 'no' },
      { questionId: 'controlAccount', answer: '1' },
      { questionId: 'refusedAccount', answer: 'no' },
      { questionId: 'expectedCountries', answer: 'Spain, Portugal and France' },
      { questionId: 'websiteUrl', answer: 'https://acme.example.com' },
    ],
  }
}
