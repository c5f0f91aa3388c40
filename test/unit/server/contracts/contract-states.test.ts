// The contract state machine (src/server/contracts/contract-states.ts; docs/decisions.md,
// Contracts (revenue split)): which party may take which action in which status, the status a
// reader sees once the dates pass, and the list's counters.
import { describe, expect, it } from 'vitest'
import type { ContractRow } from '../../../../src/server/db/schema-contracts.ts'
import {
  allowedActions,
  countContracts,
  effectiveStatus,
  noticeDays,
  partyOf,
} from '../../../../src/server/contracts/contract-states.ts'

const now = new Date('2026-06-15T12:00:00Z')
const payer = 11
const beneficiary = 22

function contract(change: Partial<ContractRow> = {}): ContractRow {
  return {
    id: 1,
    status: 'UNSIGNED',
    companyId: payer,
    senderId: payer,
    beneficiaryId: beneficiary,
    initiatorId: payer,
    percentage: '10.00',
    senderSignerName: null,
    senderObligations: ['report'],
    beneficiarySignerName: null,
    beneficiaryObligations: ['refer'],
    note: null,
    activeFrom: '2026-07-01',
    activeTo: null,
    senderSignedAt: null,
    senderSignedBy: null,
    beneficiarySignedAt: null,
    beneficiarySignedBy: null,
    identificationStatus: 'NEW',
    terminateRequestedBy: null,
    terminateNote: null,
    terminateRequestedAt: null,
    createdAt: now,
    updatedAt: now,
    ...change,
  }
}

const actionsOf = (row: ContractRow, customerId: number) =>
  allowedActions(row, partyOf(row, customerId)!, now)

describe('allowedActions', () => {
  const signedAt = new Date('2026-06-01T00:00:00Z')
  it.each([
    ['the initiator of a new proposal', contract(), payer, ['sign', 'cancel']],
    ['the other party of a new proposal', contract(), beneficiary, ['sign', 'reject']],
    [
      'the initiator after signing',
      contract({ status: 'WAITING', senderSignedAt: signedAt }),
      payer,
      ['cancel'],
    ],
    [
      'the other party of a signed-by-one proposal',
      contract({ status: 'WAITING', senderSignedAt: signedAt }),
      beneficiary,
      ['sign', 'reject'],
    ],
    [
      'either party of an active contract',
      contract({ status: 'SIGNED', activeFrom: '2026-06-01' }),
      beneficiary,
      ['terminate'],
    ],
    [
      'the party that asked to terminate',
      contract({
        status: 'TERMINATING',
        terminateRequestedBy: payer,
        terminateRequestedAt: signedAt,
      }),
      payer,
      ['terminateCancel'],
    ],
    [
      'the party asked to accept a termination',
      contract({
        status: 'TERMINATING',
        terminateRequestedBy: payer,
        terminateRequestedAt: signedAt,
      }),
      beneficiary,
      ['terminateNow'],
    ],
    ['anyone on an ended contract', contract({ status: 'CANCELLED' }), beneficiary, []],
    [
      'anyone while the payer awaits identification',
      contract({ status: 'NEED_IDENTIFICATION' }),
      payer,
      [],
    ],
  ])('%s', (_name, row, customerId, want) => {
    expect(actionsOf(row, customerId)).toEqual(want)
  })

  it('knows no party outside the contract', () => {
    expect(partyOf(contract(), 33)).toBeUndefined()
  })
})

describe('effectiveStatus', () => {
  it.each([
    [
      'a signed contract from its first day',
      { status: 'SIGNED', activeFrom: '2026-06-15' },
      'ACTIVE',
    ],
    ['a signed contract before it', { status: 'SIGNED', activeFrom: '2026-06-16' }, 'SIGNED'],
    [
      'a proposal unsigned after its first day',
      { status: 'WAITING', activeFrom: '2026-06-14' },
      'EXPIRED',
    ],
    ['a proposal on its first day', { status: 'UNSIGNED', activeFrom: '2026-06-15' }, 'UNSIGNED'],
    [
      'a termination past its notice',
      {
        status: 'TERMINATING',
        terminateRequestedAt: new Date(now.getTime() - noticeDays * 86_400_000),
      },
      'TERMINATED',
    ],
    [
      'a termination within its notice',
      { status: 'TERMINATING', terminateRequestedAt: new Date(now.getTime() - 86_400_000) },
      'TERMINATING',
    ],
  ] as const)('%s', (_name, change, want) => {
    expect(effectiveStatus(contract(change), now)).toBe(want)
  })
})

describe('countContracts', () => {
  it('counts requests, pending, active and ended contracts, and both directions', () => {
    const rows = [
      contract({ id: 1, initiatorId: beneficiary }),
      contract({ id: 2 }),
      contract({ id: 3, status: 'SIGNED', activeFrom: '2026-01-01' }),
      contract({ id: 4, status: 'REJECTED', senderId: beneficiary, beneficiaryId: payer }),
    ]
    expect(countContracts(rows, payer, now)).toEqual({
      total: 4,
      requests: 1,
      pending: 1,
      active: 1,
      ended: 1,
      pay: 3,
      receive: 1,
    })
  })
})
