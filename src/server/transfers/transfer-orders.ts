// Submitting a transfer order (between own accounts, P2P or external): one database transaction writes
// the order, its ledger transfer and what follows from its route, under the customer's
// idempotency key (DESIGN.md section 6). The route comes from product-spec section 4:
//   execute   - approval type 0: the money moves now;
//   code      - approval types 1-4: a hold now, posted when the code is entered;
//   approver  - access right 3 (or 5): a hold now and an approval request for the approvers;
//   claim     - P2P to an e-mail with no customer: a hold until the e-mail is claimed.
// An external order that executes keeps its hold and goes to its rail (rail-hand-over.ts).
import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  p2pClaims,
  refusedOrders,
  transferOrders,
  transferSubscriptions,
} from '../db/schema-transfers.ts'
import {
  type Answer,
  answerFromKept,
  type Failure,
  keptAnswer,
  type Outcome,
  refusal,
  type RpcData,
  rpcOk,
  rpcSay,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { AccountStatus, AccountType, ApprovalType } from '../../generated/constants.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { lockBalances } from '../ledger/balance-rows.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'
import { postTransferIn, type PostingInput, type TransferResult } from '../ledger/post-transfer.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import { enqueueMessage } from '../security/outbox.ts'
import type { ActingUser } from './acting-user.ts'
import { approveTypeOfCustomer } from './acting-user.ts'
import { issueApprovalCode, type OrderRow } from './approval-codes.ts'
import { brokenLimit, limitUse, type LimitType, type OrderKind } from './transfer-rules.ts'
import { isExternalTransferType } from '../../shared/transfer-types.ts'
import { publishOrderEnd } from './order-events.ts'
import { handToRail } from './rail-hand-over.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import { firstRunAt, type SubscriptionTerms } from './subscription-schedule.ts'
import { initiatingRights } from '../../shared/access-rights.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { openGlobalPayment } from '../global-pay/global-payments.ts'

export const orderExpiryJobKind = 'transfers.order-expiry'

/** The operations whose answer is the spec's TransferResult: their orders go through here. */
export type TransferOperation =
  | 'betweenAccountsTransferSubmit'
  | 'wireTransferSubmit'
  | 'eftTransferSubmit'
  | 'octTransferSubmit'
  | 'cryptoTransferSubmit'
  | 'instantTransferSubmit'
  | 'interacTransferSubmit'
  | 'massTransferUpload'
  | 'p2pTransferSubmit'
  | 'p2pMassTransferFileSubmit'
  | 'p2pMassTransferTextSubmit'
  | 'p2pGlobalPaySubmit'

/** A TransferResult without its responseCode, as orders store it for a replay. */
export type TransferData = RpcData<TransferOperation>
/** How long a hold waits: a code 30 minutes, an approver 7 days, a claim 14 days. */
export const holdLifetimeMs = {
  code: 30 * 60_000,
  approver: 7 * 86_400_000,
  claim: 14 * 86_400_000,
}

/** An expected refusal inside a transaction: thrown to roll back, answered as a value. */
export class Refusal extends Error {
  readonly outcome: Failure
  constructor(outcome: Failure) {
    super('refused')
    this.outcome = outcome
  }
}

export async function inTransaction<Answered extends Outcome>(
  db: Db,
  work: (tx: Db) => Promise<Answered>,
): Promise<Answered | Failure> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db))
  } catch (error) {
    if (error instanceof Refusal) return error.outcome
    throw error
  }
}

/** The request fields a refusal names (they differ between the two submit calls). */
export interface OrderFields {
  amount: string
  from: string
  to: string
}

export interface OrderDraft {
  kind: OrderKind
  acting: ActingUser
  idempotencyKey: string
  /** The validated request, hashed to tell a retry from another request with the same key. */
  request: Record<string, unknown>
  fields: OrderFields
  from: AccountRow
  to?: AccountRow
  toEmail?: string
  toCustomerId?: number
  amountMinor: bigint
  currencyCode: string
  toAmountMinor: bigint
  toCurrencyCode: string
  feeMinor: bigint
  rate: string
  details?: Record<string, unknown>
  subscription?: SubscriptionTerms
  /** A run of a subscription: the customer approved it once, so it executes at once. */
  subscriptionRun?: { subscriptionId: number }
  /**
   * One of many orders approved by a single code that the caller issues for all of them (a
   * global pay batch): no code is sent for this order alone.
   */
  oneCodeForMany?: boolean
  /** Writes what the order saves beside itself (a template, a payee), in its transaction. */
  onCreated?: (tx: Db, order: OrderRow) => Promise<void>
}

