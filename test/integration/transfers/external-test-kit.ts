// Helpers of the external-transfer suites: the customer's realtime channel, the built-in
// rail's outcomes brought forward (its jobs run as if its delay had passed), section 6 flags
// set directly (the back office owns them), and an order as stored.
import { desc, eq, sql } from 'drizzle-orm'
import { WebSocket } from 'ws'
import { expect } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { ledgerAccounts, ledgerPostings } from '../../../src/server/db/schema-ledger.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import type { TestServer } from '../server-harness.ts'
import { customerIdOf } from './transfer-test-kit.ts'

export interface Channel {
  next(): Promise<Record<string, unknown>>
  /** Every message that arrived and was not taken yet. */
  drain(): Record<string, unknown>[]
  close(): void
}

const openSockets = new Set<WebSocket>()

/** Closes the channels a failed test left open, so that the server can close. */
export function closeChannels(): void {
  for (const ws of openSockets) ws.close()
  openSockets.clear()
}

/** The realtime channel of a signed-in user, authenticated. */
export async function openChannel(server: TestServer, token: string): Promise<Channel> {
  const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/realtime`)
  openSockets.add(ws)
  const queue: Record<string, unknown>[] = []
  const waiting: ((message: Record<string, unknown>) => void)[] = []
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>
    const resolve = waiting.shift()
    if (resolve) resolve(message)
    else queue.push(message)
  })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const next = () => {
    const ready = queue.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      waiting.push(resolve)
      setTimeout(() => reject(new Error('no realtime message within 5 s')), 5000)
    })
  }
  ws.send(JSON.stringify({ type: 'authenticate', accessToken: token }))
  expect(await next()).toMatchObject({ type: 'authenticated' })
  return {
    next,
    drain: () => queue.splice(0),
    close: () => {
      openSockets.delete(ws)
      ws.close()
    },
  }
}

/** Runs the jobs due a minute from now: the built-in rail reports every payout handed over. */
export async function railReports(server: TestServer): Promise<void> {
  await runDueJobs(server.db, { now: new Date(Date.now() + 60_000) })
}

export async function setFlags(
  server: TestServer,
  username: string,
  flags: Record<string, boolean>,
): Promise<void> {
  const customerId = await customerIdOf(server, username)
  await server.db
    .update(customers)
    .set({ permissions: sql`${customers.permissions} || ${JSON.stringify(flags)}::jsonb` })
    .where(eq(customers.id, customerId))
}

export async function orderOf(server: TestServer, id: unknown) {
  const [order] = await server.db
    .select()
    .from(transferOrders)
    .where(eq(transferOrders.id, id as number))
  return order
}

export async function lastMailTo(server: TestServer, recipient: string) {
  const [message] = await server.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  return message
}

/** The balance of a house account (clearing per rail, fee income) in a currency, in minor units. */
export async function houseBalance(server: TestServer, purpose: string, currencyCode: string) {
  const [row] = await server.db
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}), 0)::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      sql`${ledgerAccounts.purpose} = ${purpose} and ${ledgerAccounts.currencyCode} = ${currencyCode}
        and ${ledgerAccounts.customerId} is null and ${ledgerPostings.transferId} in
        (select id from ledger_transfers where status = 'posted')`,
    )
  return BigInt(row?.total ?? '0')
}
