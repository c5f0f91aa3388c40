// The FATCA/CRS self-certification checks that JSON Schema cannot express (product-spec section
// 3, FATCA/CRS certification; section 5, Tax id), and which forms a set of answers calls for
// (section 4, FATCA document statuses). The server answers VF with every issue; the portal can
// run the same table before it sends. The tax-id table comes in as the registration rules take
// it (RegistrationRuleOptions.taxIdRule), so both read one table.
import type { components } from '../generated/api.d.ts'
import type { RegistrationRuleOptions } from './registration-rules.ts'

type Schemas = components['schemas']
export type TaxIdEntry = Schemas['TaxIdEntry']
export type FatcaQuestions = Schemas['FatcaQuestions']

export type FatcaIssueCode =
  | 'unknownCountry'
  | 'countryTwice'
  | 'tinIssuedByCountry'
  | 'usTinMissing'
  | 'usTinFormat'
  | 'usResidencyNotTaxpayer'
  | 'usCitizenNotTaxpayer'
  | 'usIndiciaDenied'
  | 'dateOfBirthInFuture'
  | 'dateOfBirthTooEarly'
  | 'entityTypeMismatch'
  | 'financialInstitutionOnly'
  | 'giinOrReason'
  | 'publiclyTradedOnly'
  | 'ownedCompanyOnly'
  | 'passiveEntityOnly'

export interface FatcaIssue {
  /** The dotted request path a VF parameter names, e.g. 'taxIds.1.tinMissingReason'. */
  path: string
  code: FatcaIssueCode
}

export interface FatcaRuleOptions {
  taxIdRule?: RegistrationRuleOptions['taxIdRule']
  /** Whether a code names a country of the dictionary; undefined checks nothing. */
  isCountry?(countryCode: string): boolean
  /** Today, yyyy-mm-dd (UTC), for the date of birth. */
  today: string
}

/** The reason that alone may replace a tax id a country requires (OECD CRS reason B). */
const cannotObtain: Schemas['TinMissingReason'] = 'CANNOT_OBTAIN'

function join(prefix: string, path: string): string {
  return prefix === '' ? path : `${prefix}.${path}`
}

/** A US TIN (SSN, ITIN or EIN) is nine digits, written with or without hyphens and spaces. */
export function isUsTaxId(taxId: string): boolean {
  return /^[0-9]{9}$/.test(taxId.replace(/[\s-]/g, ''))
}

/**
 * Each tax residency's country once and known; a country whose table row requires a tax id
 * accepts only CANNOT_OBTAIN instead of one (it does issue them, and requires them); a US entry
 * of a US taxpayer carries a nine-digit US tax id (the W-9 needs it, section 5).
 */
export function taxResidencyIssues(
  taxIds: readonly TaxIdEntry[],
  prefix: string,
  kind: 'personal' | 'business',
  isUSTaxPayer: boolean,
  options: FatcaRuleOptions,
): FatcaIssue[] {
  const issues: FatcaIssue[] = []
  const seen = new Set<string>()
  taxIds.forEach((entry, index) => {
    const at = (field: string) => join(prefix, `taxIds.${index}.${field}`)
    if (options.isCountry && !options.isCountry(entry.countryCode)) {
      issues.push({ path: at('countryCode'), code: 'unknownCountry' })
    } else if (seen.has(entry.countryCode)) {
      issues.push({ path: at('countryCode'), code: 'countryTwice' })
    }
    seen.add(entry.countryCode)
    const reason = entry.tinMissingReason
    if (entry.countryCode === 'US' && isUSTaxPayer) {
      if (reason !== undefined) issues.push({ path: at('tinMissingReason'), code: 'usTinMissing' })
      else if (entry.taxId !== undefined && !isUsTaxId(entry.taxId)) {
        issues.push({ path: at('taxId'), code: 'usTinFormat' })
      }
      return
    }
    const required = options.taxIdRule?.(entry.countryCode, kind)?.required === true
    if (reason !== undefined && reason !== cannotObtain && required) {
      issues.push({ path: at('tinMissingReason'), code: 'tinIssuedByCountry' })
    }
  })
  return issues
}

/** What a person certifies about themselves: the representative-level fields. */
export interface PersonAnswers {
  isUSTaxPayer: boolean
  taxIds: readonly TaxIdEntry[]
  citizenship: readonly string[]
  birthCountryCode?: string
  dateOfBirth: string
  hasUSIndicia?: boolean
}

/** Whether anything of the person points at the US (FATCA indicia): birth, citizenship, residency, address. */
export function usIndiciaOf(person: PersonAnswers, addressCountryCode?: string): boolean {
  return (
    person.birthCountryCode === 'US' ||
    person.citizenship.includes('US') ||
    person.taxIds.some((entry) => entry.countryCode === 'US') ||
    addressCountryCode === 'US'
  )
}

/**
 * A person's answers agree with each other: a US citizen or US tax resident is a US taxpayer;
 * US indicia are not denied; the birth date is a real one; the tax residencies pass
 * taxResidencyIssues; every country is known.
 */
