// A person's FATCA/CRS answers as an update sends them (personal customer, representative),
// completed and checked: the fields a personal update leaves out come from the KYC profile,
// names are trimmed with whitespace collapsed (product-spec section 5), hasUSIndicia left out
// is derived from the answers, and the rules of src/shared/fatca-rules.ts must hold.
import type { FieldError, Failure } from '../rpc/outcome.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { personIssues, usIndiciaOf, type FatcaRuleOptions } from '../../shared/fatca-rules.ts'
import type { PersonAnswers, TaxIdEntry } from './fatca-answers.ts'
import type { AddressFields } from './fatca-subjects.ts'
import { issuesFailure } from './fatca-save.ts'
import { refusal } from '../rpc/outcome.ts'

export interface PersonInput {
  isUSTaxPayer: boolean
  taxIds: TaxIdEntry[]
  citizenship?: string[]
  birthCity?: string
  birthCountryCode?: string
  dateOfBirth?: string
  hasUSIndicia?: boolean
}

/** Values a record already holds, for the fields an update leaves out. */
export interface PersonDefaults {
  citizenship?: string[]
  birthCity?: string
  birthCountryCode?: string
  dateOfBirth?: string
}

export const collapsed = (text: string): string => text.trim().replace(/\s+/g, ' ')

function trimmedEntry(entry: TaxIdEntry): TaxIdEntry {
  return entry.tinMissingExplanation === undefined
    ? entry
    : { ...entry, tinMissingExplanation: collapsed(entry.tinMissingExplanation) }
}

export function checkedPersonAnswers(
  input: PersonInput,
  defaults: PersonDefaults,
  residenceAddress: AddressFields | undefined,
  options: FatcaRuleOptions,
): { answers: PersonAnswers } | { failure: Failure } {
  const citizenship = input.citizenship ?? defaults.citizenship
  const birthCity = input.birthCity ?? defaults.birthCity
  const birthCountryCode = input.birthCountryCode ?? defaults.birthCountryCode
  const dateOfBirth = input.dateOfBirth ?? defaults.dateOfBirth
  const missing: FieldError[] = []
  const need = (value: unknown, parameter: string) => {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      missing.push(refusal(parameter, 'refusal.kyc.profileLacksIt'))
    }
  }
  need(citizenship, 'citizenship')
  need(birthCity, 'birthCity')
  need(birthCountryCode, 'birthCountryCode')
  need(dateOfBirth, 'dateOfBirth')
  if (!residenceAddress) {
    missing.push(refusal('residenceAddress', 'refusal.kyc.addResidenceFirst'))
  }
  if (missing.length > 0 || !citizenship || !birthCity || !birthCountryCode || !dateOfBirth) {
    return { failure: validationFailure(missing) }
  }
  const person = {
    isUSTaxPayer: input.isUSTaxPayer,
    taxIds: input.taxIds.map(trimmedEntry),
    citizenship,
    birthCity: collapsed(birthCity),
    birthCountryCode,
    dateOfBirth,
  }
  const addressCountry = residenceAddress?.countryCode
  const given = {
    ...person,
    ...(input.hasUSIndicia !== undefined ? { hasUSIndicia: input.hasUSIndicia } : {}),
  }
  const failure = issuesFailure(personIssues(given, '', options, addressCountry))
  if (failure) return { failure }
  return {
    answers: { ...person, hasUSIndicia: input.hasUSIndicia ?? usIndiciaOf(person, addressCountry) },
  }
}
