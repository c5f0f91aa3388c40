// fatcaCrsRepresentativeGet: a business representative's FATCA/CRS self-certification
// (product-spec section 6: representatives have a flow of their own): the signed-in user's own
// record in the acting business, or with full rights another representative's
// (fatca-subjects.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, representativeSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

export const handler: Handler<'fatcaCrsRepresentativeGet'> = async (context, input) => {
  const subject = await representativeSubject(context, input.representativeId)
  if (isFailure(subject)) return subject
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
