// transferMethodDefaultList: the transfer methods offered before a country is chosen
// (product-spec section 7, "Available transfer methods", default): every external type with
// every currency some country pays it out in, and whether the caller's flags allow it.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { defaultMethods } from './directory/methods.ts'
import { withAvailability } from './method-availability.ts'

export const handler: Handler<'transferMethodDefaultList'> = async (context) => {
  const { customerId } = requireSession(context)
  return rpcOk({ methods: await withAvailability(context.db, customerId, defaultMethods()) })
}
