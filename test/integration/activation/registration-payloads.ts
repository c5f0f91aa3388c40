// Valid registration payloads and a solved captcha, as the portal would send them: shared by
// the registration tests and the conformance happy paths (test/conformance/prepare-sign-in.ts).
import { solveChallenge } from '../../../src/shared/captcha-work.ts'
import type { components } from '../../../src/generated/api.d.ts'

type Schemas = components['schemas']
export type PersonalPayload = Schemas['PersonalRegistration']
export type BusinessPayload = Schemas['BusinessRegistration']

/** Asks the server for a challenge (as brand, when given) and solves it: the captcha token. */
export async function solvedCaptcha(baseUrl: string, brand?: string): Promise<string> {
  const response = await fetch(`${baseUrl}/rpc/captchaChallengeGet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(brand ? { 'x-brand': brand } : {}) },
    body: '{}',
  })
  const body = (await response.json()) as { captchaChallenge?: Schemas['CaptchaChallenge'] }
  if (!body.captchaChallenge) throw new Error(`no captcha challenge: ${JSON.stringify(body)}`)
  const { challenge, difficulty } = body.captchaChallenge
  return solveChallenge(challenge, difficulty)
}

export function personalPayload(email: string, captcha: string): PersonalPayload {
  return {
    registrationType: 'freelancers',
    email,
    password: 'Registered-2026!',
    firstName: 'Rita',
    lastName: 'Newman',
    birthday: '1990-04-02',
    countryCode: 'ES',
    phone: { countryCode: '34', number: '612345678' },
    address: { address1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', countryCode: 'ES' },
    occupationId: 1,
    sourceOfFundsIds: [1],
    purposeIds: [1],
    monthlyDepositRangeId: 1,
    taxId: 'X1234567L',
    noTaxId: false,
    captcha,
  }
}

const address = (countryCode: string) => ({ address1: '1 Main Street', city: 'Town', countryCode })

/**
 * A business with a two-level shareholder tree: the owner (person 1) directs it and holds
 * 60 %; Holding Ltd (company 10, directed by person 2) holds 40 % and is owned by persons 2
 * (70 %) and 3 (30 %). Person 1 is the full user; person 3 a read-only user.
 */
export function businessPayload(emails: [string, string], captcha: string): BusinessPayload {
  return {
    registrationType: 'registrationAffiliatePrograms',
    password: 'Business-2026!',
    company: {
      name: 'Acme Trading Ltd',
      registrationNumber: 'C-100200',
      registrationDate: '2015-06-01',
      registrationCountryCode: 'ES',
      businessTaxId: 'B12345678',
      noTaxId: false,
      email: 'office@acme.example',
      address: address('ES'),
      placeOfBusiness: address('PT'),
    },
    financialDetail: {
      monthlyDepositAmount: '25000',
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmount: '20000',
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [61],
      purposeIds: [21],
      industry: 20,
    },
    dueDiligence: { government: false, lawsuits: false, taxPayers: true },
    authorizedCompanyRepresentative: { personId: 1, position: 'Managing Director' },
    legalInformation: { legalForm: 'Sociedad Limitada', isRegulated: false },
    directors: [1],
    ultimateBeneficiaryOwners: [1],
    shareholders: [
      { type: 1, personId: 1, share: 60 },
      {
        type: 2,
        companyId: 10,
        share: 40,
        shareholders: [
          { type: 1, personId: 2, share: 70 },
          { type: 1, personId: 3, share: 30 },
        ],
      },
    ],
    users: [
      { personId: 1, accessRights: 2 },
      { personId: 3, accessRights: 1 },
    ],
    personList: [
      {
        id: 1,
        firstName: 'Olivia',
        lastName: 'Owner',
        birthday: '1980-01-01',
        email: emails[0],
        address: address('ES'),
        taxId: '12345678Z',
        noTaxId: false,
        isUser: true,
        accessRights: 2,
        sourcesOfFunds: [{ sourceId: 3, details: 'Dividends of Acme' }],
      },
      {
        id: 2,
        firstName: 'Hugo',
        lastName: 'Holder',
        birthday: '1975-05-05',
        address: address('PT'),
        taxId: '123456789',
        noTaxId: false,
        isUser: false,
        sourcesOfFunds: [{ sourceId: 5, details: 'Investments' }],
      },
      {
        id: 3,
        firstName: 'Rosa',
        lastName: 'Reader',
        birthday: '1985-03-03',
        email: emails[1],
        taxId: 'R-1',
        noTaxId: false,
        isUser: true,
        accessRights: 1,
      },
    ],
    companyList: [
      {
        id: 10,
        name: 'Holding Ltd',
        registrationNumber: 'H-1',
        registrationCountryCode: 'PT',
        businessTaxId: 'PT500000000',
        noTaxId: false,
        address: address('PT'),
        directors: [2],
      },
    ],
    captcha,
  }
}