export type Route = 'execute' | 'code' | 'approver' | 'claim'

export function requestHashOf(request: Record<string, unknown>): string {
  const sorted = Object.keys(request)
    .sort()
    .map((key) => [key, request[key]])
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex')
}

async function orderByKey(db: Db, customerId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(transferOrders)
    .where(and(eq(transferOrders.customerId, customerId), eq(transferOrders.idempotencyKey, key)))
  return row
}

/** A refusal kept under the key (refused_orders): the same request is answered the same. */
async function refusalByKey(db: Db, customerId: number, key: string, hash: string) {
  const [row] = await db
    .select()
    .from(refusedOrders)
    .where(and(eq(refusedOrders.customerId, customerId), eq(refusedOrders.idempotencyKey, key)))
  if (!row) return undefined
  if (row.requestHash !== hash) return keyUsedElsewhere()
  const outcome = row.outcome as Failure
  return { ...outcome, body: answerFromKept(outcome.body) }
}

const keyUsedElsewhere = () =>
  validationFailure([refusal('idempotencyKey', 'refusal.common.idempotencyReused')])

function replayOf(order: OrderRow, hash: string): Answer<TransferOperation> | Failure {
  if (order.requestHash !== hash || !order.result) return keyUsedElsewhere()
  // The stored result is the answer submitOrder gave the first time, in this reader's language.
  return rpcOk(answerFromKept(order.result as TransferData))
}

async function routeOf(
  db: Db,
  draft: OrderDraft,
): Promise<{ route: Route; approveType: ApprovalType }> {
  if (draft.subscriptionRun) return { route: 'execute', approveType: ApprovalType.None }
  if (initiatingRights.has(draft.acting.accessRight))
    return { route: 'approver', approveType: ApprovalType.None }
  const approveType = await approveTypeOfCustomer(db, draft.acting.customerId)
  if (approveType !== ApprovalType.None) return { route: 'code', approveType }
  // A global payment waits for its recipient as P2P money to a non-customer does.
  const claim =
    (draft.kind === 'p2p' && draft.toCustomerId === undefined) || draft.kind === 'global'
  return { route: claim ? 'claim' : 'execute', approveType: ApprovalType.None }
}

const statusOfRoute: Record<Route, OrderRow['status']> = {
  execute: 'completed',
  code: 'awaitingCode',
  approver: 'awaitingApprover',
  claim: 'heldForClaim',
}

export async function submitOrder(
  db: Db,
  draft: OrderDraft,
): Promise<Answer<TransferOperation> | Failure> {
  const hash = requestHashOf(draft.request)
  const customerId = draft.acting.customerId
  const earlier = await orderByKey(db, customerId, draft.idempotencyKey)
  if (earlier) return replayOf(earlier, hash)
  const refused = await refusalByKey(db, customerId, draft.idempotencyKey, hash)
  if (refused) return refused
  const { route, approveType } = await routeOf(db, draft)
  if (draft.subscription && route === 'approver') {
    return validationFailure([
      refusal('subscriptionFrequency', 'refusal.transfers.recurringNeedsFullAccess'),
    ])
  }
  return inTransaction(db, async (tx) => {
    const toAccountId = draft.to?.id ?? (await recipientAccount(tx, draft))
    // The balance rows are the lock that orders every request on these accounts: the key,
    // the limits and the funds are all checked under it. Locked in id order, as the ledger
    // does, so two transfers in opposite directions cannot deadlock.
    const locked = [...new Set([draft.from.id, ...(toAccountId ? [toAccountId] : [])])]
    await lockBalances(
      tx,
      locked.sort((a, b) => a - b),
    )
    const raced = await orderByKey(tx, customerId, draft.idempotencyKey)
    if (raced) return replayOf(raced, hash)
    const racedRefusal = await refusalByKey(tx, customerId, draft.idempotencyKey, hash)
    if (racedRefusal) return racedRefusal
    // The order's own writes are a savepoint: a refusal undoes them, and is kept under the key
    // while the balance rows are still locked, so no retry can slip in between.
    const routing = { route, approveType, hash, toAccountId }
    try {
      return await tx.transaction((inner) => placeOrder(inner as unknown as Db, draft, routing))
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      await tx.insert(refusedOrders).values({
        customerId,
        idempotencyKey: draft.idempotencyKey,
        requestHash: hash,
        outcome: { ...error.outcome, body: keptAnswer(error.outcome.body) },
      })
      return error.outcome
    }
  })
}

