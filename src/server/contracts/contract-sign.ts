// contractSign: the built-in signing of a contract (docs/decisions.md, Contracts (revenue
// split)): a user with full rights (2) on a party confirms with their own password, and that
// party's side is signed. When both sides are, the contract is SIGNED if the payer is
// identified (a verified customer) and NEED_IDENTIFICATION otherwise (contract-states.ts).
// Five attempts per user in 15 minutes, so the password cannot be guessed here.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { contracts, type ContractRow } from '../db/schema-contracts.ts'
import { verifyPassword } from '../auth/password-hash.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { countHit, tooManyRequests, type RateLimit } from '../rpc/rate-limit.ts'
import { refusal, reply, restMessage, validationFailure, type Failure } from '../rpc/outcome.ts'
import { contractOfActingCustomer, viewOne } from './contract-records.ts'
import { allows, type PartyView } from './contract-states.ts'

export const signAttempts: RateLimit = { perClient: 5, windowSeconds: 900 }

export const handler: Handler<'contractSign'> = async (context, input) => {
  const { userId } = requireSession(context)
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  if (!allows(found.row, found.party, 'sign')) {
    return restMessage(422, 'answer.contracts.actionNotAllowed')
  }
  const hit = await countHit(context.db, 'contractSign', `user:${userId}`, signAttempts)
  if (!hit.allowed) return tooManyRequests('rest', hit.retryAfterSeconds) as Failure
  const [user] = await context.db.select().from(users).where(eq(users.id, userId))
  if (!user || !(await verifyPassword(input.password, user.passwordHash))) {
    return validationFailure([refusal('password', 'refusal.contracts.wrongPassword')], 400)
  }
  const signed = await signSide(context.db, found.row.id, found.party, userId)
  if (!signed) return restMessage(422, 'answer.contracts.actionNotAllowed')
  return reply(200, { data: await viewOne(context, signed) })
}

/** Signs the party's side under a lock and moves the status on; undefined if it may not. */
async function signSide(
  db: Db,
  contractId: number,
  party: PartyView,
  userId: number,
): Promise<ContractRow | undefined> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [row] = await tx
      .select()
      .from(contracts)
      .where(eq(contracts.id, contractId))
      .for('update')
    if (!row) throw new Error('assertion: a contract found a moment ago exists')
    const now = new Date()
    if (!allows(row, party, 'sign', now)) return undefined
    const side = party.isSender
      ? { senderSignedAt: now, senderSignedBy: userId }
      : { beneficiarySignedAt: now, beneficiarySignedBy: userId }
    const otherSigned = party.isSender ? row.beneficiarySignedAt : row.senderSignedAt
    const [payer] = await tx
      .select({ verified: customers.verified })
      .from(customers)
      .where(eq(customers.id, row.senderId))
    const identified = row.identificationStatus === 'SUCCESS' || payer?.verified === true
    const next = !otherSigned
      ? { status: 'WAITING' }
      : identified
        ? { status: 'SIGNED', identificationStatus: 'SUCCESS' }
        : { status: 'NEED_IDENTIFICATION' }
    const [changed] = await tx
      .update(contracts)
      .set({ ...side, ...next, updatedAt: now })
      .where(eq(contracts.id, contractId))
      .returning()
    return changed
  })
}
