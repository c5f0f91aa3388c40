// fatcaCrsRepresentativeUpdate: saves a business representative's FATCA/CRS self-certification
// (product-spec section 6) and produces its forms, as the personal update does. The
// representative updates their own; a user with full rights on the business may update any
// of its representatives (fatca-subjects.ts). The forms print the representative's registered
// address, which must be on file.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkedPersonAnswers } from './fatca-person-answers.ts'
import { fatcaRuleOptions, saveAnswers } from './fatca-save.ts'
import { isFailure, representativeSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

export const handler: Handler<'fatcaCrsRepresentativeUpdate'> = async (context, input) => {
  const subject = await representativeSubject(context, input.representativeId)
  if (isFailure(subject)) return subject
  const checked = checkedPersonAnswers(
    input,
    {},
    subject.residenceAddress,
    fatcaRuleOptions(context),
  )
  if ('failure' in checked) return checked.failure
  await saveAnswers(context, subject, checked.answers)
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
