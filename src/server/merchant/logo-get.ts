// logoGet: one business logo of the acting merchant, with the image as a data: URL.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantLogo } from './merchant-logos.ts'
import { logoView } from './merchant-views.ts'

export const handler: Handler<'logoGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const row = await merchantLogo(context.db, customerId, input.id)
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notLogoOfYours')])
  return rpcOk({ logo: logoView(row, row.content) })
}
