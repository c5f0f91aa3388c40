// representativeAddressCreate: adds an address to a representative of the acting business with
// its proof of address (multipart: the data part plus mainDocument, additionalDocument and
// relationshipDocument; product-spec section 7, Customer and identity). The address is the
// business's, marked as the representative's, and pending while its proof is reviewed.
// Nothing is written unless every check passes (representative-address-proof.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, validationFailure } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { businessRepresentativeAddresses } from '../db/schema-business.ts'
import { country } from '../dictionaries/country-table.ts'
import stateData from '../dictionaries/data/states.json' with { type: 'json' }
import { AddressStatus, AddressType, ShareholderType } from '../../generated/constants.ts'
import { isFailure, loadCompanyRecords, notARepresentative } from './company-records.ts'
import {
  addressAnswer,
  checkProof,
  fileProof,
  proofRequest,
} from './representative-address-proof.ts'

const statesByCountry: Record<string, { code: string }[] | undefined> = stateData

type Address = { countryCode: string; stateCode?: string }

/** The address names a country of the dictionary, and one of its states where it has them. */
function addressErrors(address: Address): FieldError[] {
  if (!country(address.countryCode)) {
    const description = 'refusal.common.notDictionaryCountry'
    return [refusal('data.address.countryCode', description)]
  }
  const states = statesByCountry[address.countryCode]
  if (address.stateCode && states && !states.some((state) => state.code === address.stateCode)) {
    const country = address.countryCode
    return [refusal('data.address.stateCode', 'refusal.customer.notStateOf', { country })]
  }
  return []
}

export const handler: Handler<'representativeAddressCreate'> = async (context, input) => {
  const session = requireSession(context)
  const company = await loadCompanyRecords(context.db, session.customerId)
  if (isFailure(company)) return company
  const { data } = input
  const representative = company.representatives.find((row) => row.id === data.representativeId)
  if (!representative) {
    return validationFailure([refusal('data.representativeId', notARepresentative)])
  }
  const checked = checkProof(
    proofRequest(data, input),
    representative,
    data.address.countryCode,
    company.records.today,
  )
  const errors = [...addressErrors(data.address), ...(checked.ok ? [] : checked.errors)]
  if (errors.length > 0 || !checked.ok) return validationFailure(errors)
  const addressType =
    data.addressType ??
    (representative.type === ShareholderType.Person ? AddressType.Home : AddressType.Business)
  const addressId = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        customerId: company.records.customer.id,
        addressType,
        ...data.address,
        status: AddressStatus.Pending,
      })
      .returning({ id: customerAddresses.id })
    if (!row) throw new Error('assertion: the address insert returned its row')
    await tx
      .insert(businessRepresentativeAddresses)
      .values({ addressId: row.id, representativeId: representative.id })
    await fileProof(tx, {
      companyId: company.records.customer.id,
      addressId: row.id,
      userId: session.userId,
      proof: checked.proof,
    })
    return row.id
  })
  return addressAnswer(context.db, company.records.customer.id, addressId)
}
