// Runs the jobs that are due: the worker's timer calls this, and tests call it directly to
// make time pass on their own clock (`now`).
import type { Db } from '../db/open-database.ts'
import { claimDueJobs, completeJob, failJob } from './job-queue.ts'
import { jobKinds } from './job-kinds.ts'
import { PermanentJobError, type JobRunContext } from './job-context.ts'

export interface RunDueJobsOptions {
  /** The clock; a test passes a later time to reach a retry without waiting for it. */
  now?: Date
  /**
   * Whether deliveries may reach loopback and private networks. Off in production, where
   * a merchant's URL must not reach the bank's own network (server-side request forgery).
   */
  allowPrivateNetworks?: boolean
  /** Jobs claimed and run together. */
  batchSize?: number
  /** At most this many jobs per call, so one call cannot run forever. */
  maxJobs?: number
  /** How long a claimed job stays with this worker; longer than any job's own timeout. */
  leaseMs?: number
  /**
   * Once aborted, no further batch is claimed; the jobs already claimed still run to their
   * end (a stopping worker, job-worker.ts).
   */
  signal?: AbortSignal
}

export interface RunDueJobsResult {
  succeeded: number
  failed: number
}

export async function runDueJobs(
  db: Db,
  options: RunDueJobsOptions = {},
): Promise<RunDueJobsResult> {
  const result: RunDueJobsResult = { succeeded: 0, failed: 0 }
  const maxJobs = options.maxJobs ?? 100
  while (result.succeeded + result.failed < maxJobs && !options.signal?.aborted) {
    const now = options.now ?? new Date()
    const claimed = await claimDueJobs(db, {
      now,
      limit: Math.min(options.batchSize ?? 10, maxJobs - result.succeeded - result.failed),
      leaseMs: options.leaseMs ?? 5 * 60_000,
    })
    if (claimed.length === 0) break
    const context = { db, now, allowPrivateNetworks: options.allowPrivateNetworks ?? false }
    const outcomes = await Promise.all(claimed.map((job) => runOne({ ...context, job })))
    for (const ok of outcomes) {
      if (ok) result.succeeded++
      else result.failed++
    }
  }
  return result
}

async function runOne(context: JobRunContext): Promise<boolean> {
  const { db, job, now } = context
  const run = jobKinds[job.kind]
  if (!run) {
    await failJob(db, job, `unknown job kind ${job.kind}`, now, { permanent: true })
    return false
  }
  try {
    await run(context, job.payload)
    await completeJob(db, job, now)
    return true
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await failJob(db, job, message, now, { permanent: error instanceof PermanentJobError })
    return false
  }
}