/** The order, its ledger transfer and what its route does next; a Refusal undoes them. */
async function placeOrder(
  tx: Db,
  draft: OrderDraft,
  routing: OrderRouting,
): Promise<Answer<TransferOperation>> {
  const { route, approveType } = routing
  await checkLimits(tx, draft)
  const external = isExternalTransferType(draft.kind)
  const order = await insertOrder(tx, draft, routing)
  const posted = await postTransferIn(tx, {
    idempotencyKey: `order:${order.id}`,
    kind: draft.kind,
    description: describeOrder(order),
    // An external order keeps its hold until the rail reports the payout.
    status: route === 'execute' && !external ? 'posted' : 'pending',
    postings: await postingsOf(tx, order),
  })
  if (!('transferId' in posted)) throw new Refusal(ledgerRefusal(posted, draft.fields))
  const result = await followRoute(tx, draft, order, route, approveType)
  if (route === 'execute' && external) await handToRail(tx, order)
  else if (route === 'execute') await publishOrderEnd(tx, order, 'completed')
  if (draft.onCreated) await draft.onCreated(tx, order)
  const subscriptionId = draft.subscription ? await createSubscription(tx, draft, order) : undefined
  if (subscriptionId) result.subscriptionId = subscriptionId
  await tx
    .update(transferOrders)
    .set({
      ledgerTransferId: posted.transferId,
      result: keptAnswer(result),
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(route === 'execute' && !external ? { completedAt: new Date() } : {}),
    })
    .where(eq(transferOrders.id, order.id))
  return rpcOk(result)
}

/** What the order row records besides the draft: its route, the key's hash and the payee. */
interface OrderRouting {
  route: Route
  approveType: ApprovalType
  hash: string
  toAccountId: number | undefined
}

/** The order row, written with the status its route starts it in. */
async function insertOrder(tx: Db, draft: OrderDraft, routing: OrderRouting): Promise<OrderRow> {
  const { route, approveType, hash, toAccountId } = routing
  // An external order that executes waits for its rail before it completes.
  const external = isExternalTransferType(draft.kind)
  const [order] = await tx
    .insert(transferOrders)
    .values({
      customerId: draft.acting.customerId,
      createdByUserId: draft.acting.userId,
      kind: draft.kind,
      status: external && route === 'execute' ? 'pending' : statusOfRoute[route],
      idempotencyKey: draft.idempotencyKey,
      requestHash: hash,
      fromAccountId: draft.from.id,
      toAccountId: toAccountId ?? null,
      toEmail: draft.toEmail ?? null,
      toCustomerId: draft.toCustomerId ?? null,
      currencyCode: draft.currencyCode,
      amountMinor: draft.amountMinor,
      toCurrencyCode: draft.toCurrencyCode,
      toAmountMinor: draft.toAmountMinor,
      feeMinor: draft.feeMinor,
      rate: draft.rate,
      details: draft.details ?? {},
      approveType,
      subscriptionId: draft.subscriptionRun?.subscriptionId ?? null,
    })
    .returning()
  if (!order) throw new Error('assertion: the order was inserted')
  return order
}

async function checkLimits(tx: Db, draft: OrderDraft): Promise<void> {
  const leaves = isExternalTransferType(draft.kind) || draft.kind === 'global'
  const type: LimitType = leaves ? 'withdrawals' : (draft.kind as LimitType)
  const uses = await limitUse(tx, type, draft.from.id, scaleOf(draft.currencyCode), new Date())
  const broken = brokenLimit(uses, draft.amountMinor)
  if (!broken) return
  const remaining = fromMinor(broken.remainingMinor, scaleOf(draft.currencyCode))
  throw new Refusal(
    validationFailure([
      refusal(draft.fields.amount, `refusal.transfers.overLimit.${broken.period}`, {
        remaining: `${remaining} ${draft.currencyCode}`,
      }),
    ]),
  )
}

