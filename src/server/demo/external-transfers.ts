// Demo data of external transfers for demo@nova.example: the section 6 flags of the six
// external kinds (own and third party), and past transfers made through the same code as the
// API, each saving its template and payee: a wire to Berlin and a card payout settled, a
// crypto transfer settled, and an Interac e-transfer to the built-in rail's test payee
// "Returned Payee" that came back. An incoming transfer of the same total keeps the demo
// balances as they were before these existed (the transfer suites count on them). Added
// once: the first template marks it done.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { jobs } from '../db/schema-jobs.ts'
import { paymentTemplates } from '../db/schema-payees.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { houseAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { balancesOf, customerAccounts } from '../ledger/balances.ts'
import { builtInRailJobKind, returnedReason } from '../adapters/rail/built-in-rail.ts'
import { submitExternalTransfer } from '../transfers/external-transfers.ts'
import { recordRailOutcome } from '../transfers/rail-outcomes.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

/** Section 6 flags of the external kinds: withdraw to own account, and send to others. */
export const externalDemoFlags = {
  Wire: true,
  Bank: true,
  ToCard: true,
  Crypto: true,
  InstantPayment: true,
  Interac: true,
  sendMoneyWire: true,
  sendMoneyEft: true,
  sendMoneyCreditCard: true,
  sendCryptoEft: true,
  sendMoneyInstantPayment: true,
  sendMoneyInterac: true,
}

interface PastTransfer {
  kind: ExternalTransferType
  daysAgo: number
  request: Record<string, unknown>
}

const pastTransfers: PastTransfer[] = [
  {
    kind: 'wire',
    daysAgo: 9,
    request: {
      amount: '150.00',
      currencyCode: 'USD',
      countryCode: 'DE',
      beneficiaryName: 'Jamie Fischer',
      beneficiaryAddress: 'Torstrasse 12, 10119 Berlin',
      iban: 'DE89370400440532013000',
      swift: 'COBADEFFXXX',
      reference: 'Flat deposit',
      permission: '3d',
      templateName: 'Jamie in Berlin',
    },
  },
  {
    kind: 'oct',
    daysAgo: 6,
    request: {
      amount: '40.00',
      currencyCode: 'USD',
      cardNumber: '4147201234000008',
      cardHolderName: 'Alex Morgan',
      permission: 'own',
      templateName: 'My Lakeshore card',
    },
  },
  {
    kind: 'crypto_eft',
    daysAgo: 4,
    request: {
      amount: '25.00',
      currencyCode: 'ETH',
      network: 'ethereum',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      beneficiaryName: 'Alex Morgan',
      permission: 'own',
      templateName: 'Cold wallet',
    },
  },
  {
    kind: 'interac',
    daysAgo: 2,
    request: {
      amount: '30.00',
      currencyCode: 'CAD',
      email: 'returned@rail.example',
      beneficiaryName: 'Returned Payee',
      permission: '3d',
      templateName: 'Returned payee (test)',
    },
  },
]

export async function seedExternalDemo(db: Db): Promise<void> {
  const [demo] = await db
    .select({ userId: users.id, customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'demo@nova.example'))
  if (!demo) return
  const [done] = await db
    .select({ id: paymentTemplates.id })
    .from(paymentTemplates)
    .where(eq(paymentTemplates.customerId, demo.customerId))
    .limit(1)
  if (done) return
  await db
    .update(customers)
    .set({
      permissions: sql`${customers.permissions} || ${JSON.stringify(externalDemoFlags)}::jsonb`,
    })
    .where(eq(customers.id, demo.customerId))
  const usd = (await customerAccounts(db, demo.customerId)).find(
    (account) => account.currencyCode === 'USD',
  )
  if (!usd) return
  const before = (await balancesOf(db, [usd.id])).get(usd.id)!.balanceMinor
  const acting = { userId: demo.userId, customerId: demo.customerId, accessRight: 2 }
  for (const [index, past] of pastTransfers.entries()) {
    const reply = await submitExternalTransfer(db, acting, past.kind, {
      accountId: usd.id,
      idempotencyKey: `demo-external-${index + 1}`,
      ...past.request,
    })
    const orderId = (reply.body as { transactionId?: number }).transactionId
    if (orderId === undefined) throw new Error(`assertion: demo ${past.kind} transfer submitted`)
    const returned = past.request.beneficiaryName === 'Returned Payee'
    await recordRailOutcome(
      db,
      returned
        ? { orderId, outcome: 'returned', reason: returnedReason }
        : { orderId, outcome: 'settled' },
    )
    const at = new Date(Date.now() - past.daysAgo * 86_400_000)
    await db
      .update(transferOrders)
      .set({ createdAt: at, completedAt: at })
      .where(eq(transferOrders.id, orderId))
  }
  // The outcomes were recorded above; the rail's own reports would change nothing.
  await db
    .update(jobs)
    .set({ doneAt: new Date() })
    .where(and(eq(jobs.kind, builtInRailJobKind), isNull(jobs.doneAt)))
  const spent = before - (await balancesOf(db, [usd.id])).get(usd.id)!.balanceMinor
  if (spent > 0n) {
    const clearing = await houseAccount(db, 'clearing:demo', 'USD')
    await postTransfer(db, {
      idempotencyKey: 'demo-external-income',
      kind: 'deposit',
      description: 'Incoming transfer',
      postings: [
        { accountId: clearing, currencyCode: 'USD', amountMinor: -spent },
        { accountId: usd.id, currencyCode: 'USD', amountMinor: spent },
      ],
    })
  }
}
