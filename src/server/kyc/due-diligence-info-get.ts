// dueDiligenceInfoGet: what enhanced due diligence asks of the acting customer (product-spec
// section 3, User status and KYC: due diligence info; section 7: loaded for levels 1 and 4):
// the level, the newest due-diligence document with its files, and the address it is about
// (the document's own, else the customer's home or, for a business, its business address).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { AddressType } from '../../generated/constants.ts'
import { loadCustomerRecords, type CustomerRecords } from './customer-records.ts'
import {
  addressView,
  customerDocumentView,
  homeAddress,
  isBusinessCustomer,
  uploadedDocumentView,
} from './record-views.ts'

const businessAddressTypes = new Set<number>([
  AddressType.Business,
  AddressType.HomeAndBusiness,
  AddressType.Office,
])

function addressOf(records: CustomerRecords, addressId: number | null | undefined) {
  const own = records.addresses.find((address) => address.id === addressId)
  if (own) return own
  if (!isBusinessCustomer(records)) return homeAddress(records)
  return records.addresses.find((address) => businessAddressTypes.has(address.addressType))
}

export const handler: Handler<'dueDiligenceInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const dueDiligence = records.documents.filter((document) => document.isDueDiligence)
  const newest = dueDiligence.at(-1)
  const ids = new Set(dueDiligence.map((document) => document.id))
  const uploads = records.uploads.filter(
    (upload) => upload.documentId !== null && ids.has(upload.documentId),
  )
  const address = addressOf(records, newest?.addressId)
  return rpcOk({
    dueDiligenceInfo: {
      dueDiligenceLevel: records.customer.dueDiligenceLevel,
      ...(address ? { address: addressView(records, address) } : {}),
      ...(newest ? { document: customerDocumentView(records, newest) } : {}),
      uploadedDocuments: uploads.map((upload) => uploadedDocumentView(records, upload)),
    },
  })
}
