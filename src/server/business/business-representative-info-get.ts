// businessRepresentativeInfoGet: one representative of the acting business with positions,
// addresses and their proofs, share and rights (product-spec section 7, Customer and
// identity). Another business's representative is answered as an unknown id.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords, notARepresentative } from './company-records.ts'
import { representativeInfoView } from './representative-views.ts'

export const handler: Handler<'businessRepresentativeInfoGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const representative = company.representatives.find((row) => row.id === input.id)
  if (!representative) {
    return validationFailure([refusal('id', notARepresentative)])
  }
  return rpcOk({ representative: representativeInfoView(company, representative) })
}
