// customerIdentityVerificationStart: a business user with full access on the customer of the
// path, or an administrator, starts its identity check (product-spec section 7). The access
// check read the customer from the path (rpc/dispatch.ts), so context.customerId is it.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { startIdentityCheck } from './identity-check-start.ts'

export const handler: Handler<'customerIdentityVerificationStart'> = async (context) => {
  const { customerId } = requireSession(context)
  if (Number(context.params.customerId) !== customerId) {
    throw new Error('assertion: the access check acts for the customer of the path')
  }
  // The access check found the customer: an id that names nobody gives no right to anyone.
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) throw new Error(`assertion: the customer ${customerId} access allowed exists`)
  return startIdentityCheck(context, records)
}
