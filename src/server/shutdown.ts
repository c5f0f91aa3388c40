// The drain of a stopping process (issue 15). On SIGTERM (or SIGINT) the process stops
// accepting connections, answers 503 to any request that still arrives on an open connection
// (Fastify's return503OnClosing, /readyz included, so a load balancer sends elsewhere),
// finishes the requests it has, lets the job worker finish the jobs it claimed, says goodbye
// to its realtime sockets (realtime/websocket.ts), closes the database and exits 0. What is
// not done within the grace period (SHUTDOWN_GRACE_SECONDS) is abandoned with exit code 1;
// a second signal exits 1 at once.
import type { FastifyInstance } from 'fastify'
import type { Database } from './db/open-database.ts'
import type { JobWorker } from './jobs/job-worker.ts'

export interface Drained {
  app: FastifyInstance
  jobWorker: JobWorker
  database: Database
  graceSeconds: number
}

/** Closes everything in order; resolves once the database is closed. */
export async function drain(parts: Drained): Promise<void> {
  // Requests and the running job end side by side; both may still need the database.
  await Promise.all([parts.app.close(), parts.jobWorker.stop()])
  await parts.database.close()
}

export function drainOnSignals(parts: Drained): void {
  let draining = false
  const stop = (signal: NodeJS.Signals): void => {
    if (draining) {
      console.error(`${signal} again: exiting without waiting`)
      process.exit(1)
    }
    draining = true
    console.log(`${signal}: draining, at most ${parts.graceSeconds} s`)
    setTimeout(() => {
      console.error(`Drain not done after ${parts.graceSeconds} s: exiting`)
      process.exit(1)
    }, parts.graceSeconds * 1000)
    drain(parts).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Drain failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
