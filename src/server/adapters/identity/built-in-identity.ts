// The built-in identity provider: needs no outside account, and runs the whole path of a real
// one in the demo and in tests. Its run page is the portal's own
// /identity-verification/{workflowRunId}/{token}, where the person sends a selfie and an
// identity document; a job of the jobs table then decides and reports the decision to the
// handler it was given, as a provider's webhook would. Its run lives in the kyc_requests row
// of the request (the token's hash, the link's expiry, the two files). Its one deterministic
// rule is in README.md: a selfie that is the same file as the document is refused.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/open-database.ts'
import { kycRequests, storedFiles } from '../../db/schema.ts'
import { enqueueJobs } from '../../jobs/job-queue.ts'
import { PermanentJobError, type JobRunner } from '../../jobs/job-context.ts'
import { storeFile, type CheckedFile } from '../../uploads/stored-files.ts'
import { IdentityCheckProvider, KycRequestStatus } from '../../../generated/constants.ts'
import type {
  IdentityAdapter,
  IdentityCheckRequest,
  IdentityDecision,
  IdentityDecisionHandler,
  IdentityRun,
} from './identity-adapter.ts'

export const builtInIdentityJobKind = 'identity.built-in-check'

/** A link works for an hour, renewed when the files arrive so the outcome can be watched. */
export const runLinkLifetimeMs = 60 * 60_000

export const sameFileReason =
  'The selfie and the identity document are the same picture. Take a photo of your face ' +
  'and send a photo or scan of your document.'

export type RunRow = typeof kycRequests.$inferSelect

function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Compared with the token of a run that does not exist, so that case takes as long. */
const noRunHash = tokenHashOf(randomBytes(32).toString('base64url'))

/** Whether a token is the run's: hashes compared in constant time. */
function tokenMatches(run: RunRow | undefined, token: string): boolean {
  const expected = Buffer.from(run?.tokenHash ?? noRunHash, 'hex')
  const given = Buffer.from(tokenHashOf(token), 'hex')
  const same = expected.length === given.length && timingSafeEqual(expected, given)
  return same && run?.tokenHash !== undefined && run.tokenHash !== null
}

export function runPagePath(workflowRunId: string, token: string): string {
  return `/identity-verification/${encodeURIComponent(workflowRunId)}/${encodeURIComponent(token)}`
}

export class BuiltInIdentity implements IdentityAdapter {
  readonly provider = IdentityCheckProvider.BuiltIn
  private readonly decisionDelayMs: number

  constructor(decisionDelayMs: number) {
    this.decisionDelayMs = decisionDelayMs
  }

  async start(tx: Db, request: IdentityCheckRequest, now: Date): Promise<IdentityRun> {
    const workflowRunId = randomUUID()
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + runLinkLifetimeMs)
    await tx
      .update(kycRequests)
      .set({ workflowRunId, tokenHash: tokenHashOf(token), expiresAt })
      .where(eq(kycRequests.id, request.requestId))
    return { workflowRunId, token, url: runPagePath(workflowRunId, token), expiresAt }
  }

  /**
   * Takes the person's files for a run its link opened: stores them for the run's customer,
   * marks the run inProgress and schedules the decision, all in the caller's transaction.
   * 'alreadySent' when the run is no longer waiting for files (sent twice at once, say).
   */
  async submit(
    tx: Db,
    run: RunRow,
    sent: { selfie: CheckedFile; document: CheckedFile; documentTypeId: number },
    now: Date,
  ): Promise<RunRow | 'alreadySent'> {
    const [locked] = await tx
      .select()
      .from(kycRequests)
      .where(eq(kycRequests.id, run.id))
      .for('update')
    if (locked?.status !== KycRequestStatus.Created) return 'alreadySent'
    const selfieFileId = await storeFile(tx, locked.customerId, 'identityCheck', sent.selfie)
    const documentFileId = await storeFile(tx, locked.customerId, 'identityCheck', sent.document)
    const [updated] = await tx
      .update(kycRequests)
      .set({
        status: KycRequestStatus.InProgress,
        submittedAt: now,
        expiresAt: new Date(now.getTime() + runLinkLifetimeMs),
        selfieFileId,
        documentFileId,
      })
      .where(eq(kycRequests.id, locked.id))
      .returning()
    if (!updated) throw new Error('assertion: a locked run can be updated')
    await enqueueJobs(tx, [
      {
        kind: builtInIdentityJobKind,
        payload: { workflowRunId: updated.workflowRunId, documentTypeId: sent.documentTypeId },
        runAt: new Date(now.getTime() + this.decisionDelayMs),
      },
    ])
    return updated
  }
}

