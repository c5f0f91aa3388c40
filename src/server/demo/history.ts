// Demo data of the transaction history and mass transfers: payroll@nova.example, a business
// (Harbor Studio Ltd) with EUR and USD accounts and some two months of history made through
// the same code as the API, more than two pages of 20:
//   - P2P payments to four freelancers (customers known by a confirmed e-mail) and one to an
//     e-mail that is no customer yet (held for the claim, processing);
//   - conversions between its own accounts;
//   - a mass P2P payroll batch, paid (three lines, a file in the batch history);
//   - a batch of payroll.clerk@nova.example, a user with access right 3 (initiate) on the
//     company, waiting for the company's approval as a whole.
// It may send mass P2P, wire and EFT files; the mass P2P permission (sendMoneyMassUser) is
// also given to business@nova.example's company.
// Dates are moved into the past after each payment, so no day's limit is reached. Other demo
// customers' balances are left as they are (the suites count on them). Added once: the
// payroll user marks it done.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers, users } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { massBatches } from '../db/schema-mass.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { backdateDemoTransfers } from './ledger-dates.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { AccountType } from '../../generated/constants.ts'
import type { ActingUser } from '../transfers/acting-user.ts'
import { isFieldError, ownAccount, quoteOf } from '../transfers/transfer-quotes.ts'
import { submitOrder } from '../transfers/transfer-orders.ts'
import { submitP2pMass } from '../transfers/mass-p2p.ts'

export const demoPayroll = 'payroll@nova.example'
export const demoPayrollClerk = 'payroll.clerk@nova.example'

const freelancers = [
  { email: 'ana.silva@mail.example', firstName: 'Ana', lastName: 'Silva', country: 'PT' },
  { email: 'mihai.popescu@mail.example', firstName: 'Mihai', lastName: 'Popescu', country: 'RO' },
  { email: 'olena.koval@mail.example', firstName: 'Olena', lastName: 'Koval', country: 'UA' },
  { email: 'lucas.martin@mail.example', firstName: 'Lucas', lastName: 'Martin', country: 'ES' },
]

const dayMs = 86_400_000

export async function seedHistoryDemo(db: Db, password: string): Promise<void> {
  const [done] = await db.select().from(users).where(eq(users.username, demoPayroll))
  if (done) return
  await grantMass(db, 'business@nova.example')
  const { company, owner, clerk } = await insertPayrollCompany(db, password)
  await insertFreelancers(db)
  const eur = await fund(db, company, 'EUR', '20000.00', 62)
  const usd = await fund(db, company, 'USD', '3000.00', 61)
  const acting: ActingUser = { userId: owner, customerId: company, accessRight: 2 }
  await payFreelancers(db, acting, eur, usd)
  await payPayrolls(db, acting, clerk, eur)
}

/** Harbor Studio Ltd, its owner's user and the clerk with access right 3 on it. */
async function insertPayrollCompany(
  db: Db,
  password: string,
): Promise<{ company: number; owner: number; clerk: number }> {
  const company = await insertCustomer(db, {
    customerType: 2,
    businessName: 'Harbor Studio Ltd',
    firstName: 'Morgan',
    lastName: 'Reyes',
    email: demoPayroll,
    residenceCountryCode: 'LT',
    verified: true,
    // Its accounts are kept in this portal, not on the old web (post-login routing step 4).
    hasRelatedAccounts: true,
    permissions: {
      sendMoneyUser: true,
      transferMoneyUser: true,
      sendMoneyMassUser: true,
      sendMoneyMassWire: true,
      sendMoneyMassEft: true,
    },
  })
  const owner = await insertUser(db, demoPayroll, company, password)
  const clerkCustomer = await insertCustomer(db, {
    customerType: 0,
    firstName: 'Jamie',
    lastName: 'Fox',
    email: demoPayrollClerk,
    residenceCountryCode: 'LT',
    verified: true,
  })
  const clerk = await insertUser(db, demoPayrollClerk, clerkCustomer, password)
  await db
    .insert(companyUsers)
    .values({ companyCustomerId: company, userId: clerk, accessRight: 3 })
  return { company, owner, clerk }
}

/** The freelancers are customers known by a confirmed e-mail, so a P2P finds them. */
async function insertFreelancers(db: Db): Promise<void> {
  for (const person of freelancers) {
    const id = await insertCustomer(db, {
      customerType: 0,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      residenceCountryCode: person.country,
      verified: true,
    })
    await db.insert(customerEmails).values({
      customerId: id,
      emailAddress: person.email,
      isPrimary: true,
      confirmedAt: new Date(Date.now() - 400 * dayMs),
    })
  }
}

