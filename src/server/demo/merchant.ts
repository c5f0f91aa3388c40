// Demo merchant data of business@nova.example (called by src/server/demo/seed.ts): two
// logos, three saved buttons, reputation entries about payers, 60 subscribers with their
// installments (more than one page of 50) and 33 IPN messages, 30 of them about completed
// payments (more than one page of 25). Added once; a merchant that has subscribers is done.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import {
  merchantInstallments,
  merchantIpnMessages,
  merchantLogos,
  merchantPaymentButtons,
  merchantReputationEntries,
  merchantSubscribers,
} from '../db/schema-merchant.ts'
import { customerAccounts } from '../ledger/balances.ts'

const merchantUsername = 'business@nova.example'
const hourMs = 3_600_000
const dayMs = 24 * hourMs

/** A 1x1 PNG and a small passive SVG: real images that pass the upload checks. */
const demoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const demoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32">' +
    '<rect width="120" height="32" rx="6" fill="#0b5fff"/>' +
    '<text x="60" y="21" font-size="14" text-anchor="middle" fill="#fff">Northwind</text></svg>',
  'utf8',
)

const firstNames = ['Ava', 'Ben', 'Chloe', 'Dan', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon']
const lastNames = ['Kowalski', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Petrov']
const frequencies = ['monthly', 'weekly', 'daily'] as const

function ago(ms: number, now: Date): Date {
  return new Date(now.getTime() - ms)
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export async function seedMerchantDemo(db: Db, now = new Date()): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.username, merchantUsername))
  if (!user) return
  const customerId = user.customerId
  const [seeded] = await db
    .select({ id: merchantSubscribers.id })
    .from(merchantSubscribers)
    .where(eq(merchantSubscribers.customerId, customerId))
    .limit(1)
  if (seeded) return
  const accounts = await customerAccounts(db, customerId)
  const eur = accounts.find((account) => account.currencyCode === 'EUR')
  const usd = accounts.find((account) => account.currencyCode === 'USD')
  if (!eur || !usd) throw new Error('assertion: the demo merchant has EUR and USD accounts')
  const buttonIds = await seedLogosAndButtons(db, customerId, eur.id, usd.id, now)
  await seedReputation(db, customerId, now)
  await seedSubscribers(db, customerId, buttonIds, now)
  await seedIpnMessages(db, customerId, now)
}

async function seedLogosAndButtons(
  db: Db,
  customerId: number,
  eurAccountId: number,
  usdAccountId: number,
  now: Date,
): Promise<number[]> {
  const logos = await db
    .insert(merchantLogos)
    .values([
      {
        customerId,
        name: 'Northwind mark',
        isDefault: true,
        contentType: 'image/png',
        sizeBytes: demoPng.length,
        content: demoPng,
        createdAt: ago(20 * dayMs, now),
      },
      {
        customerId,
        name: 'Northwind wordmark',
        contentType: 'image/svg+xml',
        sizeBytes: demoSvg.length,
        content: demoSvg,
        createdAt: ago(10 * dayMs, now),
      },
    ])
    .returning({ id: merchantLogos.id })
  const logoId = logos[0]?.id
  const shop = 'https://shop.northwind.example'
  const buttons = await db
    .insert(merchantPaymentButtons)
    .values([
      {
        customerId,
        name: 'Annual licence',
        accountId: eurAccountId,
        itemName: 'Northwind Pro, one year',
        itemNumber: 'NW-PRO-1Y',
        amountMinor: 12000n,
        currencyCode: 'EUR',
        logoId,
        returnUrl: `${shop}/thanks`,
        cancelUrl: `${shop}/cart`,
        createdAt: ago(15 * dayMs, now),
        updatedAt: ago(15 * dayMs, now),
      },
      {
        customerId,
        name: 'Consulting hour',
        accountId: eurAccountId,
        itemName: 'One hour of consulting',
        amountMinor: 8550n,
        currencyCode: 'EUR',
        createdAt: ago(12 * dayMs, now),
        updatedAt: ago(12 * dayMs, now),
      },
      {
        customerId,
        name: 'Donation',
        accountId: usdAccountId,
        currencyCode: 'USD',
        notifyUrl: `${shop}/pbn`,
        createdAt: ago(5 * dayMs, now),
        updatedAt: ago(5 * dayMs, now),
      },
    ])
    .returning({ id: merchantPaymentButtons.id })
  return buttons.map((button) => button.id)
}

