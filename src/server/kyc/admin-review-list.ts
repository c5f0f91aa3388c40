// adminReviewList: the admin overview (product-spec section 2, "An admin goes to admin
// overview"; section 6): the customers with main files waiting for a decision, longest-waiting
// first, a page at a time, each with its waiting count and the verification state section 4
// derives from its records now.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import type { components } from '../../generated/api.d.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { userStatusOf } from './user-status.ts'
import { customerKind, customerName, customersWaiting } from './admin-review.ts'

type ReviewCustomer = components['schemas']['AdminReviewCustomer']

export const handler: Handler<'adminReviewList'> = async (context, input) => {
  const page = { pageNumber: input.pageNumber ?? 1, pageSize: input.pageSize ?? 20 }
  const { total, rows } = await customersWaiting(context.db, page)
  const listed: ReviewCustomer[] = []
  for (const row of rows) {
    const records = await loadCustomerRecords(context.db, row.customerId)
    if (!records) continue
    const { customer } = records
    listed.push({
      customerId: customer.id,
      name: customerName(customer),
      kind: customerKind(customer.customerType),
      // The column only holds the profile types the spec allows (0, 1, 2).
      customerType: customer.customerType as ReviewCustomer['customerType'],
      waitingCount: row.waitingCount,
      oldestWaitingAt: row.oldestWaitingAt.toISOString(),
      verificationState: userStatusOf(records).verificationState,
    })
  }
  return rpcOk({ customers: listed, total })
}
