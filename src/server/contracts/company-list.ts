// companyList (GET /company): the companies a new contract of the acting customer can be
// about, by title: its own (when it is a business) and, with forCounterpartyCustomerId, the
// counterparty's; a contract's company is one of its two parties (contract-proposal.ts).
import { inArray } from 'drizzle-orm'
import { customers } from '../db/schema.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { companyView } from './contract-records.ts'

export const handler: Handler<'companyList'> = async (context) => {
  const { customerId } = requireSession(context)
  const { query } = context
  const counterpartyId = query.forCounterpartyCustomerId
  const ids = counterpartyId === undefined ? [customerId] : [customerId, counterpartyId]
  const found = await context.db.select().from(customers).where(inArray(customers.id, ids))
  if (counterpartyId !== undefined && !found.some((row) => row.id === counterpartyId)) {
    return restMessage(404, 'answer.contracts.customerNotFound')
  }
  const part = (query.query ?? '').toLowerCase()
  const companies = found
    .filter((row) => isBusinessCustomer(row.customerType))
    .map(companyView)
    .filter((company) => company.title.toLowerCase().includes(part))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? 100
  const start = (page - 1) * pageSize
  return reply(200, {
    data: companies.slice(start, start + pageSize),
    meta: { total: companies.length },
  })
}