/** Fourteen payments, one every four days or so, and a conversion every twelve days. */
async function payFreelancers(db: Db, acting: ActingUser, eur: number, usd: number): Promise<void> {
  const notes = ['Logo design', 'Illustrations', 'Copy editing', 'Photo retouching']
  for (let i = 0; i < 14; i++) {
    const person = freelancers[i % freelancers.length]!
    const amount = `${(120 + i * 37.5).toFixed(2)}`
    await p2p(
      db,
      acting,
      eur,
      person.email,
      amount,
      `${notes[i % notes.length]} #${i + 1}`,
      58 - i * 4,
    )
    if (i % 3 === 1) await convert(db, acting, eur, usd, `${200 + i * 10}.00`, 57 - i * 4)
  }
}

/**
 * The paid October batch, a payment held for an e-mail that is no customer yet, and the
 * clerk's November batch that waits for the company's approval.
 */
async function payPayrolls(db: Db, acting: ActingUser, clerk: number, eur: number): Promise<void> {
  await massFile(
    db,
    acting,
    eur,
    'demo-history-payroll-1',
    'payroll-october.csv',
    [
      'email,amount,currency,note',
      'ana.silva@mail.example,850.00,EUR,October payroll',
      'mihai.popescu@mail.example,920.00,EUR,October payroll',
      'olena.koval@mail.example,780.00,EUR,October payroll',
    ].join('\n'),
    20,
  )
  await p2p(db, acting, eur, 'new.hire@mail.example', '150.00', 'Signing bonus', 2)
  await massFile(
    db,
    { userId: clerk, customerId: acting.customerId, accessRight: 3 },
    eur,
    'demo-history-payroll-2',
    'payroll-november.csv',
    [
      'email,amount,currency,note',
      'ana.silva@mail.example,870.00,EUR,November payroll',
      'mihai.popescu@mail.example,940.00,EUR,November payroll',
      'lucas.martin@mail.example,610.00,EUR,November payroll',
    ].join('\n'),
    1,
  )
}

async function grantMass(db: Db, username: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  if (!user) return
  await db
    .update(customers)
    .set({ permissions: sql`${customers.permissions} || '{"sendMoneyMassUser": true}'::jsonb` })
    .where(eq(customers.id, user.customerId))
}

async function insertCustomer(db: Db, values: typeof customers.$inferInsert): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id })
  if (!row) throw new Error('assertion: demo customer inserted')
  return row.id
}

async function insertUser(db: Db, username: string, customerId: number, password: string) {
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      customerId,
      loginFlow: 'simple',
    })
    .returning({ id: users.id })
  if (!row) throw new Error('assertion: demo user inserted')
  return row.id
}

async function fund(
  db: Db,
  customerId: number,
  currencyCode: string,
  opening: string,
  daysAgo: number,
): Promise<number> {
  const accountId = await openCustomerAccount(db, {
    customerId,
    currencyCode,
    type: AccountType.Payment,
  })
  const clearing = await houseAccount(db, 'clearing:demo', currencyCode)
  const minor = toMinor(opening, scaleOf(currencyCode))
  const posted = await postTransfer(db, {
    idempotencyKey: `demo-opening:${demoPayroll}:${currencyCode}`,
    kind: 'demo_opening',
    description: 'Demo opening balance',
    postings: [
      { accountId: clearing, currencyCode, amountMinor: -minor },
      { accountId, currencyCode, amountMinor: minor },
    ],
  })
  if (!('transferId' in posted)) throw new Error(`assertion: demo opening ${posted.outcome}`)
  await backdateDemoTransfers(db, [posted.transferId], new Date(Date.now() - daysAgo * dayMs))
  return accountId
}

async function account(db: Db, customerId: number, id: number) {
  const row = await ownAccount(db, customerId, id)
  if (!row) throw new Error(`assertion: demo account ${id}`)
  return row
}

