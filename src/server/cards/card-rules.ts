// What every card write shares: the card must be the acting customer's (one of another
// customer reads exactly like one that does not exist), a card that ended (blocked or closed)
// changes no more (CA, product-spec section 8), and the rules of section 4 refuse with a VF
// naming the card (accountId) and saying which rule.
import type { Db } from '../db/open-database.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import type { Answer, Failure, OperationId } from '../rpc/outcome.ts'
import { validationFailure, type RefusalKey, rpcRefuse } from '../rpc/outcome.ts'
import type { LedgerAccount } from '../ledger/accounts.ts'
import { cardAccountOfCustomer } from '../ledger/card-accounts.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { actingUser, type ActingUser } from '../transfers/acting-user.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardRecordOf, type CardRecord } from './card-records.ts'
import { refusal } from '../rpc/outcome.ts'

export const notYourCard: RefusalKey = 'refusal.cards.notYourCard'

export function refuseCard(reason: RefusalKey, parameter = 'accountId'): Failure {
  return validationFailure([refusal(parameter, reason)])
}

export function endedCardFailure(): Failure {
  return rpcRefuse('CA', 'answer.cards.blockedOrClosed')
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
  pauseFraud: 'refusal.cards.rule.pauseFraud',
  pauseStatus: 'refusal.cards.rule.pauseStatus',
  unpause: 'refusal.cards.rule.unpause',
  pinFraud: 'refusal.cards.rule.pinFraud',
  pinStatus: 'refusal.cards.rule.pinStatus',
  loadFraud: 'refusal.cards.rule.loadFraud',
  loadStatus: 'refusal.cards.rule.loadStatus',
  activate: 'refusal.cards.rule.activate',
  reissue: 'refusal.cards.rule.reissue',
  upgrade: 'refusal.cards.rule.upgrade',
  confirm: 'refusal.cards.rule.confirm',
} as const

/** Section 5: trimmed, repeated whitespace collapsed. */
export function normalizedAlias(alias: string): string {
  return alias.trim().replace(/\s+/g, ' ')
}
