// Reading contracts for the acting customer and writing them as the spec's Contract
// (schemas/contract.schema.json): the parties by name, the company, the status as a reader
// sees it (contract-states.ts). A contract of other customers is the same 404 as none.
import { eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { contracts, type ContractRow } from '../db/schema-contracts.ts'
import { customerName } from '../kyc/admin-review.ts'
import { restMessage, type Failure } from '../rpc/outcome.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { effectiveStatus, partyOf, type ContractStatus, type PartyView } from './contract-states.ts'

type CustomerRow = typeof customers.$inferSelect

/** The largest id of a 32-bit column (schemas/id32.schema.json). */
const maxId32 = 2_147_483_647

export const contractNotFound = (): Failure => restMessage(404, 'answer.contracts.notFound')

/** The contract with the acting customer as one of its parties, or the 404 to answer. */
export async function contractOfActingCustomer(
  context: HandlerContext,
  contractId: string | undefined,
): Promise<{ row: ContractRow; party: PartyView } | Failure> {
  const { customerId } = requireSession(context)
  // An id no contract can have (past the 32-bit column, not digits) is as unknown as any other.
  const id = /^[0-9]{1,10}$/.test(contractId ?? '') ? Number(contractId) : 0
  if (id < 1 || id > maxId32) return contractNotFound()
  const [row] = await context.db.select().from(contracts).where(eq(contracts.id, id))
  const party = row && partyOf(row, customerId)
  if (!row || !party) return contractNotFound()
  return { row, party }
}

/** Every contract the customer is a party to. */
export async function contractsOf(db: Db, customerId: number): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(or(eq(contracts.senderId, customerId), eq(contracts.beneficiaryId, customerId)))
}

/** The customers a set of contracts names, by id. */
export async function customersOf(
  db: Db,
  rows: readonly ContractRow[],
): Promise<Map<number, CustomerRow>> {
  const ids = [...new Set(rows.flatMap((row) => [row.companyId, row.senderId, row.beneficiaryId]))]
  if (ids.length === 0) return new Map()
  const found = await db.select().from(customers).where(inArray(customers.id, ids))
  return new Map(found.map((customer) => [customer.id, customer]))
}

/** A customer as a contract's party: id, the e-mail it signs in with, its name. */
function partyView(
  customer: CustomerRow | undefined,
  id: number,
): { id: number; username?: string; name?: string } {
  if (!customer) return { id }
  return { id, username: customer.email, name: customerName(customer) }
}

/** The company a contract is about, as the contract and the company list show it. */
export function companyView(customer: CustomerRow) {
  return { id: customer.id, title: customerName(customer) }
}

/** The Contract the acting customer reads. */
export function contractView(
  row: ContractRow,
  customerId: number,
  people: ReadonlyMap<number, CustomerRow>,
  now = new Date(),
) {
  const isSender = row.senderId === customerId
  const company = people.get(row.companyId)
  return {
    id: row.id,
    status: effectiveStatus(row, now) as ContractStatus,
    ...(isSender && { identificationStatus: row.identificationStatus as IdentificationStatus }),
    percentage: Number(row.percentage),
    initiatorId: row.initiatorId,
    direction: isSender ? ('PAY' as const) : ('RECEIVE' as const),
    ...(row.note !== null && { note: row.note }),
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
    ...(row.terminateRequestedBy !== null && {
      terminateInfo: {
        terminatedBy: row.terminateRequestedBy,
        ...(row.terminateRequestedAt && { terminatedAt: row.terminateRequestedAt.toISOString() }),
        ...(row.terminateNote !== null && { note: row.terminateNote }),
      },
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    company: company ? companyView(company) : { id: row.companyId, title: '' },
    sender: partyView(people.get(row.senderId), row.senderId),
    beneficiary: partyView(people.get(row.beneficiaryId), row.beneficiaryId),
    ...(row.senderSignerName !== null && { senderSignerName: row.senderSignerName }),
    senderObligations: row.senderObligations,
    ...(row.beneficiarySignerName !== null && {
      beneficiarySignerName: row.beneficiarySignerName,
    }),
    beneficiaryObligations: row.beneficiaryObligations,
  }
}

type IdentificationStatus = 'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED'

/** One contract as the acting customer reads it, after a change. */
export async function viewOne(context: HandlerContext, row: ContractRow) {
  const { customerId } = requireSession(context)
  return contractView(row, customerId, await customersOf(context.db, [row]))
}
