// getCustomerInfo: the customer the session acts for (product-spec section 3, Customer info).
import { and, eq } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcFail, rpcOk } from '../rpc/outcome.ts'

/** Every permission flag of product-spec section 6 defaults to false. */
const permissionFlags = [
  'sendMoneyPaxumUser',
  'sendMoneyUser',
  'requestMoney',
  'settlementAccount',
  'addFundsWireThirdParty',
  'addFundsBankThirdParty',
  'addFundsCrypto',
  'transferMoneyUser',
] as const

export const handler: Handler<'getCustomerInfo'> = async (context) => {
  const session = requireSession(context)
  const [row] = await context.db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.customerId, customers.id))
    .where(
      and(
        eq(customers.id, session.customerId),
        // Acting for another customer (fromCustomerId) shows that customer's first user.
        context.session?.customerId === session.customerId
          ? eq(users.id, session.userId)
          : undefined,
      ),
    )
    .orderBy(users.id)
    .limit(1)
  if (!row) return rpcFail('UE', 'The customer was not found.')
  const { customer, user } = row
  const permissions = Object.fromEntries(permissionFlags.map((flag) => [flag, false]))
  return rpcOk({
    customer: {
      customerId: customer.id,
      userId: user.id,
      login: user.username,
      ...(customer.firstName ? { firstName: customer.firstName } : {}),
      ...(customer.lastName ? { lastName: customer.lastName } : {}),
      ...(customer.businessName ? { businessName: customer.businessName } : {}),
      customerType: customer.customerType,
      transactionApproveMode: customer.transactionApproveMode,
      login2faMode: customer.login2faMode,
      isAdmin: customer.isAdmin,
      isHaveRelatedAccounts: customer.hasRelatedAccounts,
      useOldWeb: customer.useOldWeb,
      ...(customer.oldWebUrl ? { oldWebUrl: customer.oldWebUrl } : {}),
      ...(customer.birthDay ? { birthDay: customer.birthDay } : {}),
      customerCreationDate: customer.createdAt.toISOString(),
      ...(customer.residenceCountryCode
        ? { residenceCountryCode: customer.residenceCountryCode }
        : {}),
      ...(customer.taxId ? { taxId: customer.taxId } : {}),
      permissions: { ...permissions, ...customer.permissions },
      verified: customer.verified,
      limited: customer.limited,
      dueDiligenceLevel: customer.dueDiligenceLevel,
      isNeedPersonalInfoUpdate: customer.needsPersonalInfoUpdate,
      isNeedKyc: customer.needsKyc,
    },
  })
}
