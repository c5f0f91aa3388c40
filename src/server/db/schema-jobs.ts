// The durable jobs table (DESIGN.md section 2, jobs): webhook and IPN deliveries today,
// recurring transfers, rail settlement and exports later. Workers on any instance claim due
// rows with FOR UPDATE SKIP LOCKED (src/server/jobs/job-queue.ts), so nothing lives in
// process memory.
import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What runs it: a key of src/server/jobs/job-kinds.ts. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Not before this time; a failure moves it later (exponential backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counted when a worker claims the job, so a job that crashes its worker still ends. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** A claimed job belongs to its worker until then; after it, another may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set on success. A job with attempts = max_attempts and no done_at has given up. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
)
