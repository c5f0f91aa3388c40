// Demo invoices (issue 16): demo@nova.example may ask for money (requestMoney), holds an
// unpaid invoice from business@nova.example (Northwind Trading, EUR) to pay or reject, and
// has sent one to business@ (USD) that waits for payment. Seeded last, so the demo ids before
// it stay what the tests name; seeded once (nothing happens when demo@ has invoices already).
import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { invoices } from '../db/schema-invoices.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'

async function customerIdOf(db: Db, username: string): Promise<number | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  return user?.customerId
}

async function activeAccount(db: Db, customerId: number, currency: string) {
  const accounts = await paymentAccountsIn(db, [customerId], currency)
  return accounts.find((row) => row.statusId === AccountStatus.Active)?.id
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

export async function seedInvoicesDemo(db: Db): Promise<void> {
  const demo = await customerIdOf(db, 'demo@nova.example')
  const business = await customerIdOf(db, 'business@nova.example')
  const demoUser = (await db.select().from(users).where(eq(users.username, 'demo@nova.example')))[0]
  const businessUser = (
    await db.select().from(users).where(eq(users.username, 'business@nova.example'))
  )[0]
  if (!demo || !business || !demoUser || !businessUser) return
  await db
    .update(customers)
    .set({ permissions: sql`${customers.permissions} || '{"requestMoney": true}'::jsonb` })
    .where(eq(customers.id, demo))
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(or(eq(invoices.payeeCustomerId, demo), eq(invoices.payerCustomerId, demo)))
  if (existing) return
  const businessEur = await activeAccount(db, business, 'EUR')
  const demoUsd = await activeAccount(db, demo, 'USD')
  if (!businessEur || !demoUsd) return
  await db.insert(invoices).values([
    {
      payeeCustomerId: business,
      payeeAccountId: businessEur,
      createdByUserId: businessUser.id,
      payerEmail: 'demo@nova.example',
      payerCustomerId: demo,
      currencyCode: 'EUR',
      amountMinor: 12000n,
      noteBody: 'Design workshop, November',
      dueDate: daysFromNow(30),
    },
    {
      payeeCustomerId: demo,
      payeeAccountId: demoUsd,
      createdByUserId: demoUser.id,
      payerEmail: 'business@nova.example',
      payerCustomerId: business,
      currencyCode: 'USD',
      amountMinor: 4500n,
      noteBody: 'Conference tickets',
    },
  ])
}
