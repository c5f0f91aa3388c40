// The dictionary values a registration refers to (product-spec section 3, Dictionaries): the
// schema checks their shape (two capitals, a 32-bit id), this checks that each names an entry,
// so a customer is never stored with a country, currency or source the portal cannot show.
import type { FieldError } from '../rpc/outcome.ts'
import type { RequestOf } from '../rpc/handler-context.ts'
import { country } from '../dictionaries/country-table.ts'
import { currency } from '../dictionaries/currency-table.ts'
import occupations from '../dictionaries/data/occupations.json' with { type: 'json' }
import secondOccupations from '../dictionaries/data/occupations-second.json' with { type: 'json' }
import sources from '../dictionaries/data/sources-of-funds.json' with { type: 'json' }
import purposes from '../dictionaries/data/account-purposes.json' with { type: 'json' }
import depositRanges from '../dictionaries/data/monthly-deposit-ranges.json' with { type: 'json' }
import industryData from '../dictionaries/data/industries.json' with { type: 'json' }
import questions from '../dictionaries/data/additional-questions.json' with { type: 'json' }
import { refusal, type RefusalKey } from '../rpc/outcome.ts'

const ids = (...lists: { id: number | string }[][]) =>
  new Set<number | string>(lists.flat().map((entry) => entry.id))

export const known = {
  occupation: ids(occupations, secondOccupations),
  personalSource: ids(sources.personal, sources.personalSecond),
  anySource: ids(sources.personal, sources.personalSecond, sources.employee, sources.business),
  businessSource: ids(sources.business),
  personalPurpose: ids(purposes.personal),
  businessPurpose: ids(purposes.business),
  depositRange: ids(depositRanges),
  industry: ids(industryData.industries),
  question: ids(questions),
}

const notInDictionary = 'refusal.activation.notDictionaryEntry'
const notACountry = 'refusal.common.notDictionaryCountry'
const notACurrency = 'refusal.common.notDictionaryCurrency'

/** Collects the field errors of one registration as its parts are looked at. */
export class DictionaryCheck {
  readonly errors: FieldError[] = []

  country(path: string, code: string | undefined): void {
    if (code !== undefined && !country(code)) this.fail(path, notACountry)
  }

  currency(path: string, code: string): void {
    if (!currency(code)) this.fail(path, notACurrency)
  }

  entry(path: string, value: number | string | undefined, dictionary: Set<number | string>) {
    if (value !== undefined && !dictionary.has(value)) this.fail(path, notInDictionary)
  }

  entries(path: string, values: readonly number[] | undefined, dictionary: Set<number | string>) {
    values?.forEach((value, i) => this.entry(`${path}.${i}`, value, dictionary))
  }

  private fail(parameter: string, reason: RefusalKey): void {
    this.errors.push(refusal(parameter, reason))
  }
}

export function personalDictionaryErrors(input: RequestOf<'personalAccountCreate'>): FieldError[] {
  const check = new DictionaryCheck()
  check.country('countryCode', input.countryCode)
  check.country('address.countryCode', input.address?.countryCode)
  check.entry('occupationId', input.occupationId, known.occupation)
  check.entries('sourceOfFundsIds', input.sourceOfFundsIds, known.personalSource)
  check.entries('purposeIds', input.purposeIds, known.personalPurpose)
  check.entry('monthlyDepositRangeId', input.monthlyDepositRangeId, known.depositRange)
  return check.errors
}

type BusinessInput = RequestOf<'businessAccountCreate'>

function companyCountries(check: DictionaryCheck, company: BusinessInput['company'], at: string) {
  check.country(`${at}.registrationCountryCode`, company.registrationCountryCode)
  check.country(`${at}.address.countryCode`, company.address.countryCode)
  check.country(`${at}.placeOfBusiness.countryCode`, company.placeOfBusiness?.countryCode)
}

export function businessDictionaryErrors(input: BusinessInput): FieldError[] {
  const check = new DictionaryCheck()
  companyCountries(check, input.company, 'company')
  input.companyList?.forEach((company, i) => companyCountries(check, company, `companyList.${i}`))
  input.personList.forEach((person, i) => {
    check.country(`personList.${i}.address.countryCode`, person.address?.countryCode)
    person.sourcesOfFunds?.forEach((source, s) =>
      check.entry(`personList.${i}.sourcesOfFunds.${s}.sourceId`, source.sourceId, known.anySource),
    )
  })
  const financial = input.financialDetail
  check.currency('financialDetail.monthlyDepositCurrency', financial.monthlyDepositCurrency)
  check.currency('financialDetail.monthlyWithdrawalCurrency', financial.monthlyWithdrawalCurrency)
  check.entries('financialDetail.sourceIds', financial.sourceIds, known.businessSource)
  check.entries('financialDetail.purposeIds', financial.purposeIds, known.businessPurpose)
  check.entry('financialDetail.industry', financial.industry, known.industry)
  input.additionalQuestionAnswers?.forEach((answer, i) =>
    check.entry(`additionalQuestionAnswers.${i}.questionId`, answer.questionId, known.question),
  )
  return check.errors
}
