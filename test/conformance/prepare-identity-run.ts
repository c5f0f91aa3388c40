// Happy-path preparations of an identity-check run's page (identityVerificationRunGet and
// identityVerificationRunSubmit): a fresh run of the built-in provider, opened as a start
// would open it, and the link fields of the happy call. Each preparation opens a new run, so
// the submit's happy call and its invalid-body runs never meet a run already sent.
import { eq } from 'drizzle-orm'
import { kycRequests, users } from '../../src/server/db/schema.ts'
import { BuiltInIdentity } from '../../src/server/adapters/identity/built-in-identity.ts'
import type { Db } from '../../src/server/db/open-database.ts'
import type { TestServer } from '../integration/server-harness.ts'

export type IdentityRunPreparation = 'identityRunLink' | 'identityRunData'

export const identityRunPreparations: readonly string[] = ['identityRunLink', 'identityRunData']

/** A customer whose runs no other happy path reads. */
const runCustomer = 'fatca@nova.example'

export async function prepareIdentityRun(
  server: TestServer,
  preparation: IdentityRunPreparation,
): Promise<Record<string, unknown>> {
  const [user] = await server.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, runCustomer))
  if (!user) throw new Error(`no user ${runCustomer}`)
  const adapter = new BuiltInIdentity(60_000)
  const link = await server.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [request] = await tx
      .insert(kycRequests)
      .values({ customerId: user.customerId, provider: adapter.provider })
      .returning({ id: kycRequests.id })
    const run = await adapter.start(
      tx,
      { requestId: request!.id, customerId: user.customerId },
      new Date(),
    )
    return { workflowRunId: run.workflowRunId, token: run.token }
  })
  return preparation === 'identityRunLink' ? link : { data: { ...link, documentTypeId: 1 } }
}
