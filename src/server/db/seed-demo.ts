// Demo data for `npm start` and the tests: a personal customer with USD and EUR accounts,
// a business customer and an administrator. Balances are real ledger transfers from the
// demo clearing account, so the ledger's invariants hold for demo data too.
import { eq } from 'drizzle-orm'
import type { Db } from './open-database.ts'
import { customers, users } from './schema.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { AccountType } from '../../shared/account-flags.ts'

export const demoPassword = 'Demo-2026!'

interface DemoCustomer {
  username: string
  loginFlow: 'simple' | 'direct'
  customer: typeof customers.$inferInsert
  /** Opening balances, and an optional pending hold on the first account. */
  accounts: { currencyCode: string; opening: string; hold?: string }[]
}

export const demoCustomers: DemoCustomer[] = [
  {
    username: 'demo@nova.example',
    loginFlow: 'direct',
    customer: {
      customerType: 0,
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'demo@nova.example',
      residenceCountryCode: 'GB',
      birthDay: '1990-04-12',
      verified: true,
      permissions: { sendMoneyUser: true, transferMoneyUser: true },
    },
    accounts: [
      { currencyCode: 'USD', opening: '1250.75', hold: '25.00' },
      { currencyCode: 'EUR', opening: '980.40' },
    ],
  },
  {
    username: 'business@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 2,
      businessName: 'Northwind Trading Ltd',
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'business@nova.example',
      residenceCountryCode: 'LT',
      verified: true,
    },
    accounts: [
      { currencyCode: 'EUR', opening: '15400.00' },
      { currencyCode: 'USD', opening: '7200.50' },
    ],
  },
  {
    username: 'admin@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 0,
      firstName: 'Robin',
      lastName: 'Admin',
      email: 'admin@nova.example',
      isAdmin: true,
      verified: true,
    },
    accounts: [],
  },
]

export async function seedDemo(db: Db): Promise<void> {
  for (const demo of demoCustomers) {
    const [existing] = await db.select().from(users).where(eq(users.username, demo.username))
    if (existing) continue
    const [customer] = await db.insert(customers).values(demo.customer).returning()
    if (!customer) throw new Error('assertion: demo customer inserted')
    await db.insert(users).values({
      username: demo.username,
      passwordHash: await hashPassword(demoPassword),
      customerId: customer.id,
      loginFlow: demo.loginFlow,
    })
    for (const account of demo.accounts) {
      await fundDemoAccount(db, customer.id, demo.username, account)
    }
  }
}

async function fundDemoAccount(
  db: Db,
  customerId: number,
  username: string,
  account: DemoCustomer['accounts'][number],
): Promise<void> {
  const { currencyCode } = account
  const scale = scaleOf(currencyCode)
  const accountId = await openCustomerAccount(db, {
    customerId,
    currencyCode,
    type: AccountType.Payment,
  })
  const clearing = await houseAccount(db, 'clearing:demo', currencyCode)
  const opening = toMinor(account.opening, scale)
  await postTransfer(db, {
    idempotencyKey: `demo-opening:${username}:${currencyCode}`,
    kind: 'demo_opening',
    description: 'Demo opening balance',
    postings: [
      { accountId: clearing, currencyCode, amountMinor: -opening },
      { accountId, currencyCode, amountMinor: opening },
    ],
  })
  if (account.hold) {
    const hold = toMinor(account.hold, scale)
    await postTransfer(db, {
      idempotencyKey: `demo-hold:${username}:${currencyCode}`,
      kind: 'demo_card_hold',
      description: 'Card authorisation hold',
      status: 'pending',
      postings: [
        { accountId, currencyCode, amountMinor: -hold },
        { accountId: clearing, currencyCode, amountMinor: hold },
      ],
    })
  }
}
