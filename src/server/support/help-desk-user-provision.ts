// helpDeskUserProvision: the last step of the support login: the customer's help-desk contact,
// created on first use (product-spec section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskUserProvision'> = async (context) => {
  const contact = await helpDesk().contact(context.db, supportCustomer(context))
  return reply(200, contact)
}
