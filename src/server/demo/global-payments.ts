// Demo global payments (issue 16), all sent by business@ from its USD account to e-mails
// abroad, seeded last so the ids of every demo row before them stay what the tests name. Their
// secrets are fixed so /receive/<secret> can be opened without reading the mailbox:
//   demoGlobalPaymentSecret  waiting for global.friend@abroad.example (README, demo section)
//   ...-approve              a wire withdrawal waiting for the code 975310
//   ...-resend               a wire withdrawal waiting for a code, to ask again
//   ...-refuse               waiting, for the recipient to refuse
//   ...-paid                 paid out by wire to global.friend@, so the first one has a past
//                            withdrawal to reuse
// and an order waiting for business@'s own code (globalPayApprove, code 864200), with a newer
// one after it.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { globalPayments, transferOrders } from '../db/schema-transfers.ts'
import { jobs } from '../db/schema-jobs.ts'
import { builtInRailJobKind } from '../adapters/rail/built-in-rail.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { ownAccount, quoteOf, isFieldError } from '../transfers/transfer-quotes.ts'
import { orderExpiryJobKind, submitOrder } from '../transfers/transfer-orders.ts'
import { issueApprovalCode, type OrderRow } from '../transfers/approval-codes.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import { AccountType } from '../../generated/constants.ts'
import { openGlobalPayment, paymentBySecret, secretHashOf } from '../global-pay/global-payments.ts'
import { codeHashOf } from '../global-recipient/recipient-codes.ts'
import { payOut } from '../global-recipient/recipient-payout.ts'
import { recordRailOutcome } from '../transfers/rail-outcomes.ts'
import { isFound } from '../global-recipient/recipient-payment.ts'

export const demoGlobalPaymentSecret = 'demo-global-payment-receive'
export const demoGlobalPaymentEmail = 'global.friend@abroad.example'
/** The demo payments stay open for a year, so a demo database long in use still has them. */
const demoLifetimeMs = 365 * 86_400_000
const wire = {
  accountNumber: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
  beneficiaryType: 'individual',
}

interface Sender {
  userId: number
  customerId: number
  accountId: number
}

async function globalOrder(db: Db, sender: Sender, key: string, toEmail: string, amount: string) {
  const from = (await ownAccount(db, sender.customerId, sender.accountId))!
  const quote = quoteOf('global', from, 'USD', amount, 'USD', { amount: 'amount', currency: 'c' })
  if (isFieldError(quote)) throw new Error(`assertion: demo quote: ${quote.text.key}`)
  const reply = await submitOrder(db, {
    kind: 'global',
    acting: { userId: sender.userId, customerId: sender.customerId, accessRight: 2 },
    idempotencyKey: key,
    request: { key },
    fields: { amount: 'amount', from: 'accountId', to: 'toEmail' },
    from,
    toEmail,
    currencyCode: 'USD',
    toCurrencyCode: 'USD',
    ...quote,
    details: { beneficiaryName: 'Ana Lima', feeIsBen: false, countryCode: 'DE' },
  })
  const id = (reply.body as { transactionId?: number }).transactionId ?? 0
  const [order] = await db.select().from(transferOrders).where(eq(transferOrders.id, id))
  if (!order) throw new Error(`assertion: demo global order ${key}: ${JSON.stringify(reply.body)}`)
  return order
}

/**
 * Lets the order's money wait for its recipient under a fixed secret: a code-route order (the
 * demo business asks for codes) is opened here; one already opened gets the fixed secret.
 */
async function openWithSecret(db: Db, order: OrderRow, secret: string) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const expiresAt = new Date(Date.now() + demoLifetimeMs)
    const [opened] = await tx
      .select()
      .from(globalPayments)
      .where(eq(globalPayments.orderId, order.id))
    const paymentId = opened?.id ?? (await openFor(tx, order, secret))
    await tx
      .update(globalPayments)
      .set({ expiresAt, secretHash: secretHashOf(secret) })
      .where(eq(globalPayments.id, paymentId))
    await enqueueJobs(tx, [
      { kind: orderExpiryJobKind, payload: { orderId: order.id }, runAt: expiresAt },
    ])
  })
}

async function openFor(tx: Db, order: OrderRow, secret: string): Promise<number> {
  await tx
    .update(transferOrders)
    .set({ status: 'heldForClaim' })
    .where(eq(transferOrders.id, order.id))
  return (await openGlobalPayment(tx, order, secret)).id
}

