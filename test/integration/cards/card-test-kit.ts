// Helpers of the cards suites: calls by name, the customer's cards, and making the card issuer's
// time pass (its statuses are jobs: runDueJobs on a later clock, one step at a time).
import { expect } from 'vitest'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import type { components } from '../../../src/generated/api.d.ts'
import type { Reply, TestServer } from '../server-harness.ts'

export type Card = components['schemas']['Card']

export function caller(server: TestServer, token: string) {
  return (operation: string, body: Record<string, unknown> = {}) =>
    server.post(`/rpc/${operation}`, body, token)
}

export function ok(reply: Reply): Reply['body'] {
  expect(reply.status, reply.text).toBe(200)
  expect(reply.body.responseCode, reply.text).toBe('00')
  return reply.body
}

/** The VF answer's parameter and description, for one failed field. */
export function refusal(reply: Reply): { parameter?: string; description?: string; code?: string } {
  expect(reply.status, reply.text).toBe(200)
  const [error] = reply.body.errors ?? []
  return {
    code: reply.body.responseCode,
    parameter: error?.parameter,
    description: error?.description,
  }
}

export async function cardsOf(call: ReturnType<typeof caller>): Promise<Card[]> {
  return ok(await call('cardList')).cards as Card[]
}

let clock = Date.now()
/** Runs every job of the demo due within ten minutes, so none moves money during a case. */
export async function flushDemoJobs(server: TestServer): Promise<void> {
  clock = Math.max(clock, Date.now()) + 600_000
  await runDueJobs(server.db, { now: new Date(clock) })
}

/** Runs the jobs due one issuer step (30 s by default) later than the last call. */
export async function nextIssuerStep(server: TestServer): Promise<void> {
  clock = Math.max(clock, Date.now() + 31_000) + 31_000
  await runDueJobs(server.db, { now: new Date(clock) })
}

export async function balanceOf(
  call: ReturnType<typeof caller>,
  accountId: number,
): Promise<string> {
  const accounts = ok(await call('balanceInquiry')).accounts ?? []
  const found = accounts.find((a) => a.accountId === accountId)
  if (found) return found.balance
  const card = (await cardsOf(call)).find((c) => c.accountId === accountId)
  if (!card) throw new Error(`no account ${accountId}`)
  return card.balance
}
