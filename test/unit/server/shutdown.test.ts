// The drain's order (src/server/shutdown.ts): the requests and the running job end side by
// side, and only then does the database close; SHUTDOWN_GRACE_SECONDS bounds it.
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { configFromEnv } from '../../../src/server/config.ts'
import type { Database } from '../../../src/server/db/open-database.ts'
import { drain } from '../../../src/server/shutdown.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('drain', () => {
  it('stops the server and the job worker together, then closes the database', async () => {
    const events: string[] = []
    const requests = gate()
    const job = gate()
    const drained = drain({
      graceSeconds: 25,
      app: {
        close: async () => {
          events.push('app closing')
          await requests.opened
          events.push('app closed')
        },
      } as unknown as FastifyInstance,
      jobWorker: {
        stop: async () => {
          events.push('worker stopping')
          await job.opened
          events.push('worker stopped')
        },
      },
      database: {
        close: async () => {
          events.push('database closed')
        },
      } as unknown as Database,
    })
    await Promise.resolve()
    expect(events).toEqual(['app closing', 'worker stopping'])
    job.open()
    await job.opened
    await Promise.resolve()
    expect(events).not.toContain('database closed')
    requests.open()
    await drained
    expect(events).toEqual([
      'app closing',
      'worker stopping',
      'worker stopped',
      'app closed',
      'database closed',
    ])
  })
})

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('is 25 unless set to a whole number from 1 to 3600', () => {
    expect(configFromEnv({}).shutdownGraceSeconds).toBe(25)
    expect(configFromEnv({ SHUTDOWN_GRACE_SECONDS: '5' }).shutdownGraceSeconds).toBe(5)
    for (const wrong of ['0', '-1', '2.5', 'soon', '3601']) {
      expect(configFromEnv({ SHUTDOWN_GRACE_SECONDS: wrong }).shutdownGraceSeconds).toBe(25)
    }
  })
})
