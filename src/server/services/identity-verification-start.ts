// identityVerificationStart: the signed-in customer starts an identity check and gets the
// run's page (product-spec sections 2 and 7); identity-check-start.ts decides.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { startIdentityCheck } from './identity-check-start.ts'

export const handler: Handler<'identityVerificationStart'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) throw new Error(`assertion: the session's customer ${customerId} exists`)
  return startIdentityCheck(context, records)
}