/**
 * The run a page link opens; undefined for an unknown run, a wrong token, an expired link or
 * a run a newer start replaced, alike, so a caller without the link learns nothing.
 */
export async function openRun(
  db: Db,
  workflowRunId: string,
  token: string,
  now: Date,
): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(kycRequests)
    .where(
      and(
        eq(kycRequests.provider, IdentityCheckProvider.BuiltIn),
        eq(kycRequests.workflowRunId, workflowRunId),
      ),
    )
  if (!tokenMatches(run, token) || !run) return undefined
  if (run.status === KycRequestStatus.Expired) return undefined
  if (!run.expiresAt || run.expiresAt <= now) return undefined
  return run
}

/**
 * The built-in provider's decision, from the SHA-256 of the two files: the same file twice is
 * no selfie beside a document and is refused; anything else is approved (both files passed
 * the content checks when they were sent).
 */
export function decideRun(
  selfieSha256: string,
  documentSha256: string,
): { outcome: 'approved' } | { outcome: 'refused'; reason: string } {
  return selfieSha256 === documentSha256
    ? { outcome: 'refused', reason: sameFileReason }
    : { outcome: 'approved' }
}

/**
 * The job the built-in provider runs after the person sent the files: it decides and hands
 * the decision to `deliver` (our side's handler, wired in jobs/job-kinds.ts), as a real
 * provider's webhook would. A run no longer in progress was decided already: nothing to do.
 */
export function builtInIdentityCheckJob(deliver: IdentityDecisionHandler): JobRunner {
  return async (context, payload) => {
    const { workflowRunId, documentTypeId } = payload
    if (typeof workflowRunId !== 'string' || typeof documentTypeId !== 'number') {
      throw new PermanentJobError('payload needs workflowRunId and documentTypeId')
    }
    const [run] = await context.db
      .select()
      .from(kycRequests)
      .where(
        and(
          eq(kycRequests.provider, IdentityCheckProvider.BuiltIn),
          eq(kycRequests.workflowRunId, workflowRunId),
        ),
      )
    if (!run) throw new PermanentJobError(`no built-in run ${workflowRunId}`)
    if (run.status !== KycRequestStatus.InProgress) return
    if (run.selfieFileId === null || run.documentFileId === null) {
      throw new PermanentJobError(`run ${workflowRunId} is in progress without its files`)
    }
    const files = await context.db
      .select({ id: storedFiles.id, sha256: storedFiles.sha256 })
      .from(storedFiles)
      .where(inArray(storedFiles.id, [run.selfieFileId, run.documentFileId]))
    const shaOf = (id: number) => files.find((file) => file.id === id)?.sha256 ?? ''
    const verdict = decideRun(shaOf(run.selfieFileId), shaOf(run.documentFileId))
    const decision: IdentityDecision =
      verdict.outcome === 'refused'
        ? { provider: run.provider as IdentityCheckProvider, workflowRunId, ...verdict }
        : {
            provider: run.provider as IdentityCheckProvider,
            workflowRunId,
            outcome: 'approved',
            document: { fileId: run.documentFileId, documentTypeId },
          }
    await deliver(context.db, decision)
  }
}
