// binInfoGet: what the first 6 digits of a card number say about the card (product-spec
// sections 3, 5 and 7). A BIN the table lacks, or one on the blocked list, is not valid.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { binInfoOf } from './directory/bin.ts'

export const handler: Handler<'binInfoGet'> = async (_context, { binNumber }) => {
  const info = binInfoOf(binNumber)
  if (!info) throw new Error('assertion: the schema admits only 6-digit BINs')
  const { blocked: _blocked, ...binInfo } = info
  return rpcOk({ binInfo })
}
