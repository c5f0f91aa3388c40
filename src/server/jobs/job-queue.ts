// The durable job queue over the jobs table (DESIGN.md section 2). Claiming is one UPDATE
// over a FOR UPDATE SKIP LOCKED subquery, so any number of workers on any number of
// instances share the table without taking a job twice; it runs on PGlite and PostgreSQL.
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { jobs } from '../db/schema-jobs.ts'

export type Job = typeof jobs.$inferSelect

/** Eight tries: 10 s, 20 s, 40 s ... between them, about 21 minutes from first to last. */
export const defaultMaxAttempts = 8
const backoffBaseSeconds = 10
const backoffCapSeconds = 3600

export interface NewJob {
  kind: string
  payload: Record<string, unknown>
  runAt?: Date
  maxAttempts?: number
}

/**
 * Adds jobs, due at once unless runAt says later. Times come from this process's clock, as
 * in claimDueJobs: the database's now() has microseconds, so a job it stamped could look
 * a fraction of a millisecond in the future to a worker that reads the time right after.
 */
export async function enqueueJobs(db: Db, newJobs: NewJob[]): Promise<void> {
  if (newJobs.length === 0) return
  const now = new Date()
  await db.insert(jobs).values(
    newJobs.map((job) => ({
      kind: job.kind,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? defaultMaxAttempts,
      runAt: job.runAt ?? now,
    })),
  )
}

/** The wait after a failed attempt: 10 s * 2^(attempt - 1), at most an hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(backoffBaseSeconds * 2 ** Math.max(0, attempt - 1), backoffCapSeconds)
}

/**
 * Takes up to `limit` due jobs for `leaseMs`. The attempt is counted here, so a job whose
 * worker dies mid-run is retried after its lease and still stops at max_attempts.
 */
export async function claimDueJobs(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<Job[]> {
  const { now } = options
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        lt(jobs.attempts, jobs.maxAttempts),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit)
    .for('update', { skipLocked: true })
  return db
    .update(jobs)
    .set({
      lockedUntil: new Date(now.getTime() + options.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning()
}

/** The job is done; a worker whose lease ran out (and was taken over) changes nothing. */
export async function completeJob(db: Db, job: Job, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, job.id), ownLease(job)))
}

/** Records the failure and schedules the next attempt, or gives up after the last one. */
export async function failJob(
  db: Db,
  job: Job,
  error: string,
  now: Date,
  options: { permanent?: boolean } = {},
): Promise<void> {
  const givingUp = options.permanent === true || job.attempts >= job.maxAttempts
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      ...(givingUp
        ? { attempts: job.maxAttempts }
        : { runAt: new Date(now.getTime() + backoffSeconds(job.attempts) * 1000) }),
    })
    .where(and(eq(jobs.id, job.id), ownLease(job)))
}

function ownLease(job: Job) {
  return job.lockedUntil ? eq(jobs.lockedUntil, job.lockedUntil) : isNull(jobs.lockedUntil)
}
