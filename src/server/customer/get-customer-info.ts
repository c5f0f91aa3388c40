// getCustomerInfo: the customer the session acts for (product-spec section 3, Customer info),
// or TE with the pending terms while the signed-in customer has terms to accept (section 8).
import { and, eq } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, type RpcData, rpcRefuse } from '../rpc/outcome.ts'

// The columns are wider than the spec's enums; they only hold values the spec allows, and
// the dispatcher's response check reports one that is not.
type CustomerInfo = NonNullable<RpcData<'getCustomerInfo'>['customer']>
import { companiesOfUser, hasRelatedAccounts } from '../business/company-access.ts'
import { isFatcaActionRequired } from './fatca-action.ts'
import { pendingTermsOf, termView } from './pending-terms.ts'
import { permissionsOf } from './permission-flags.ts'

export const handler: Handler<'getCustomerInfo'> = async (context) => {
  const session = requireSession(context)
  // Terms bind the signed-in user's own customer, whoever the call acts for.
  const ownCustomerId = context.session?.customerId ?? session.customerId
  const pending = await pendingTermsOf(context.db, ownCustomerId)
  if (pending.length > 0) {
    return rpcRefuse('TE', 'answer.customer.acceptTerms', undefined, {
      terms: pending.map(termView),
    })
  }
  const [row] = await context.db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.customerId, customers.id))
    .where(
      and(
        eq(customers.id, session.customerId),
        // Acting for another customer (fromCustomerId) shows that customer's first user.
        ownCustomerId === session.customerId ? eq(users.id, session.userId) : undefined,
      ),
    )
    .orderBy(users.id)
    .limit(1)
  if (!row) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const { customer, user } = row
  const companies = await companiesOfUser(context.db, user.id)
  return rpcOk({
    customer: {
      customerId: customer.id,
      userId: user.id,
      login: user.username,
      ...(customer.firstName ? { firstName: customer.firstName } : {}),
      ...(customer.lastName ? { lastName: customer.lastName } : {}),
      ...(customer.businessName ? { businessName: customer.businessName } : {}),
      customerType: customer.customerType as CustomerInfo['customerType'],
      transactionApproveMode:
        customer.transactionApproveMode as CustomerInfo['transactionApproveMode'],
      login2faMode: customer.login2faMode as CustomerInfo['login2faMode'],
      isAdmin: customer.isAdmin,
      isHaveRelatedAccounts: hasRelatedAccounts(customer, companies),
      useOldWeb: customer.useOldWeb,
      ...(customer.oldWebUrl ? { oldWebUrl: customer.oldWebUrl } : {}),
      ...(customer.birthDay ? { birthDay: customer.birthDay } : {}),
      customerCreationDate: customer.createdAt.toISOString(),
      ...(customer.residenceCountryCode
        ? { residenceCountryCode: customer.residenceCountryCode }
        : {}),
      ...(customer.taxId ? { taxId: customer.taxId } : {}),
      permissions: permissionsOf(customer.permissions),
      verified: customer.verified,
      limited: customer.limited,
      dueDiligenceLevel: customer.dueDiligenceLevel,
      isNeedPersonalInfoUpdate: customer.needsPersonalInfoUpdate,
      isNeedKyc: customer.needsKyc,
      isNeedFatcaAction: await isFatcaActionRequired(context.db, customer),
    },
  })
}
