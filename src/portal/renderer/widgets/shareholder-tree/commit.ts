// Every change of the tree goes through here: the new tree replaces the old, entries the
// change left unreferenced leave the draft, and persons whose effective share is now at or
// below 25 % lose their source-of-funds details (product-spec section 4, Business registration).
import { clearsSourceOfFunds, effectiveShares } from '../../../../shared/registration-rules.ts'
import { pruneUnreferenced, type PruneCandidates } from './prune.ts'
import {
  idsInTree,
  personsOf,
  treeOf,
  type Entity,
  type Payload,
  type Shareholder,
} from './tree-model.ts'
import type { Json } from '../../screens-data.ts'

const noCandidates: PruneCandidates = { personIds: [], companyIds: [] }

export function commitTree(
  payload: Payload,
  tree: Shareholder[],
  candidates: PruneCandidates = noCandidates,
): Payload {
  const before = idsInTree(treeOf(payload)).personIds
  const pruned = pruneUnreferenced(
    { ...payload, shareholders: tree as unknown as Json },
    candidates,
  )
  // A person who was in the tree and is no longer holds 0 %, which clears too.
  return withoutClearedDetails(pruned, [...before, ...idsInTree(tree).personIds])
}

/** The draft with the source-of-funds details of the given persons cleared where they clear. */
export function withoutClearedDetails(payload: Payload, personIds: Iterable<number>): Payload {
  const effective = effectiveShares(treeOf(payload))
  const concerned = new Set(personIds)
  let changed = false
  const persons = personsOf(payload).map((person) => {
    if (!concerned.has(person.id) || !clearsSourceOfFunds(effective.get(person.id) ?? 0))
      return person
    const cleared = withoutDetails(person)
    changed ||= cleared !== person
    return cleared
  })
  return changed ? { ...payload, personList: persons } : payload
}

/** The person with no `details` on any source of funds; the chosen sources stay. */
function withoutDetails(person: Entity): Entity {
  const sources = person.sourcesOfFunds
  if (!Array.isArray(sources)) return person
  const hasDetails = sources.some((source) => isObject(source) && 'details' in source)
  if (!hasDetails) return person
  const cleared = sources.map((source) => {
    if (!isObject(source)) return source
    const { details: _details, ...rest } = source
    return rest
  })
  return { ...person, sourcesOfFunds: cleared }
}

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
