// Happy-path preparations of the cards area (spec/cards.yaml): each does what a customer (or
// the card issuer) would do first and hands the runner the body fields of the happy call. Every
// run makes a card of its own, so a preparation may run more than once.
import { eq } from 'drizzle-orm'
import { customers, users } from '../../src/server/db/schema.ts'
import type { Db } from '../../src/server/db/open-database.ts'
import { applyCardStatus } from '../../src/server/cards/card-status.ts'
import type { TestServer } from '../integration/server-harness.ts'
import { lastCodeSentTo } from '../integration/transfers/transfer-test-kit.ts'

export const cardPreparations = [
  'cardActive',
  'cardApplication',
  'cardOnItsWay',
  'cardShipped',
  'cardPinReveal',
] as const
export type CardPreparation = (typeof cardPreparations)[number]

export function isCardPreparation(value: string): value is CardPreparation {
  return (cardPreparations as readonly string[]).includes(value)
}

/** demo@'s USD account and its debit card (src/server/demo/seed.ts and cards.ts). */
const demoUsd = 10000001
const demoDebitCard = 10000032
let made = 0

type Body = Record<string, unknown>

export async function prepareCard(
  server: TestServer,
  preparation: CardPreparation,
  token: string | undefined,
): Promise<{ body: Body }> {
  const call = async (operationId: string, body: Body = {}) => {
    const reply = await server.post(`/rpc/${operationId}`, body, token)
    if (reply.body.responseCode !== '00') throw new Error(`${operationId}: ${reply.text}`)
    return reply.body as Record<string, unknown>
  }
  const apply = async () => {
    const applied = await call('cardApply', {
      type: 2010,
      cardIsVirtual: false,
      shippingId: 1,
      settlementAccountId: demoUsd,
      feeAccountId: demoUsd,
      idempotencyKey: `conformance-card-${made++}`,
    })
    return applied.cardId as number
  }
  const onItsWay = async () => {
    const cardId = await apply()
    await call('cardApplicationConfirm', {
      cardId,
      idempotencyKey: `conformance-confirm-${made++}`,
    })
    return cardId
  }
  switch (preparation) {
    case 'cardActive': {
      const applied = await call('cardApply', {
        type: 2006,
        cardIsVirtual: true,
        settlementAccountId: demoUsd,
        feeAccountId: demoUsd,
        idempotencyKey: `conformance-card-${made++}`,
      })
      const cardId = applied.cardId as number
      await call('cardApplicationConfirm', {
        cardId,
        idempotencyKey: `conformance-confirm-${made++}`,
      })
      return { body: { accountId: cardId } }
    }
    case 'cardApplication':
      return { body: { cardId: await apply() } }
    case 'cardOnItsWay':
      return { body: { accountId: await onItsWay() } }
    case 'cardShipped': {
      const accountId = await onItsWay()
      const report = { accountId, target: 'card' as const, statusId: 21, from: null }
      await applyCardStatus(server.db as Db, report)
      const { cards } = (await call('cardList', { accountId })) as {
        cards: { maskedCardNumber: string }[]
      }
      const lastFourDigits = cards[0]!.maskedCardNumber.slice(-4)
      return { body: { accountId, extraParams: { lastFourDigits } } }
    }
    case 'cardPinReveal':
      return { body: await pinReveal(server, call) }
  }
}

async function pinReveal(
  server: TestServer,
  call: (operationId: string, body?: Body) => Promise<Record<string, unknown>>,
): Promise<Body> {
  const [user] = await server.db.select().from(users).where(eq(users.username, 'demo@nova.example'))
  const [customer] = await server.db
    .select()
    .from(customers)
    .where(eq(customers.id, user!.customerId))
  const mode = (transactionApproveMode: string) =>
    server.db
      .update(customers)
      .set({ transactionApproveMode })
      .where(eq(customers.id, user!.customerId))
  await mode('approvalCode')
  try {
    const shown = await call('cardPinShow', { accountId: demoDebitCard })
    const approvalCode = await lastCodeSentTo(server, 'demo@nova.example')
    return { accountId: demoDebitCard, operationId: shown.operationId, approvalCode }
  } finally {
    await mode(customer!.transactionApproveMode)
  }
}
