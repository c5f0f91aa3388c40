// profileInquiry: what the profile page shows for the acting customer, with the verification
// state and required-action count of product-spec section 4.
import { and, asc, eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, type RpcData, rpcRefuse } from '../rpc/outcome.ts'

// The column only holds the customer types the spec allows (0, 1, 2).
type Profile = NonNullable<RpcData<'profileInquiry'>['profile']>
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { emailView, phoneView } from '../kyc/record-views.ts'
import { userStatusOf } from '../kyc/user-status.ts'

export const handler: Handler<'profileInquiry'> = async (context) => {
  const session = requireSession(context)
  const records = await loadCustomerRecords(context.db, session.customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  // As getCustomerInfo: one's own login, or the first user's when acting for a customer.
  const [user] = await context.db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        eq(users.customerId, session.customerId),
        context.session?.customerId === session.customerId
          ? eq(users.id, session.userId)
          : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1)
  const { customer } = records
  return rpcOk({
    profile: {
      customerId: customer.id,
      customerType: customer.customerType as Profile['customerType'],
      login: user?.username ?? customer.email,
      ...(customer.firstName ? { firstName: customer.firstName } : {}),
      ...(customer.lastName ? { lastName: customer.lastName } : {}),
      ...(customer.businessName ? { businessName: customer.businessName } : {}),
      ...(customer.birthDay ? { birthDay: customer.birthDay } : {}),
      ...(customer.residenceCountryCode
        ? { residenceCountryCode: customer.residenceCountryCode }
        : {}),
      ...(customer.taxId ? { taxId: customer.taxId } : {}),
      phones: records.phones.map(phoneView),
      emails: records.emails.map(emailView),
      status: userStatusOf(records),
    },
  })
}
