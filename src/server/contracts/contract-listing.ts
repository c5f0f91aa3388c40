// The acting customer's contracts as the lists show them (GET /contract and getContracts):
// filtered, ordered, one page, with the counters of all of them (product-spec sections 3 and
// 7). A customer has tens of contracts, not thousands, so the status a reader sees, which
// depends on today's date (contract-states.ts), is worked out here rather than in SQL.
import type { ContractRow } from '../db/schema-contracts.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { contractsOf, contractView, customersOf } from './contract-records.ts'
import { awaitsAnswerOf, countContracts, partyOf, type ContractStatus } from './contract-states.ts'

export interface ListRequest {
  statuses?: readonly ContractStatus[]
  companyName?: string
  counterpartyName?: string
  orderBy?: 'COMPANY_NAME' | 'INCOMING_FIRST' | 'CREATED_AT'
  orderDir?: 'asc' | 'desc'
  page: number
  pageSize: number
}

const contains = (text: string | undefined, part: string | undefined) =>
  !part || (text ?? '').toLowerCase().includes(part.toLowerCase())

/** One page of the customer's contracts as its readers see them, and the counters. */
export async function listContracts(context: HandlerContext, request: ListRequest) {
  const { customerId } = requireSession(context)
  const now = new Date()
  const rows = await contractsOf(context.db, customerId)
  const people = await customersOf(context.db, rows)
  const views = rows.map((row) => ({ row, view: contractView(row, customerId, people, now) }))
  const wanted = views.filter(({ row, view }) => {
    const counterparty = row.senderId === customerId ? view.beneficiary : view.sender
    return (
      (!request.statuses?.length || request.statuses.includes(view.status)) &&
      contains(view.company.title, request.companyName) &&
      (contains(counterparty.name, request.counterpartyName) ||
        contains(counterparty.username, request.counterpartyName))
    )
  })
  wanted.sort(orderOf(request, customerId, now))
  const start = (request.page - 1) * request.pageSize
  return {
    data: wanted.slice(start, start + request.pageSize).map(({ view }) => view),
    meta: countContracts(rows, customerId, now),
  }
}

type Listed = { row: ContractRow; view: { company: { title: string } } }

/** The list's order; ties go newest first, then by id, so pages never overlap. */
function orderOf(request: ListRequest, customerId: number, now: Date) {
  const sign = request.orderDir === 'asc' ? 1 : -1
  const newestFirst = (a: Listed, b: Listed) =>
    b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id - a.row.id
  const incoming = (item: Listed) => {
    const party = partyOf(item.row, customerId)
    return party && awaitsAnswerOf(item.row, party, now) ? 1 : 0
  }
  return (a: Listed, b: Listed): number => {
    switch (request.orderBy) {
      case 'COMPANY_NAME':
        return sign * a.view.company.title.localeCompare(b.view.company.title) || newestFirst(a, b)
      case 'INCOMING_FIRST':
        return sign * (incoming(a) - incoming(b)) || newestFirst(a, b)
      default:
        return -sign * newestFirst(a, b)
    }
  }
}

/** The counters alone (contractStats, getContractStats). */
export async function contractCounters(context: HandlerContext) {
  const { customerId } = requireSession(context)
  return countContracts(await contractsOf(context.db, customerId), customerId)
}
