// massSampleLinksGet: a download link to the sample file of each kind of mass transfer
// (product-spec section 7). The links are absolute, on PUBLIC_URL when the bank serves the
// portal under its own name (the origin payment buttons use, button-code.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkoutOrigin } from '../merchant/button-code.ts'
import { massSampleKinds, massSamplePath } from './mass-samples.ts'

export const handler: Handler<'massSampleLinksGet'> = async (context) => {
  const origin = checkoutOrigin(context.config.port)
  const links = Object.fromEntries(
    massSampleKinds.map((kind) => [kind, `${origin}${massSamplePath}/${kind}.csv`]),
  )
  return rpcOk({ links })
}
