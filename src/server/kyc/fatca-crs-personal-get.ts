// fatcaCrsPersonalGet: the personal customer's FATCA/CRS self-certification and the status of
// each form (product-spec section 3, FATCA/CRS certification; section 4). Before a first save
// the form comes prefilled from the customer's records (fatca-answers.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, personalSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

export const handler: Handler<'fatcaCrsPersonalGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const subject = await personalSubject(context.db, customerId)
  if (isFailure(subject)) return subject
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