/** Moves an order (and its ledger transfer) `daysAgo` days into the past, at a working hour. */
async function backdate(db: Db, reply: { body: unknown }, daysAgo: number): Promise<void> {
  const body = reply.body as { responseCode?: string; transactionId?: number }
  if (body.responseCode !== '00' || body.transactionId === undefined) {
    throw new Error(`assertion: demo payment made: ${JSON.stringify(body)}`)
  }
  const at = new Date(Date.now() - daysAgo * dayMs)
  at.setUTCHours(9 + (daysAgo % 8), (daysAgo * 7) % 60, 0, 0)
  const [order] = await db
    .select({ ledgerTransferId: transferOrders.ledgerTransferId, status: transferOrders.status })
    .from(transferOrders)
    .where(eq(transferOrders.id, body.transactionId))
  await db
    .update(transferOrders)
    .set({ createdAt: at, ...(order?.status === 'completed' ? { completedAt: at } : {}) })
    .where(eq(transferOrders.id, body.transactionId))
  if (order?.ledgerTransferId) await backdateDemoTransfers(db, [order.ledgerTransferId], at)
}

async function p2p(
  db: Db,
  acting: ActingUser,
  fromId: number,
  toEmail: string,
  amount: string,
  note: string,
  daysAgo: number,
): Promise<void> {
  const from = await account(db, acting.customerId, fromId)
  const quote = quoteOf('p2p', from, from.currencyCode, amount, from.currencyCode, {
    amount: 'amount',
    currency: 'currency',
  })
  if (isFieldError(quote)) throw new Error(`assertion: demo quote: ${quote.text.key}`)
  const [payee] = await db
    .select({ customerId: customerEmails.customerId })
    .from(customerEmails)
    .where(eq(customerEmails.emailAddress, toEmail))
  const name = freelancers.find((f) => f.email === toEmail)
  const key = `demo-history-p2p-${daysAgo}-${toEmail}`
  const reply = await submitOrder(db, {
    kind: 'p2p',
    acting,
    idempotencyKey: key,
    request: { accountId: fromId, toEmail, amount, note, idempotencyKey: key },
    fields: { amount: 'amount', from: 'accountId', to: 'toEmail' },
    from,
    toEmail,
    ...(payee ? { toCustomerId: payee.customerId } : {}),
    currencyCode: from.currencyCode,
    toCurrencyCode: from.currencyCode,
    ...quote,
    details: { note, ...(name ? { payeeName: `${name.firstName} ${name.lastName}` } : {}) },
  })
  await backdate(db, reply, daysAgo)
}

async function convert(
  db: Db,
  acting: ActingUser,
  fromId: number,
  toId: number,
  amount: string,
  daysAgo: number,
): Promise<void> {
  const from = await account(db, acting.customerId, fromId)
  const to = await account(db, acting.customerId, toId)
  const quote = quoteOf('betweenAccounts', from, to.currencyCode, amount, from.currencyCode, {
    amount: 'toAmount',
    currency: 'currency',
  })
  if (isFieldError(quote)) throw new Error(`assertion: demo quote: ${quote.text.key}`)
  const key = `demo-history-convert-${daysAgo}`
  const reply = await submitOrder(db, {
    kind: 'betweenAccounts',
    acting,
    idempotencyKey: key,
    request: { toAmount: amount, fromAccount: fromId, toAccount: toId, idempotencyKey: key },
    fields: { amount: 'toAmount', from: 'fromAccount', to: 'toAccount' },
    from,
    to,
    currencyCode: from.currencyCode,
    toCurrencyCode: to.currencyCode,
    ...quote,
  })
  await backdate(db, reply, daysAgo)
}

async function massFile(
  db: Db,
  acting: ActingUser,
  accountId: number,
  key: string,
  fileName: string,
  csv: string,
  daysAgo: number,
): Promise<void> {
  const reply = await submitP2pMass(db, {
    acting,
    accountId,
    idempotencyKey: key,
    source: 'file',
    field: 'file',
    fileName,
    mimeType: 'text/csv',
    content: Buffer.from(csv, 'utf8'),
  })
  const body = reply.body as { responseCode?: string; batchId?: number }
  if (body.responseCode !== '00' || body.batchId === undefined) {
    throw new Error(`assertion: demo batch made: ${JSON.stringify(body)}`)
  }
  const at = new Date(Date.now() - daysAgo * dayMs)
  await db.update(massBatches).set({ createdAt: at }).where(eq(massBatches.id, body.batchId))
  const orders = await db
    .select({ id: transferOrders.id })
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, acting.customerId),
        sql`${transferOrders.details}->>'massBatchId' = ${String(body.batchId)}`,
      ),
    )
  for (const order of orders) {
    await backdate(db, { body: { responseCode: '00', transactionId: order.id } }, daysAgo)
  }
}