export function personIssues(
  person: PersonAnswers,
  prefix: string,
  options: FatcaRuleOptions,
  addressCountryCode?: string,
): FatcaIssue[] {
  const at = (field: string) => join(prefix, field)
  const issues: FatcaIssue[] = []
  const known = options.isCountry
  person.citizenship.forEach((code, index) => {
    if (known && !known(code))
      issues.push({ path: at(`citizenship.${index}`), code: 'unknownCountry' })
  })
  if (known && person.birthCountryCode !== undefined && !known(person.birthCountryCode)) {
    issues.push({ path: at('birthCountryCode'), code: 'unknownCountry' })
  }
  if (person.dateOfBirth > options.today) {
    issues.push({ path: at('dateOfBirth'), code: 'dateOfBirthInFuture' })
  } else if (person.dateOfBirth < '1900-01-01') {
    issues.push({ path: at('dateOfBirth'), code: 'dateOfBirthTooEarly' })
  }
  if (!person.isUSTaxPayer) {
    if (person.citizenship.includes('US')) {
      issues.push({ path: at('isUSTaxPayer'), code: 'usCitizenNotTaxpayer' })
    } else if (person.taxIds.some((entry) => entry.countryCode === 'US')) {
      issues.push({ path: at('isUSTaxPayer'), code: 'usResidencyNotTaxpayer' })
    }
  }
  if (person.hasUSIndicia === false && usIndiciaOf(person, addressCountryCode)) {
    issues.push({ path: at('hasUSIndicia'), code: 'usIndiciaDenied' })
  }
  issues.push(
    ...taxResidencyIssues(person.taxIds, prefix, 'personal', person.isUSTaxPayer, options),
  )
  return issues
}

/** What a business certifies, as fatcaCrsBusinessUpdate sends it. */
export interface EntityAnswers {
  entityType: 'financial-institution' | 'investment' | 'general'
  registrationCountryCode: string
  questions?: FatcaQuestions
  isUSTaxPayer: boolean
  taxIds: readonly TaxIdEntry[]
  controllingPersons?: readonly unknown[]
}

/**
 * The questionnaire's answers that depend on others: a financial institution (and only one)
 * has entityType financial-institution and gives its GIIN or the reason, not both; market and
 * ticker only for a publicly traded company or one it owns; controlling persons only for an
 * entity earning mainly passive income (which must list them: the request schema says so).
 * A US tax residency makes a US taxpayer.
 */
export function entityIssues(entity: EntityAnswers, options: FatcaRuleOptions): FatcaIssue[] {
  const issues: FatcaIssue[] = []
  const q = entity.questions ?? {}
  const isFinancial = q.isFinancialInstitution === true
  if (options.isCountry && !options.isCountry(entity.registrationCountryCode)) {
    issues.push({ path: 'registrationCountryCode', code: 'unknownCountry' })
  }
  if (isFinancial !== (entity.entityType === 'financial-institution')) {
    issues.push({
      path: isFinancial ? 'entityType' : 'questions.isFinancialInstitution',
      code: 'entityTypeMismatch',
    })
  }
  const onlyIf = (
    condition: boolean | undefined,
    fields: (keyof FatcaQuestions)[],
    code: FatcaIssueCode,
  ) => {
    if (condition === true) return
    for (const field of fields) {
      if (q[field] !== undefined) issues.push({ path: `questions.${field}`, code })
    }
  }
  onlyIf(isFinancial, ['giin', 'giinMissingReason'], 'financialInstitutionOnly')
  if (isFinancial && q.giin !== undefined && q.giinMissingReason !== undefined) {
    issues.push({ path: 'questions.giinMissingReason', code: 'giinOrReason' })
  }
  onlyIf(q.isPubliclyTraded, ['companySecurityMarket', 'companyTicket'], 'publiclyTradedOnly')
  onlyIf(
    q.isOwnPubliclyTradedCompany,
    ['companyOwnedByYouSecurityMarket', 'companyOwnedByYouName', 'companyOwnedByYouTicket'],
    'ownedCompanyOnly',
  )
  if (q.isEarnPassiveIncome !== true && (entity.controllingPersons ?? []).length > 0) {
    issues.push({ path: 'controllingPersons', code: 'passiveEntityOnly' })
  }
  if (!entity.isUSTaxPayer && entity.taxIds.some((entry) => entry.countryCode === 'US')) {
    issues.push({ path: 'isUSTaxPayer', code: 'usResidencyNotTaxpayer' })
  }
  issues.push(...taxResidencyIssues(entity.taxIds, '', 'business', entity.isUSTaxPayer, options))
  return issues
}

/** The forms a set of answers calls for besides the self-certification (section 4). */
export interface RequiredForms {
  w9: boolean
  w8Ben: boolean
  /** A person born in the US who certifies they are no US taxpayer shows how they stopped being one. */
  lossOfNationality: boolean
}

export function requiredForms(answers: {
  isUSTaxPayer: boolean
  birthCountryCode?: string
}): RequiredForms {
  return {
    w9: answers.isUSTaxPayer,
    w8Ben: !answers.isUSTaxPayer,
    lossOfNationality: !answers.isUSTaxPayer && answers.birthCountryCode === 'US',
  }
}
