// representativeAddressConfirm: a new proof of address for an address a representative of the
// acting business already has (multipart as representativeAddressCreate; product-spec section
// 7, Customer and identity). The address is pending again while the proof is reviewed. The
// address must be that representative's; nothing is written unless every check passes.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords, notARepresentative } from './company-records.ts'
import {
  addressAnswer,
  checkProof,
  fileProof,
  markAddressPending,
  proofRequest,
} from './representative-address-proof.ts'

export const handler: Handler<'representativeAddressConfirm'> = async (context, input) => {
  const session = requireSession(context)
  const company = await loadCompanyRecords(context.db, session.customerId)
  if (isFailure(company)) return company
  const { data } = input
  const representative = company.representatives.find((row) => row.id === data.representativeId)
  if (!representative) {
    return validationFailure([refusal('data.representativeId', notARepresentative)])
  }
  const address = company.representativeAddresses
    .get(representative.id)
    ?.find((row) => row.id === data.addressId)
  if (!address) {
    const description = 'refusal.business.notRepresentativeAddress'
    return validationFailure([refusal('data.addressId', description)])
  }
  const checked = checkProof(
    proofRequest(data, input),
    representative,
    address.countryCode,
    company.records.today,
  )
  if (!checked.ok) return validationFailure(checked.errors)
  const companyId = company.records.customer.id
  await context.db.transaction(async (tx) => {
    await markAddressPending(tx, address.id)
    await fileProof(tx, {
      companyId,
      addressId: address.id,
      userId: session.userId,
      proof: checked.proof,
    })
  })
  return addressAnswer(context.db, companyId, address.id)
}
