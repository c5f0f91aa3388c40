// fatcaCrsBusinessGet: the business customer's FATCA/CRS self-certification with its
// controlling persons and forms (product-spec section 3). Before a first save the form comes
// prefilled: registration country, tax id, addresses and the registered ultimate owners.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { businessSubject, isFailure } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

export const handler: Handler<'fatcaCrsBusinessGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const subject = await businessSubject(context.db, customerId)
  if (isFailure(subject)) return subject
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
