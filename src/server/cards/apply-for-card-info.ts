// applyForCardInfo: the fees and shipping options of a card product and the products on offer
// (product-spec sections 3 and 7, Card application fees). A country the issuer does not serve
// answers zero fees, an empty shipping list, an empty currency and no products.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import { feesFor, feesJson, productOf } from './card-quotes.ts'

export const handler: Handler<'applyForCardInfo'> = async (context, input) => {
  const acting = await actingUser(context)
  const products = cardIssuer().products()
  const product = input.type === undefined ? products[0] : productOf(input.type)
  if (!product) {
    return validationFailure([refusal('type', 'refusal.cards.notProductOnOffer')])
  }
  const fees = await feesFor(context.db, acting.customerId, product, input.countryCode)
  return rpcOk({
    fees: feesJson(fees, product.currencyCode),
    products: fees ? products.map((p) => ({ ...p })) : [],
  })
}
