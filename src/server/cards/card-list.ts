// cardList: the acting customer's cards, newest first, with their derived flags (product-spec
// sections 3 and 4) and masked numbers (section 5); blocked cards included.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { customerCards } from './card-view.ts'

export const handler: Handler<'cardList'> = async (context, input) => {
  const acting = await actingUser(context)
  const cards = (await customerCards(context.db, acting.customerId)).filter(
    (card) =>
      (input.cardIsVirtual === undefined || card.cardIsVirtual === input.cardIsVirtual) &&
      (input.accountId === undefined || card.accountId === input.accountId),
  )
  return rpcOk({ cards })
}
