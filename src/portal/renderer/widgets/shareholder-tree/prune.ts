// After a shareholder node or a company director is removed, the persons and companies it named
// that nothing refers to any more leave the draft (product-spec section 4, Business
// registration: "Deleting a node removes persons or companies no longer referenced, except
// users"). Only the entries the removal touched are candidates: a person another hub has just
// created and not yet placed stays.
import { companiesOf, idsInTree, personsOf, treeOf, type Payload } from './tree-model.ts'
import type { Json } from '../../screens-data.ts'

export interface PruneCandidates {
  personIds: Iterable<number>
  companyIds: Iterable<number>
}

/** The draft without the candidates that nothing refers to; persons who are users stay. */
export function pruneUnreferenced(payload: Payload, candidates: PruneCandidates): Payload {
  const tree = idsInTree(treeOf(payload))
  const companyCandidates = new Set(candidates.companyIds)
  const companies = companiesOf(payload)
  const removedCompanies = companies.filter(
    (company) => companyCandidates.has(company.id) && !tree.companyIds.has(company.id),
  )
  const keptCompanies = companies.filter((company) => !removedCompanies.includes(company))
  // A removed company's directors may now be referenced by nothing either.
  const personCandidates = new Set([
    ...candidates.personIds,
    ...removedCompanies.flatMap((company) => idList(company.directors)),
  ])
  const referenced = referencedPersons(payload, keptCompanies, tree.personIds)
  const persons = personsOf(payload)
  const keptPersons = persons.filter(
    (person) =>
      !personCandidates.has(person.id) || referenced.has(person.id) || person.isUser === true,
  )
  const next = { ...payload }
  if (removedCompanies.length > 0) next.companyList = keptCompanies
  if (keptPersons.length !== persons.length) next.personList = keptPersons
  return removedCompanies.length > 0 || keptPersons.length !== persons.length ? next : payload
}

/** Every person id the draft refers to outside personList itself. */
function referencedPersons(
  payload: Payload,
  companies: readonly Payload[],
  inTree: ReadonlySet<number>,
): Set<number> {
  const representative = payload.authorizedCompanyRepresentative as Payload | undefined
  const users = (payload.users ?? []) as Payload[]
  return new Set([
    ...inTree,
    ...idList(payload.directors),
    ...idList(payload.ultimateBeneficiaryOwners),
    ...idList([representative?.personId ?? null]),
    ...idList(users.map((user) => user.personId ?? null)),
    ...companies.flatMap((company) => idList(company.directors)),
  ])
}

function idList(value: Json | undefined): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []
}