async function seedReputation(db: Db, customerId: number, now: Date): Promise<void> {
  const entries = [
    ['ava.kowalski@mail.example', true, false, 900, 14, 1, 0],
    ['ben.lopez@mail.example', true, false, 420, 3, 0, 0],
    ['chloe.moreau@mail.example', false, false, 30, 1, 0, 0],
    ['dan.novak@mail.example', true, true, 700, 22, 4, 2],
    ['demo@nova.example', true, false, 400, 6, 0, 0],
    ['elena.okafor@mail.example', true, false, 1200, 40, 2, 0],
    ['farid.petrov@mail.example', false, true, 12, 2, 1, 1],
  ] as const
  // Regular payers beyond the notable ones, so the list (100 a page) has a second page.
  const regulars = Array.from({ length: 118 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0')
    return [
      `payer${n}@mail.example`,
      i % 3 !== 0,
      false,
      60 + i * 3,
      1 + (i % 12),
      i % 17 === 0 ? 1 : 0,
      0,
    ] as const
  })
  await db.insert(merchantReputationEntries).values(
    [...entries, ...regulars].map(
      ([email, verified, limited, days, transactions, refunds, chargebacks]) => ({
        customerId,
        email,
        verified,
        limited,
        registeredAt: ago(days * dayMs, now),
        transactionCount: transactions,
        refundCount: refunds,
        chargebackCount: chargebacks,
      }),
    ),
  )
}

async function seedSubscribers(
  db: Db,
  customerId: number,
  buttonIds: number[],
  now: Date,
): Promise<void> {
  const count = 60
  const rows = Array.from({ length: count }, (_, index) => {
    const n = index + 1
    const first = firstNames[index % firstNames.length] ?? 'Ava'
    const last = lastNames[index % lastNames.length] ?? 'Novak'
    const cancelled = n % 7 === 0
    // Subscriber 1 is the oldest; the newest (60) was created an hour ago.
    const createdAt = ago((count - index) * hourMs * 12, now)
    return {
      customerId,
      email: `subscriber${String(n).padStart(2, '0')}@mail.example`,
      name: `${first} ${last}`,
      buttonId: buttonIds[index % buttonIds.length] ?? null,
      amountMinor: BigInt(500 + (index % 5) * 250),
      currencyCode: index % 3 === 2 ? 'USD' : 'EUR',
      frequency: frequencies[index % frequencies.length] ?? 'monthly',
      status: cancelled ? 'cancelled' : 'active',
      startDate: dayOf(createdAt),
      nextPaymentDate: cancelled
        ? null
        : dayOf(new Date(now.getTime() + ((index % 28) + 1) * dayMs)),
      cancelledAt: cancelled ? ago(dayMs, now) : null,
      createdAt,
    }
  })
  const subscribers = await db.insert(merchantSubscribers).values(rows).returning()
  const installments = subscribers.flatMap((subscriber, index) =>
    Array.from({ length: (index % 4) + 1 }, (_, k) => ({
      subscriberId: subscriber.id,
      amountMinor: subscriber.amountMinor,
      currencyCode: subscriber.currencyCode,
      // Every fifth subscriber's latest payment failed.
      status: k === 0 && index % 5 === 4 ? 'failed' : 'paid',
      paidAt: ago((k * 30 + 1) * dayMs, now),
    })),
  )
  await db.insert(merchantInstallments).values(installments)
}

async function seedIpnMessages(db: Db, customerId: number, now: Date): Promise<void> {
  const notifyUrl = 'https://shop.northwind.example/ipn'
  // 30 about completed payments (status 1, the default filter), then 3 about refunds (2).
  const rows = Array.from({ length: 33 }, (_, index) => {
    const statusId = index < 30 ? 1 : 2
    const delivered = index % 6 !== 5
    const createdAt = ago((index + 1) * 6 * hourMs, now)
    const transactionId = 700001 + index
    return {
      customerId,
      transactionId,
      notifyUrl,
      statusId,
      attempts: delivered ? 1 : 3,
      httpStatus: delivered ? 200 : 503,
      payload: JSON.stringify({
        transactionId,
        statusId,
        amount: `${10 + index}.00`,
        currencyCode: 'EUR',
        payerEmail: `subscriber${String((index % 60) + 1).padStart(2, '0')}@mail.example`,
      }),
      confirmedAt: delivered && index % 3 === 0 ? ago(index * 6 * hourMs, now) : null,
      createdAt,
    }
  })
  await db.insert(merchantIpnMessages).values(rows)
}
