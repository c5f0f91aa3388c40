// The in-process worker that main.ts starts: every poll interval it runs the due jobs. Each
// instance runs one; they share the jobs table safely (job-queue.ts), so scaling out needs
// nothing else.
import type { Db } from '../db/open-database.ts'
import { runDueJobs, type RunDueJobsOptions } from './run-due-jobs.ts'
import { loggedError } from '../error-log.ts'

export interface JobWorkerOptions extends Omit<RunDueJobsOptions, 'now'> {
  /** Milliseconds between polls when the queue was empty (JOBS_POLL_INTERVAL_MS). */
  pollIntervalMs: number
}

export interface JobWorker {
  /**
   * Stops polling and claiming and waits for the jobs already claimed to finish (a draining
   * process, shutdown.ts); a job left unclaimed waits in the table for another instance.
   */
  stop(): Promise<void>
}

/**
 * The worker's settings: JOBS_POLL_INTERVAL_MS (1000 by default) and JOBS_LEASE_MS, how long
 * a claimed job stays with this worker before another may take it over (five minutes unless
 * set, at least one second): the wait before a job whose process died is run again.
 */
export function jobWorkerOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  allowPrivateNetworks: boolean,
): JobWorkerOptions {
  const poll = Number(env.JOBS_POLL_INTERVAL_MS)
  const lease = Number(env.JOBS_LEASE_MS)
  return {
    pollIntervalMs: Number.isFinite(poll) && poll >= 10 ? poll : 1000,
    allowPrivateNetworks,
    ...(env.JOBS_LEASE_MS && Number.isInteger(lease) && lease >= 1000 ? { leaseMs: lease } : {}),
  }
}

export function startJobWorker(db: Db, options: JobWorkerOptions): JobWorker {
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const tick = async (): Promise<void> => {
    let busy = false
    try {
      const { succeeded, failed } = await runDueJobs(db, { ...options, signal: stopping.signal })
      busy = succeeded + failed > 0
    } catch (error) {
      // A lost connection or similar: log it and try again at the next poll. A failed query
      // carries its bound values (a webhook's secret among them): only what error-log keeps.
      console.error('jobs: run failed', JSON.stringify(loggedError(error)))
    }
    if (!stopping.signal.aborted) schedule(busy ? 0 : options.pollIntervalMs)
  }
  const schedule = (delayMs: number): void => {
    timer = setTimeout(() => {
      running = tick()
    }, delayMs)
    timer.unref()
  }

  schedule(options.pollIntervalMs)
  return {
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      await running
    },
  }
}
