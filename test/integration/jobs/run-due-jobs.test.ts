// The durable jobs table (src/server/jobs/): due jobs are claimed once even by workers that
// run at the same time (FOR UPDATE SKIP LOCKED, on PGlite and PostgreSQL), a job whose worker
// died is taken over after its lease, and jobs that cannot succeed end instead of looping.
import { createServer, type Server } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../../src/server/db/schema-jobs.ts'
import { emitMerchantEvent } from '../../../src/server/events/merchant-events.ts'
import { claimDueJobs, completeJob, enqueueJobs } from '../../../src/server/jobs/job-queue.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { startJobWorker } from '../../../src/server/jobs/job-worker.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

async function startReceiver() {
  const bodies: string[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString())
      // A little latency, so concurrent workers really overlap.
      setTimeout(() => response.end('ok'), 5)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    bodies,
    url: `http://127.0.0.1:${address.port}/events`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let receiver: Awaited<ReturnType<typeof startReceiver>>
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      receiver = await startReceiver()
      const { accessToken } = await server.signIn('demo@nova.example')
      const info = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      customerId = Number(info.body.customer?.customerId)
      const response = await fetch(`${server.baseUrl}/public-api/webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId, name: 'Queue probe', url: receiver.url }),
      })
      expect(response.status).toBe(200)
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      receiver.bodies.length = 0
    })
    afterAll(async () => {
      await receiver?.close()
      await server?.close()
    })

    const eventIds = () => receiver.bodies.map((body) => (JSON.parse(body) as { id: string }).id)

    it('runs each due job once when workers run at the same time', async () => {
      for (let n = 0; n < 30; n++) {
        await emitMerchantEvent(server.db, customerId, 'allowed_ip.changed', { n })
      }
      const options = { allowPrivateNetworks: true, batchSize: 4 }
      const results = await Promise.all([
        runDueJobs(server.db, options),
        runDueJobs(server.db, options),
        runDueJobs(server.db, options),
      ])
      expect(results.reduce((sum, result) => sum + result.succeeded, 0)).toBe(30)
      expect(results.every((result) => result.failed === 0)).toBe(true)
      expect(receiver.bodies).toHaveLength(30)
      expect(new Set(eventIds()).size).toBe(30)
      // The demo's transfer holds have jobs of their own, due later: only deliveries here.
      const open = (await server.db.select().from(jobs)).filter(
        (job) => job.doneAt === null && job.kind.startsWith('webhook.'),
      )
      expect(open).toEqual([])
    })

    it('takes over a job whose worker died, once the lease is over', async () => {
      // Whatever else falls due in the next two minutes (the demo's own jobs) runs first, so
      // the counts below are this job's alone.
      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(180) })
      receiver.bodies.length = 0
      await emitMerchantEvent(server.db, customerId, 'api_key.deleted', { probe: 'lease' })
      // A worker claims the job and dies without finishing it.
      const [claimed] = await claimDueJobs(server.db, {
        now: new Date(),
        limit: 10,
        leaseMs: 60_000,
      })
      expect(claimed).toMatchObject({ attempts: 1 })

      expect(await runDueJobs(server.db, { allowPrivateNetworks: true })).toEqual({
        succeeded: 0,
        failed: 0,
      })
      expect(await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(61) })).toEqual({
        succeeded: 1,
        failed: 0,
      })
      const [row] = await server.db.select().from(jobs).where(eq(jobs.id, claimed!.id))
      expect(row).toMatchObject({ attempts: 2, lockedUntil: null })
      expect(row?.doneAt).not.toBeNull()
      expect(receiver.bodies).toHaveLength(1)

      // The dead worker waking up late changes nothing: the job is no longer its own.
      await completeJob(server.db, claimed!, later(120))
      const [after] = await server.db.select().from(jobs).where(eq(jobs.id, claimed!.id))
      expect(after?.doneAt).toEqual(row?.doneAt)
    })

    it('ends a job of an unknown kind or with a broken payload at once', async () => {
      await enqueueJobs(server.db, [
        { kind: 'no.such.kind', payload: {} },
        { kind: 'webhook.deliver', payload: { webhookId: 'not a number' } },
      ])
      expect(await runDueJobs(server.db, { allowPrivateNetworks: true })).toEqual({
        succeeded: 0,
        failed: 2,
      })
      const rows = (await server.db.select().from(jobs).orderBy(jobs.id)).filter(
        (job) => job.kind === 'no.such.kind' || job.payload.webhookId === 'not a number',
      )
      expect(rows.map((job) => [job.attempts, job.maxAttempts, job.lastError])).toEqual([
        [8, 8, 'unknown job kind no.such.kind'],
        [8, 8, 'a webhook delivery job without its fields'],
      ])
      // A day later nothing fails again (the demo's transfer-hold jobs may run then).
      expect(
        (await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(86_400) })).failed,
      ).toBe(0)
    })

    it('delivers from the background worker main.ts starts, and stops cleanly', async () => {
      receiver.bodies.length = 0
      const worker = startJobWorker(server.db, { pollIntervalMs: 20, allowPrivateNetworks: true })
      const event = await emitMerchantEvent(server.db, customerId, 'webhook.created', {})
      const deadline = Date.now() + 10_000
      while (!eventIds().includes(event.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await worker.stop()
      expect(eventIds()).toEqual([event.id])
    })

    it('claims nothing for a stopping worker, leaving the due jobs to another', async () => {
      receiver.bodies.length = 0
      const event = await emitMerchantEvent(server.db, customerId, 'webhook.created', {})
      const stopping = { allowPrivateNetworks: true, signal: AbortSignal.abort() }
      expect(await runDueJobs(server.db, stopping)).toEqual({ succeeded: 0, failed: 0 })
      expect(eventIds()).toEqual([])
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      expect(eventIds()).toEqual([event.id])
    })
  })
}
