// The job that runs a recurring transfer (product-spec section 3, subscriptions). Run n of a
// subscription is an order with the idempotency key "subscription-<id>-run-<n>", so a job that
// runs twice moves money once. A run refused for lack of funds e-mails the customer and is
// retried after 24 hours, at most 3 times; after the third failed retry the subscription is
// suspended and the customer told (docs/decisions.md, "Money movement").
import { asc, eq } from 'drizzle-orm'
import type { JobRunner } from '../jobs/job-context.ts'
import { PermanentJobError } from '../jobs/job-context.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { accountById } from '../ledger/accounts.ts'
import { transferOrders, transferSubscriptions } from '../db/schema-transfers.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { ownAccount } from './transfer-quotes.ts'
import { submitOrder, subscriptionRunJobKind } from './transfer-orders.ts'
import { runAllowed, runDate, type SubscriptionTerms } from './subscription-schedule.ts'
import { AccessRight } from '../../generated/constants.ts'
import { renderMessage } from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { inReaderLanguage, type Outcome } from '../rpc/outcome.ts'

export const retryDelayMs = 24 * 3600_000
export const maxRetries = 3

type SubscriptionRow = typeof transferSubscriptions.$inferSelect

export const runSubscriptionJob: JobRunner = async (context, payload) => {
  const { subscriptionId, run } = payload
  if (typeof subscriptionId !== 'number' || typeof run !== 'number') {
    throw new PermanentJobError('payload needs subscriptionId and run')
  }
  const db = context.db
  const [sub] = await db
    .select()
    .from(transferSubscriptions)
    .where(eq(transferSubscriptions.id, subscriptionId))
  if (!sub || sub.status !== 'active' || sub.runsDone >= run) return
  const terms = termsOf(sub)
  if (!runAllowed(terms, sub.createdAt, run)) {
    await db
      .update(transferSubscriptions)
      .set({ status: 'finished', nextRunAt: null })
      .where(eq(transferSubscriptions.id, sub.id))
    return
  }
  const outcome = await runOnce(db, sub, run)
  const code = (outcome.body as { responseCode?: string }).responseCode
  if (code === '00') return afterSuccess(db, sub, run)
  return afterFailure(db, sub, run, outcome, context.now)
}

function termsOf(sub: SubscriptionRow): Omit<SubscriptionTerms, 'userCanCancel'> {
  return {
    frequency: sub.frequency as SubscriptionTerms['frequency'],
    ...(sub.endDate ? { endDate: sub.endDate } : {}),
    ...(sub.runsTotal !== null ? { runsTotal: sub.runsTotal } : {}),
  }
}

async function runOnce(db: Db, sub: SubscriptionRow, run: number) {
  const from = await ownAccount(db, sub.customerId, sub.fromAccountId)
  const to = sub.toAccountId === null ? undefined : await accountById(db, sub.toAccountId)
  if (!from) throw new PermanentJobError(`account ${sub.fromAccountId} is gone`)
  const request = sub.request
  return submitOrder(db, {
    kind: sub.kind as 'betweenAccounts' | 'p2p',
    acting: { userId: sub.userId, customerId: sub.customerId, accessRight: AccessRight.Full },
    idempotencyKey: `subscription-${sub.id}-run-${run}`,
    request: { ...request, run },
    fields:
      sub.kind === 'p2p'
        ? { amount: 'amount', from: 'accountId', to: 'toEmail' }
        : { amount: 'toAmount', from: 'fromAccount', to: 'toAccount' },
    from,
    ...(to ? { to } : {}),
    ...(sub.toEmail ? { toEmail: sub.toEmail } : {}),
    ...(sub.kind === 'p2p' && to?.customerId ? { toCustomerId: to.customerId } : {}),
    currencyCode: from.currencyCode,
    toCurrencyCode: to?.currencyCode ?? from.currencyCode,
    ...(await repeatQuote(db, sub)),
    subscriptionRun: { subscriptionId: sub.id },
  })
}

/** A run repeats the first order's amounts: what left, what arrived, the fee and the rate. */
async function repeatQuote(db: Db, sub: SubscriptionRow) {
  const [first] = await db
    .select()
    .from(transferOrders)
    .where(eq(transferOrders.subscriptionId, sub.id))
    .orderBy(asc(transferOrders.id))
    .limit(1)
  if (!first) throw new PermanentJobError(`subscription ${sub.id} has no first order`)
  return {
    amountMinor: first.amountMinor,
    toAmountMinor: first.toAmountMinor,
    feeMinor: first.feeMinor,
    rate: first.rate,
  }
}

async function afterSuccess(db: Db, sub: SubscriptionRow, run: number): Promise<void> {
  const terms = termsOf(sub)
  const next = run + 1
  const more = runAllowed(terms, sub.createdAt, next)
  const nextRunAt = more ? runDate(terms.frequency, sub.createdAt, next) : null
  await db
    .update(transferSubscriptions)
    .set({ runsDone: run, failedRunsInARow: 0, status: more ? 'active' : 'finished', nextRunAt })
    .where(eq(transferSubscriptions.id, sub.id))
  if (nextRunAt) {
    await enqueueJobs(db, [
      {
        kind: subscriptionRunJobKind,
        payload: { subscriptionId: sub.id, run: next },
        runAt: nextRunAt,
      },
    ])
  }
}

async function afterFailure(
  db: Db,
  sub: SubscriptionRow,
  run: number,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  const failures = sub.failedRunsInARow + 1
  const suspend = failures > maxRetries
  const retryAt = new Date(now.getTime() + retryDelayMs)
  await db
    .update(transferSubscriptions)
    .set({
      failedRunsInARow: failures,
      ...(suspend ? { status: 'suspended', nextRunAt: null } : { nextRunAt: retryAt }),
    })
    .where(eq(transferSubscriptions.id, sub.id))
  if (!suspend) {
    await enqueueJobs(db, [
      { kind: subscriptionRunJobKind, payload: { subscriptionId: sub.id, run }, runAt: retryAt },
    ])
  }
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, sub.userId))
  if (!user) return
  const lang = await languageOfUser(db, sub.userId)
  const amount = formatMoney(
    fromMinor(sub.amountMinor, scaleOf(sub.currencyCode)),
    sub.currencyCode,
    lang,
  )
  // The refusal as the customer would have read it in the portal, in their language.
  const answer = inReaderLanguage(outcome, lang).body as { responseDescription?: string }
  const reason = answer.responseDescription ?? renderMessage(lang, 'words.refused')
  await enqueueMessage(db, {
    channel: 'email',
    recipient: user.username,
    lang,
    ...(suspend
      ? { mail: 'recurringSuspended', params: { id: sub.id, amount, reason, attempts: failures } }
      : {
          mail: 'recurringRetry',
          params: { id: sub.id, amount, reason, attempt: failures + 1, attempts: maxRetries + 1 },
        }),
  })
}