/** A P2P recipient's payment account in the currency, opened for them when they have none. */
async function recipientAccount(tx: Db, draft: OrderDraft): Promise<number | undefined> {
  if (draft.kind !== 'p2p' || draft.toCustomerId === undefined) return undefined
  const existing = (await paymentAccountsIn(tx, [draft.toCustomerId], draft.toCurrencyCode)).find(
    (account) => account.statusId === AccountStatus.Active,
  )
  if (existing) return existing.id
  return openCustomerAccount(tx, {
    customerId: draft.toCustomerId,
    currencyCode: draft.toCurrencyCode,
    type: AccountType.Payment,
  })
}

/**
 * The postings of an order: source to target (through the FX position accounts when the
 * currencies differ; to P2P claim clearing when the payee is no customer yet; to the rail's
 * clearing account, 'clearing:<kind>', for an external order), and the fee to fee income.
 */
export async function postingsOf(tx: Db, order: OrderRow): Promise<PostingInput[]> {
  const { currencyCode: from, toCurrencyCode: to } = order
  const clearing = isExternalTransferType(order.kind)
    ? order.kind
    : order.kind === 'global'
      ? 'global'
      : 'p2p_claims'
  const target = order.toAccountId ?? (await houseAccount(tx, `clearing:${clearing}`, to))
  const postings: PostingInput[] = [
    { accountId: order.fromAccountId, currencyCode: from, amountMinor: -order.amountMinor },
  ]
  if (feeInsideAmount(order)) {
    // The beneficiary pays the fee (a global payment's feeIsBen): it comes out of the amount.
    postings.push(
      { accountId: target, currencyCode: to, amountMinor: order.toAmountMinor },
      {
        accountId: await houseAccount(tx, 'fee_income', from),
        currencyCode: from,
        amountMinor: order.feeMinor,
      },
    )
    return postings
  }
  if (from === to) {
    postings.push({ accountId: target, currencyCode: to, amountMinor: order.amountMinor })
  } else {
    postings.push(
      {
        accountId: await houseAccount(tx, 'fx_position', from),
        currencyCode: from,
        amountMinor: order.amountMinor,
      },
      {
        accountId: await houseAccount(tx, 'fx_position', to),
        currencyCode: to,
        amountMinor: -order.toAmountMinor,
      },
      { accountId: target, currencyCode: to, amountMinor: order.toAmountMinor },
    )
  }
  if (order.feeMinor > 0n) {
    postings.push(
      { accountId: order.fromAccountId, currencyCode: from, amountMinor: -order.feeMinor },
      {
        accountId: await houseAccount(tx, 'fee_income', from),
        currencyCode: from,
        amountMinor: order.feeMinor,
      },
    )
  }
  return postings
}

/** An order whose fee is taken from the amount sent rather than added to it. */
export function feeInsideAmount(order: OrderRow): boolean {
  return order.details.feeIsBen === true && order.currencyCode === order.toCurrencyCode
}

const externalNames: Record<string, string> = {
  wire: 'Wire transfer',
  eft: 'Bank transfer',
  oct: 'Card transfer',
  crypto_eft: 'Crypto transfer',
  instant_payment: 'Instant payment',
  interac: 'Interac e-transfer',
}

export function describeOrder(order: OrderRow): string {
  if (order.kind === 'p2p') return `P2P transfer to ${order.toEmail}`
  if (order.kind === 'global') return `Global payment to ${order.toEmail}`
  if (order.kind === 'betweenAccounts') return `Transfer to own account ${order.toAccountId}`
  const to = order.details.beneficiaryName ?? order.details.destination ?? ''
  return `${externalNames[order.kind] ?? order.kind} to ${String(to)}`
}

function ledgerRefusal(
  result: Exclude<TransferResult, { transferId: bigint }>,
  fields: OrderFields,
) {
  switch (result.outcome) {
    case 'insufficient-funds':
      return validationFailure([refusal(fields.amount, 'refusal.transfers.overBalance')])
    case 'account-closed':
      return rpcRefuse(
        'CA',
        'answer.transfers.accountClosed',
        { account: String(result.accountId) },
        { field: fields.to },
      )
    case 'account-inactive':
      return validationFailure([refusal(fields.from, 'refusal.common.notAnActiveAccount')])
    case 'idempotency-conflict':
      throw new Error('assertion: an order key is used once')
  }
}

