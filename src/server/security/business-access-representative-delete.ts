// businessAccessRepresentativeDelete: takes a user's access to the acting business away
// (product-spec section 6). Documents the user uploaded for the company depend on them, so
// such a user goes only with force, and only administrators may force. A representative (one
// with positions) stays known to the company as a potential user.
import { and, count, eq, ne } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { uploadedDocuments } from '../db/schema.ts'
import { companyPotentialUsers, companyUsers } from '../db/schema-security.ts'
import { DocumentStatus } from '../../generated/constants.ts'
import { businessRefusal, companyUser, isCompanyOwner } from './company-access.ts'

export const handler: Handler<'businessAccessRepresentativeDelete'> = async (context, input) => {
  const session = requireSession(context)
  const companyId = session.customerId
  if (input.force && !session.isAdmin) {
    return rpcRefuse('ENOA', 'answer.security.adminOnlyForceDelete')
  }
  const denied = await businessRefusal(context.db, companyId)
  if (denied) return denied
  if (await isCompanyOwner(context.db, companyId, input.id)) {
    const description = 'refusal.security.ownerCannotBeRemoved'
    return validationFailure([refusal('id', description)])
  }
  if (input.id === session.userId) {
    const description = 'refusal.security.cannotRemoveYourself'
    return validationFailure([refusal('id', description)])
  }
  const user = await companyUser(context.db, companyId, input.id)
  if (!user) {
    return validationFailure([refusal('id', 'refusal.common.notAUserOfCompany')])
  }
  const [uploads] = await context.db
    .select({ n: count() })
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.customerId, companyId),
        eq(uploadedDocuments.createdUsername, user.email ?? ''),
        ne(uploadedDocuments.statusId, DocumentStatus.Deleted),
      ),
    )
  if ((uploads?.n ?? 0) > 0 && !input.force) {
    return validationFailure([refusal('force', 'refusal.security.uploadsDependOnUser')])
  }
  await context.db.transaction(async (db) => {
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyCustomerId, companyId), eq(companyUsers.userId, input.id)))
    if (user.isRepresentative) {
      await db
        .insert(companyPotentialUsers)
        .values({ companyCustomerId: companyId, userId: input.id, positionIds: user.positionIds })
        .onConflictDoNothing()
    }
  })
  return rpcOk()
}
