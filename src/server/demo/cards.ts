// Demo cards (issue 17): demo@nova.example holds a virtual prepaid card, an active physical
// debit card with a purchase waiting to settle, and a card shipped to them waiting for its
// activation; director@nova.example holds a paused and a fraud card, so every branch of the
// card pages shows. Balances come from the demo clearing account, as the opening balances do,
// so the payment accounts' balances stay what the other tests expect. Seeded last: the cards'
// account ids follow every other demo account's.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { cardRecords } from '../db/schema-cards.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { changeCardRecord } from '../cards/card-records.ts'
import { openCard } from '../cards/card-issue.ts'
import { productOf } from '../cards/card-quotes.ts'
import { AccountStatus, AccountType } from '../../generated/constants.ts'

const S = AccountStatus

interface DemoCard {
  key: string
  type: number
  /** Where it ends: cards are opened active, funded, then moved. */
  statusId: number
  alias?: string
  fundMinor?: bigint
  /** A purchase held on the card. */
  hold?: { minor: bigint; merchant: string }
}

const demoCards: Record<string, DemoCard[]> = {
  'demo@nova.example': [
    { key: 'virtual', type: 2006, statusId: S.Active, alias: 'Online shopping', fundMinor: 15000n },
    {
      key: 'debit',
      type: 2020,
      statusId: S.Active,
      fundMinor: 20000n,
      hold: { minor: 450n, merchant: 'Coffee Corner' },
    },
    { key: 'shipped', type: 2011, statusId: S.Shipped },
  ],
  'director@nova.example': [
    { key: 'paused', type: 2010, statusId: S.Paused, alias: 'Travel', fundMinor: 4000n },
    { key: 'fraud', type: 2020, statusId: S.Fraud, fundMinor: 1500n },
  ],
}

async function customerIdOf(db: Db, username: string): Promise<number | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  return user?.customerId
}

/** The customer's active payment account in the currency, opened with 500.00 when missing. */
async function settlementAccount(db: Db, customerId: number, username: string, currency: string) {
  const [existing] = await paymentAccountsIn(db, [customerId], currency)
  if (existing) return existing.id
  const accountId = await openCustomerAccount(db, {
    customerId,
    currencyCode: currency,
    type: AccountType.Payment,
  })
  await fromClearing(db, `demo-opening:${username}:${currency}`, accountId, currency, 50000n)
  return accountId
}

async function fromClearing(
  db: Db,
  key: string,
  accountId: number,
  currencyCode: string,
  minor: bigint,
  hold?: string,
) {
  const clearing = await houseAccount(db, 'clearing:demo', currencyCode)
  const [from, to] = hold ? [accountId, clearing] : [clearing, accountId]
  await postTransfer(db, {
    idempotencyKey: key,
    kind: hold ? 'card_authorization' : 'demo_opening',
    description: hold ?? 'Demo card balance',
    ...(hold ? { status: 'pending' as const } : {}),
    postings: [
      { accountId: from, currencyCode, amountMinor: -minor },
      { accountId: to, currencyCode, amountMinor: minor },
    ],
  })
}

async function seedCard(db: Db, customerId: number, username: string, demo: DemoCard) {
  const product = productOf(demo.type)
  if (!product) throw new Error(`assertion: product ${demo.type} exists`)
  const settlement = await settlementAccount(db, customerId, username, product.currencyCode)
  const accountId = await openCard(db, {
    customerId,
    product,
    statusId: S.Active,
    settlementAccountId: settlement,
    feeAccountId: settlement,
    applicationKey: `demo-card-${demo.key}`,
    ...(demo.alias ? { cardAliasName: demo.alias } : {}),
    ...(product.cardIsVirtual ? {} : { shippingId: 1 }),
  })
  const key = `demo-card:${username}:${demo.key}`
  if (demo.fundMinor) await fromClearing(db, key, accountId, product.currencyCode, demo.fundMinor)
  if (demo.hold) {
    const { minor, merchant } = demo.hold
    await fromClearing(db, `${key}:hold`, accountId, product.currencyCode, minor, merchant)
  }
  await changeCardRecord(db, accountId, {
    confirmedAt: new Date(),
    ...(demo.statusId === S.Shipped ? {} : { activatedAt: new Date() }),
  })
  if (demo.statusId !== S.Active)
    await changeCardAccount(db, accountId, { statusId: demo.statusId })
}

export async function seedCardsDemo(db: Db): Promise<void> {
  for (const [username, cards] of Object.entries(demoCards)) {
    const customerId = await customerIdOf(db, username)
    if (customerId === undefined) continue
    const [seeded] = await db
      .select({ id: cardRecords.accountId })
      .from(cardRecords)
      .where(eq(cardRecords.customerId, customerId))
    if (seeded) continue
    for (const card of cards) await seedCard(db, customerId, username, card)
  }
}
