// The contract state machine (product-spec section 4 names the statuses and the actions but
// not which status allows which action; docs/decisions.md, Contracts (revenue split)).
//
//   create -> UNSIGNED -(one party signs)-> WAITING -(the other signs)-> SIGNED, or
//             NEED_IDENTIFICATION while the payer's signer is not identified -> SIGNED
//   UNSIGNED, WAITING: cancel (the initiator) -> CANCELLED; reject (the other party, before it
//             signed) -> REJECTED; a proposal still unsigned after its activeFrom day reads EXPIRED
//   SIGNED reads ACTIVE from its activeFrom day; ACTIVE or SIGNED: terminate (either party,
//             with a note) -> TERMINATING
//   TERMINATING: terminateCancel (the party that asked) -> back; terminateNow (the other
//             party) -> TERMINATED; after a notice of noticeDays it reads TERMINATED by itself
import type { ContractRow } from '../db/schema-contracts.ts'

export type ContractStatus =
  | 'ACTIVE'
  | 'EXPIRED'
  | 'TERMINATED'
  | 'TERMINATING'
  | 'UNSIGNED'
  | 'WAITING'
  | 'CANCELLED'
  | 'REJECTED'
  | 'SIGNED'
  | 'NEED_IDENTIFICATION'

export type ContractAction =
  'sign' | 'cancel' | 'reject' | 'terminate' | 'terminateCancel' | 'terminateNow'

/** Days a termination request waits for the other party before the contract ends anyway. */
export const noticeDays = 30

/** Today in UTC as yyyy-mm-dd, the calendar the contracts' dates are written in. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** The fields of a contract the status depends on. */
type StatusFields = Pick<ContractRow, 'status' | 'activeFrom' | 'activeTo' | 'terminateRequestedAt'>

/** The status a reader sees: the stored one with the dates applied. */
export function effectiveStatus(row: StatusFields, now = new Date()): ContractStatus {
  const today = todayUtc(now)
  const stored = row.status as ContractStatus
  if ((stored === 'UNSIGNED' || stored === 'WAITING') && row.activeFrom < today) return 'EXPIRED'
  if (stored === 'SIGNED' && row.activeFrom <= today) return 'ACTIVE'
  if (stored === 'TERMINATING' && row.terminateRequestedAt) {
    const noticeEnds = row.terminateRequestedAt.getTime() + noticeDays * 86_400_000
    if (now.getTime() >= noticeEnds) return 'TERMINATED'
  }
  return stored
}

/** The side the acting customer is on, and what it has done. */
export interface PartyView {
  customerId: number
  isSender: boolean
  isInitiator: boolean
  hasSigned: boolean
}

export function partyOf(row: ContractRow, customerId: number): PartyView | undefined {
  const isSender = row.senderId === customerId
  if (!isSender && row.beneficiaryId !== customerId) return undefined
  return {
    customerId,
    isSender,
    isInitiator: row.initiatorId === customerId,
    hasSigned: (isSender ? row.senderSignedAt : row.beneficiarySignedAt) !== null,
  }
}

/** Whether the party may take the action on the contract now: the machine above as a table. */
export function allows(
  row: ContractRow,
  party: PartyView,
  action: ContractAction,
  now = new Date(),
): boolean {
  const status = effectiveStatus(row, now)
  const proposed = status === 'UNSIGNED' || status === 'WAITING'
  switch (action) {
    case 'sign':
      return proposed && !party.hasSigned
    case 'cancel':
      return proposed && party.isInitiator
    case 'reject':
      return proposed && !party.isInitiator && !party.hasSigned
    case 'terminate':
      return status === 'ACTIVE' || status === 'SIGNED'
    case 'terminateCancel':
      return status === 'TERMINATING' && row.terminateRequestedBy === party.customerId
    case 'terminateNow':
      return status === 'TERMINATING' && row.terminateRequestedBy !== party.customerId
  }
}

/** The actions the party may take now, in the order a page offers them. */
export function allowedActions(
  row: ContractRow,
  party: PartyView,
  now = new Date(),
): ContractAction[] {
  const order: ContractAction[] = [
    'sign',
    'cancel',
    'reject',
    'terminate',
    'terminateCancel',
    'terminateNow',
  ]
  return order.filter((action) => allows(row, party, action, now))
}

/** Whether the contract waits for the acting customer's answer (the list's "requests"). */
export function awaitsAnswerOf(row: ContractRow, party: PartyView, now = new Date()): boolean {
  return (
    allows(row, party, 'reject', now) ||
    (allows(row, party, 'terminateNow', now) && effectiveStatus(row, now) === 'TERMINATING')
  )
}

const endedStatuses = new Set<ContractStatus>(['EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED'])

/** The list's counters (product-spec section 3, List meta) over the customer's contracts. */
export interface ContractCounters {
  total: number
  requests: number
  pending: number
  active: number
  ended: number
  pay: number
  receive: number
}

/**
 * requests: waiting for the acting customer's answer; pending: not yet in force and not a
 * request (proposals, identification, signed before activeFrom); active: ACTIVE and
 * TERMINATING; ended: EXPIRED, TERMINATED, CANCELLED, REJECTED; pay and receive by direction.
 */
export function countContracts(
  rows: readonly ContractRow[],
  customerId: number,
  now = new Date(),
): ContractCounters {
  const counters = { total: 0, requests: 0, pending: 0, active: 0, ended: 0, pay: 0, receive: 0 }
  for (const row of rows) {
    const party = partyOf(row, customerId)
    if (!party) continue
    const status = effectiveStatus(row, now)
    counters.total += 1
    if (party.isSender) counters.pay += 1
    else counters.receive += 1
    if (awaitsAnswerOf(row, party, now)) counters.requests += 1
    else if (endedStatuses.has(status)) counters.ended += 1
    else if (status === 'ACTIVE' || status === 'TERMINATING') counters.active += 1
    else counters.pending += 1
  }
  return counters
}
