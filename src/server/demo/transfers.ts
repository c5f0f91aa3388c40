// Demo data of money movement: initiator@nova.example, a user with access right 3 (initiate)
// on business@nova.example's company, whose transfers become approval requests for the
// company's approvers (product-spec section 4); the P2P and crypto-funding permissions for the
// company; and, for the company, transfers waiting at each approval step, made through the
// same code as the API (test/conformance/happy-paths/transfers.yaml names them):
//   700001  EUR 250.00 to its USD account, waiting for an approver;
//   700002  EUR 120.00 likewise, with business@'s approval waiting for code 246810 (810001);
//   700003  USD 10.00 to its EUR account, waiting for the customer's code 135246;
//   700004  USD 5.00 likewise, waiting for code 135247.
// Demo codes live 30 days; the holds of 700003 and 700004 expire after 30 minutes of a
// running server, like any hold waiting for a code. Added once: the initiator's user row
// marks it done.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { companyUsers } from '../db/schema-security.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { isFieldError, ownAccount, quoteOf } from '../transfers/transfer-quotes.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { submitOrder } from '../transfers/transfer-orders.ts'
import { issueApprovalCode, type OrderRow } from '../transfers/approval-codes.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { AccountType } from '../../generated/constants.ts'

export const demoInitiator = 'initiator@nova.example'
export const demoApprover = 'approver@nova.example'

export async function seedTransfersDemo(db: Db, password: string): Promise<void> {
  const [company] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'business@nova.example'))
  if (!company) return
  const [existing] = await db.select().from(users).where(eq(users.username, demoInitiator))
  if (existing) return
  const initiator = { firstName: 'Riley', lastName: 'Quinn' }
  const userId = await insertCompanyUser(
    db,
    company.customerId,
    demoInitiator,
    initiator,
    3,
    password,
  )
  await db
    .update(customers)
    .set({
      permissions: sql`${customers.permissions} || '{"sendMoneyUser": true, "transferMoneyUser": true, "addFundsCrypto": true, "sendMoneyGlobalTransfer": true, "sendMoneyMassGlobalTransfer": true}'::jsonb`,
    })
    .where(and(eq(customers.id, company.customerId)))
  await seedWaitingTransfers(db, company.customerId, userId)
}

/**
 * approver@nova.example, a user with access right 4 (confirmed) on business@nova.example's
 * company: approves or declines its transfer requests and moves no money itself.
 */
export async function seedApproverDemo(db: Db, password: string): Promise<void> {
  const [company] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'business@nova.example'))
  const [existing] = await db.select().from(users).where(eq(users.username, demoApprover))
  if (!company || existing) return
  const approver = { firstName: 'Avery', lastName: 'Stone' }
  await insertCompanyUser(db, company.customerId, demoApprover, approver, 4, password)
}

/** A personal customer with a sign-in, holding an access right on a company. */
async function insertCompanyUser(
  db: Db,
  companyId: number,
  username: string,
  names: { firstName: string; lastName: string },
  accessRight: number,
  password: string,
): Promise<number> {
  const [customer] = await db
    .insert(customers)
    .values({
      customerType: 0,
      ...names,
      email: username,
      residenceCountryCode: 'LT',
      verified: true,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error(`assertion: demo customer ${username} inserted`)
  const [user] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      customerId: customer.id,
      loginFlow: 'simple',
    })
    .returning({ id: users.id })
  if (!user) throw new Error(`assertion: demo user ${username} inserted`)
  await db
    .insert(companyUsers)
    .values({ companyCustomerId: companyId, userId: user.id, accessRight })
  return user.id
}

const demoCodeLifetimeMs = 30 * 86_400_000

async function seedWaitingTransfers(db: Db, companyId: number, initiatorId: number) {
  const [owner] = await db.select().from(users).where(eq(users.username, 'business@nova.example'))
  const accounts = (await customerAccounts(db, companyId)).filter(
    (account) => account.type === AccountType.Payment,
  )
  const eur = accounts.find((a) => a.currencyCode === 'EUR')
  const usd = accounts.find((a) => a.currencyCode === 'USD')
  if (!owner || !eur || !usd) return
  const between = async (
    key: string,
    userId: number,
    accessRight: number,
    from: typeof eur,
    to: typeof eur,
    amount: string,
  ) => {
    const reply = await submitOrder(db, {
      kind: 'betweenAccounts',
      acting: { userId, customerId: companyId, accessRight },
      idempotencyKey: key,
      request: { toAmount: amount, fromAccount: from.id, toAccount: to.id, idempotencyKey: key },
      fields: { amount: 'toAmount', from: 'fromAccount', to: 'toAccount' },
      from: (await ownAccount(db, companyId, from.id))!,
      to: (await ownAccount(db, companyId, to.id))!,
      currencyCode: from.currencyCode,
      toCurrencyCode: to.currencyCode,
      ...quoteOrThrow(
        quoteOf('betweenAccounts', from, to.currencyCode, amount, from.currencyCode, {
          amount: 'toAmount',
          currency: 'currency',
        }),
      ),
    })
    const id = (reply.body as { transactionId?: number }).transactionId
    const [order] = await db
      .select()
      .from(transferOrders)
      .where(eq(transferOrders.id, id ?? 0))
    if (!order)
      throw new Error(`assertion: demo transfer ${key} was made: ${JSON.stringify(reply.body)}`)
    return order
  }
  await between('demo-approval-request-1', initiatorId, 3, eur, usd, '250.00')
  const second = await between('demo-approval-request-2', initiatorId, 3, eur, usd, '120.00')
  await issueApprovalCode(db, {
    customerId: companyId,
    userId: owner.id,
    purpose: 'businessDecision',
    orders: [second],
    declined: false,
    approveType: 2,
    fixed: { code: '246810', lifetimeMs: demoCodeLifetimeMs },
  })
  await db
    .update(customers)
    .set({ transactionApproveMode: 'sms' })
    .where(eq(customers.id, companyId))
  try {
    const third = await between('demo-code-transfer-1', owner.id, 2, usd, eur, '10.00')
    await fixedTransferCode(db, companyId, owner.id, third, '135246')
    const fourth = await between('demo-code-transfer-2', owner.id, 2, usd, eur, '5.00')
    await fixedTransferCode(db, companyId, owner.id, fourth, '135247')
  } finally {
    await db
      .update(customers)
      .set({ transactionApproveMode: 'simple' })
      .where(eq(customers.id, companyId))
  }
}

async function fixedTransferCode(
  db: Db,
  customerId: number,
  userId: number,
  order: OrderRow,
  code: string,
) {
  await issueApprovalCode(db, {
    customerId,
    userId,
    purpose: 'transfer',
    orders: [order],
    declined: false,
    approveType: 2,
    fixed: { code, lifetimeMs: demoCodeLifetimeMs },
  })
}

function quoteOrThrow<T extends object>(quote: T | FieldError): T {
  if (isFieldError(quote)) throw new Error(`assertion: demo quote: ${quote.text.key}`)
  return quote as T
}
