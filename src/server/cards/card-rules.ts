// What every card write shares: the card must be the acting customer's (one of another
// customer reads exactly like one that does not exist), a card that ended (blocked or closed)
// changes no more (CA, product-spec section 8), and the rules of section 4 refuse with a VF
// naming the card (accountId) and saying which rule.
import type { Db } from '../db/open-database.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import type { Answer, Failure, OperationId } from '../rpc/outcome.ts'
import { rpcFail, validationFailure } from '../rpc/outcome.ts'
import type { LedgerAccount } from '../ledger/accounts.ts'
import { cardAccountOfCustomer } from '../ledger/card-accounts.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { actingUser, type ActingUser } from '../transfers/acting-user.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardRecordOf, type CardRecord } from './card-records.ts'

export const notYourCard = 'is not one of your cards'

export function refuseCard(description: string, parameter = 'accountId'): Failure {
  return validationFailure([{ parameter, description }])
}

export function endedCardFailure(): Failure {
  return rpcFail('CA', 'The card was blocked or closed; it can no longer be used or changed.')
}

export interface LockedCard {
  tx: Db
  acting: ActingUser
  card: LedgerAccount
  record: CardRecord
}

/**
 * Runs the work in one transaction with the acting customer's card row locked, so two
 * changes of one card (a pause and a block sent together) take turns.
 */
export async function withCard<Op extends OperationId>(
  context: HandlerContext,
  accountId: number,
  work: (locked: LockedCard) => Promise<Answer<Op> | Failure>,
  options: { allowEnded?: boolean; field?: string } = {},
): Promise<Answer<Op> | Failure> {
  const acting = await actingUser(context)
  return inTransaction(context.db, async (tx) => {
    const card = await cardAccountOfCustomer(tx, acting.customerId, accountId, true)
    const record = card ? await cardRecordOf(tx, card.id) : undefined
    if (!card || !record) return refuseCard(notYourCard, options.field)
    const ended = card.statusId === AccountStatus.Canceled || card.statusId === AccountStatus.Closed
    if (ended && !options.allowEnded) return endedCardFailure()
    return work({ tx, acting, card, record })
  })
}

/** The refusals of section 4, in the words a person reads. */
export const ruleText = {
  pauseFraud: 'cannot be paused: the card is marked as fraud',
  pauseStatus: 'cannot be paused: only an active or expired card can be paused',
  unpause: 'cannot be unpaused: only a paused card can be unpaused',
  pinFraud: "a fraud card's PIN cannot be changed or shown",
  pinStatus: 'has no PIN to change or show: it is virtual or not activated yet',
  loadFraud: 'cannot be loaded: the card is marked as fraud',
  loadStatus: 'cannot be loaded: only an active card can be loaded',
  activate: 'cannot be activated: only a physical card that was shipped can be activated',
  reissue:
    'cannot be reissued: only a physical card in use or expired, with no replacement on its way',
  upgrade: 'cannot have its shipping upgraded: it is not on its way, or ships by express already',
  confirm: 'is not an application waiting for its confirmation',
} as const

/** Section 5: trimmed, repeated whitespace collapsed. */
export function normalizedAlias(alias: string): string {
  return alias.trim().replace(/\s+/g, ' ')
}
