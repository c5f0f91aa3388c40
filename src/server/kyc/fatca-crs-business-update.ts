// fatcaCrsBusinessUpdate: saves the business customer's FATCA/CRS self-certification and
// produces its forms (product-spec sections 3, 4 and 5; fatca-save.ts). The questionnaire's
// answers must agree (src/shared/fatca-rules.ts entityIssues); the tax id rules apply to the
// entity and to each controlling person; the addresses are the company's own, defaulting to
// its registered address and place of business. A controlling person sent with an id updates
// that person; one sent without gets a new id; one left out is removed.
import type { components } from '../../generated/api.d.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import {
  entityIssues,
  personIssues,
  usIndiciaOf,
  type FatcaIssue,
} from '../../shared/fatca-rules.ts'
import {
  defaultAddressIds,
  type BusinessAnswers,
  type SavedAnswers,
  type SavedControllingPerson,
} from './fatca-answers.ts'
import { collapsed } from './fatca-person-answers.ts'
import { fatcaRuleOptions, issuesFailure, saveAnswers } from './fatca-save.ts'
import { certificationOf } from './fatca-store.ts'
import { businessSubject, isFailure, type BusinessSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

type ControllingPersonInput = components['schemas']['ControllingPersonInput']

/** The answered addresses when they are the company's own, else the defaults. */
function addressIds(
  subject: BusinessSubject,
  given: { registeredAddressId?: number; placeOfBusinessAddressId?: number },
):
  | { ids: { registeredAddressId: number; placeOfBusinessAddressId: number } }
  | { errors: FieldError[] } {
  const own = new Set(subject.addresses.map((row) => row.id))
  const defaults = defaultAddressIds(subject)
  const errors: FieldError[] = []
  const pick = (field: 'registeredAddressId' | 'placeOfBusinessAddressId') => {
    const id = given[field] ?? defaults[field]
    if (id === undefined) {
      errors.push(refusal(field, 'refusal.kyc.companyHasNoAddress'))
    } else if (!own.has(id)) {
      errors.push(refusal(field, 'refusal.kyc.notCompanyCurrentAddress'))
    }
    return id ?? 0
  }
  const ids = {
    registeredAddressId: pick('registeredAddressId'),
    placeOfBusinessAddressId: pick('placeOfBusinessAddressId'),
  }
  return errors.length > 0 ? { errors } : { ids }
}

/** Ids of saved persons only, each once; the person's own answers agree. */
function controllingPersonIssues(
  persons: readonly ControllingPersonInput[],
  savedIds: ReadonlySet<number>,
  options: ReturnType<typeof fatcaRuleOptions>,
): FatcaIssue[] | FieldError[] {
  const errors: FieldError[] = []
  const seen = new Set<number>()
  persons.forEach((person, index) => {
    if (person.id === undefined) return
    const parameter = `controllingPersons.${index}.id`
    if (!savedIds.has(person.id)) {
      errors.push(refusal(parameter, 'refusal.kyc.notControllingPerson'))
    } else if (seen.has(person.id)) {
      errors.push(refusal(parameter, 'refusal.common.listedTwice'))
    }
    seen.add(person.id)
  })
  if (errors.length > 0) return errors
  return persons.flatMap((person, index) =>
    personIssues(
      { ...person, isUSTaxPayer: person.isUSTaxPayer ?? false },
      `controllingPersons.${index}`,
      options,
    ),
  )
}

function withIds(
  persons: readonly ControllingPersonInput[],
  lastId: number,
): { persons: SavedControllingPerson[]; lastId: number } {
  let last = lastId
  const saved = persons.map((person) => {
    const isUSTaxPayer = person.isUSTaxPayer ?? false
    const id = person.id ?? ++last
    const birthCity =
      person.birthCity === undefined ? {} : { birthCity: collapsed(person.birthCity) }
    const indicia = person.hasUSIndicia ?? usIndiciaOf({ ...person, isUSTaxPayer })
    return { ...person, ...birthCity, id, isUSTaxPayer, hasUSIndicia: indicia }
  })
  return { persons: saved, lastId: last }
}

export const handler: Handler<'fatcaCrsBusinessUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const subject = await businessSubject(context.db, customerId)
  if (isFailure(subject)) return subject
  const addresses = addressIds(subject, input)
  if ('errors' in addresses) return validationFailure(addresses.errors)
  const options = fatcaRuleOptions(context)
  const persons = input.controllingPersons ?? []
  const entityFailure = issuesFailure(
    entityIssues({ ...input, controllingPersons: persons }, options),
  )
  if (entityFailure) return entityFailure
  const saved = (await certificationOf(context.db, subject))?.answers as SavedAnswers | undefined
  const previous = saved && 'entityType' in saved ? saved : undefined
  const savedIds = new Set(previous?.controllingPersons.map((person) => person.id) ?? [])
  const personProblems = controllingPersonIssues(persons, savedIds, options)
  const first = personProblems[0]
  if (first && 'parameter' in first) return validationFailure(personProblems as FieldError[])
  const personFailure = issuesFailure(personProblems as FatcaIssue[])
  if (personFailure) return personFailure
  const numbered = withIds(persons, previous?.lastControllingPersonId ?? 0)
  const answers: BusinessAnswers = {
    entityType: input.entityType,
    registrationCountryCode: input.registrationCountryCode,
    questions: input.questions ?? {},
    isUSTaxPayer: input.isUSTaxPayer,
    isDisregardedEntity: input.isDisregardedEntity ?? false,
    ...addresses.ids,
    taxIds: input.taxIds,
    controllingPersons: numbered.persons,
    lastControllingPersonId: numbered.lastId,
  }
  await saveAnswers(context, subject, answers)
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