/** The answer for the route, and what the route sets going (a code, a claim, an expiry). */
async function followRoute(
  tx: Db,
  draft: OrderDraft,
  order: OrderRow,
  route: Route,
  approveType: ApprovalType,
): Promise<TransferData> {
  const scale = scaleOf(order.currencyCode)
  const base: TransferData = {
    transactionId: order.id,
    fee: fromMinor(order.feeMinor, scale),
    feeCurrencyCode: order.currencyCode,
    approveType,
    link: `/history?transactionId=${order.id}`,
  }
  if (route !== 'execute') {
    await enqueueJobs(tx, [
      {
        kind: orderExpiryJobKind,
        payload: { orderId: order.id },
        runAt: new Date(Date.now() + holdLifetimeMs[route]),
      },
    ])
  }
  switch (route) {
    case 'execute':
      return { ...base, ...rpcSay('answer.transfers.submitted') }
    case 'approver':
      return {
        ...base,
        ...rpcSay('answer.transfers.approvalRequested'),
        approvalRequestCreated: true,
      }
    case 'claim': {
      const global = order.kind === 'global' ? await openGlobalPayment(tx, order) : undefined
      if (!global) await openClaim(tx, order)
      return {
        ...base,
        ...rpcSay('answer.transfers.heldForClaim', { email: order.toEmail ?? '' }),
        ...(global ? { paymentId: String(global.id) } : {}),
      }
    }
    case 'code': {
      const sent =
        approveType === ApprovalType.ApprovalCode || draft.oneCodeForMany
          ? undefined
          : await issueApprovalCode(tx, {
              customerId: order.customerId,
              userId: draft.acting.userId,
              purpose: 'transfer',
              orders: [order],
              declined: false,
              approveType,
            })
      return {
        ...base,
        ...rpcSay('answer.transfers.waitsForCode'),
        operationId: String(order.id),
        ...(sent ? { approvalSentTo: sent.approvalSentTo } : {}),
      }
    }
  }
}

/** Holds P2P money for an e-mail with no customer and e-mails the claim link to it. */
export async function openClaim(tx: Db, order: OrderRow): Promise<void> {
  if (!order.toEmail) throw new Error('assertion: a claim has an e-mail')
  const token = randomBytes(24).toString('base64url')
  await tx.insert(p2pClaims).values({
    orderId: order.id,
    email: order.toEmail,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + holdLifetimeMs.claim),
  })
  // The payee has no account yet: the sender's language is the best guess (decisions.md).
  const lang = await languageOfUser(tx, order.createdByUserId)
  const amount = fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: order.toEmail,
    lang,
    mail: 'p2pClaim',
    params: {
      amount: formatMoney(amount, order.toCurrencyCode, lang),
      link: `/register?claim=${token}`,
    },
  })
}

async function createSubscription(tx: Db, draft: OrderDraft, order: OrderRow): Promise<number> {
  const terms = draft.subscription!
  const runAt = firstRunAt(terms, new Date())
  const [row] = await tx
    .insert(transferSubscriptions)
    .values({
      customerId: order.customerId,
      userId: draft.acting.userId,
      kind: order.kind,
      fromAccountId: order.fromAccountId,
      toAccountId: order.toAccountId,
      toEmail: order.toEmail,
      request: draft.request,
      amountMinor: order.amountMinor,
      currencyCode: order.currencyCode,
      frequency: terms.frequency,
      endDate: terms.endDate ?? null,
      runsTotal: terms.runsTotal ?? null,
      runsDone: 1,
      userCanCancel: terms.userCanCancel,
      status: runAt ? 'active' : 'finished',
      nextRunAt: runAt ?? null,
    })
    .returning({ id: transferSubscriptions.id })
  if (!row) throw new Error('assertion: the subscription was inserted')
  if (runAt) {
    await enqueueJobs(tx, [
      { kind: subscriptionRunJobKind, payload: { subscriptionId: row.id, run: 2 }, runAt },
    ])
  }
  return row.id
}

export const subscriptionRunJobKind = 'transfers.subscription-run'
