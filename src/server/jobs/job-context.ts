// What a job runner gets, and how it says that retrying is pointless. Runners live with
// their areas (src/server/events/...); src/server/jobs/job-kinds.ts lists them.
import type { Db } from '../db/open-database.ts'
import type { Job } from './job-queue.ts'

export interface JobRunContext {
  db: Db
  now: Date
  /** See RunDueJobsOptions.allowPrivateNetworks. */
  allowPrivateNetworks: boolean
  /** The claimed row; `job.attempts` counts this attempt. */
  job: Job
}

/** Returns when the job is done; throws to have it retried with backoff. */
export type JobRunner = (context: JobRunContext, payload: Record<string, unknown>) => Promise<void>

/** A failure another attempt cannot fix (a malformed payload, say): the job ends. */
export class PermanentJobError extends Error {}