/** A wire withdrawal waiting for `code`, as globalRecipientPaymentSubmit leaves it. */
async function submitWithdrawal(db: Db, secret: string, operationId: string, code: string) {
  const found = await paymentBySecret(db, secret)
  if (!isFound(found)) throw new Error('assertion: the demo payment exists')
  await db
    .update(globalPayments)
    .set({
      status: 'submitted',
      withdrawal: {
        kind: 'wire',
        countryCode: 'DE',
        currencyCode: 'USD',
        details: wire,
        destination: wire.accountNumber,
      },
      operationId,
      codeHash: codeHashOf(found.payment.id, code),
      codeExpiresAt: new Date(Date.now() + demoLifetimeMs),
      submittedAt: new Date(),
    })
    .where(eq(globalPayments.id, found.payment.id))
  const submitted = await paymentBySecret(db, secret)
  if (!isFound(submitted)) throw new Error('assertion: the demo payment exists')
  return submitted
}

export async function seedGlobalPaymentsDemo(db: Db): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.username, 'business@nova.example'))
  if (!owner) return
  // Seeded once: a database that already has them (a second start) is left as it is, since
  // the paid one cannot be paid out again.
  const [seeded] = await db
    .select({ id: globalPayments.id })
    .from(globalPayments)
    .where(eq(globalPayments.secretHash, secretHashOf(demoGlobalPaymentSecret)))
  if (seeded) return
  const usd = (await customerAccounts(db, owner.customerId)).find(
    (a) => a.type === AccountType.Payment && a.currencyCode === 'USD',
  )
  if (!usd) return
  const sender = { userId: owner.id, customerId: owner.customerId, accountId: usd.id }
  // Codes for a while: each order then waits, and is opened here with its fixed secret (so
  // the e-mail on /mailbox carries it) or left waiting for business@'s code.
  const [company] = await db.select().from(customers).where(eq(customers.id, owner.customerId))
  const mode = company?.transactionApproveMode ?? 'simple'
  await setMode(db, owner.customerId, 'sms')
  try {
    await seedPayments(db, sender)
  } finally {
    await setMode(db, owner.customerId, mode)
  }
}

async function setMode(db: Db, customerId: number, mode: string) {
  await db
    .update(customers)
    .set({ transactionApproveMode: mode })
    .where(eq(customers.id, customerId))
}

async function seedPayments(db: Db, sender: Sender) {
  const payments: [string, string, string][] = [
    [demoGlobalPaymentSecret, demoGlobalPaymentEmail, '150.00'],
    [`${demoGlobalPaymentSecret}-approve`, 'global.approve@abroad.example', '60.00'],
    [`${demoGlobalPaymentSecret}-resend`, 'global.resend@abroad.example', '40.00'],
    [`${demoGlobalPaymentSecret}-refuse`, 'global.refuse@abroad.example', '25.00'],
    [`${demoGlobalPaymentSecret}-paid`, demoGlobalPaymentEmail, '80.00'],
  ]
  for (const [secret, email, amount] of payments) {
    await openWithSecret(db, await globalOrder(db, sender, `demo-${secret}`, email, amount), secret)
  }
  await submitWithdrawal(
    db,
    `${demoGlobalPaymentSecret}-approve`,
    'demo-withdrawal-approve',
    '975310',
  )
  await submitWithdrawal(
    db,
    `${demoGlobalPaymentSecret}-resend`,
    'demo-withdrawal-resend',
    '975311',
  )
  const paid = await submitWithdrawal(
    db,
    `${demoGlobalPaymentSecret}-paid`,
    'demo-withdrawal-paid',
    '975312',
  )
  await db.transaction((tx) => payOut(tx as unknown as Db, paid))
  // Settled here rather than by the rail's job a few seconds after start, so no balance of
  // business@ moves while a test reads it.
  await recordRailOutcome(db, { orderId: paid.order.id, outcome: 'settled' })
  // The rail's own report of it, due 20 s later, is then done: no job of the demo's past is
  // left for a worker (or a test counting jobs) to find.
  await db
    .update(jobs)
    .set({ doneAt: new Date() })
    .where(
      and(
        eq(jobs.kind, builtInRailJobKind),
        sql`${jobs.payload}->>'orderId' = ${String(paid.order.id)}`,
      ),
    )
  const waiting = await globalOrder(
    db,
    sender,
    'demo-global-code',
    'global.code@abroad.example',
    '30.00',
  )
  await issueApprovalCode(db, {
    customerId: sender.customerId,
    userId: sender.userId,
    purpose: 'transfer',
    orders: [waiting],
    declined: false,
    approveType: 2,
    fixed: { code: '864200', lifetimeMs: demoLifetimeMs },
  })
  // And a newer one: approvalCodeGenerate and approvalCodeRequest replace the code of the
  // newest transfer waiting for one, which must not be the one whose code 864200 is documented.
  await globalOrder(db, sender, 'demo-global-code-newest', 'global.later@abroad.example', '5.00')
}
