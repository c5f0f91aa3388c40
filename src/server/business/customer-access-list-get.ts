// customerAccessListGet: the customers the signed-in user may act for, and what the user may
// do on the acting customer (product-spec section 3, Customer access info; section 2,
// post-login routing 4 and the business start page; section 6, business permissions).
import { and, eq } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import {
  AccessRight,
  CustomerInfoCustomerType,
  FatcaDocumentStatus,
} from '../../generated/constants.ts'
import type { Db } from '../db/open-database.ts'
import { customers, kycProfiles } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import { accessRightOn, fullAccessRight } from '../rpc/access.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { permissionsOf } from '../customer/permission-flags.ts'
import { balanceInfoOf } from './balance-info.ts'
import { companiesOfUser } from './company-access.ts'
import { strictApprovalModes } from '../../shared/two-step-modes.ts'

type AccessInfo = components['schemas']['CustomerAccessInfo']
type AccessEntry = AccessInfo['accessList'][number]

/** Right 5 uploads documents only: its holder sees no balances (and so starts on documents). */
const uploadingRight = AccessRight.Uploading

export const handler: Handler<'customerAccessListGet'> = async (context) => {
  const session = requireSession(context)
  const own = context.session ?? session
  const [ownCustomer] = await context.db
    .select()
    .from(customers)
    .where(eq(customers.id, own.customerId))
  if (!ownCustomer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const companies = await companiesOfUser(context.db, own.userId)
  const accessList: AccessEntry[] = [
    await entryOf(context.db, { ...ownCustomer, customerId: ownCustomer.id }, fullAccessRight),
  ]
  for (const company of companies) {
    if (company.customerId === ownCustomer.id) continue
    accessList.push(await entryOf(context.db, company, company.accessRight))
  }
  const acting =
    session.customerId === ownCustomer.id
      ? ownCustomer
      : (await context.db.select().from(customers).where(eq(customers.id, session.customerId)))[0]
  if (!acting) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const accessInfo: AccessInfo = {
    accessList,
    permissions: permissionsOf(acting.permissions),
    accessRights: (await accessRightOn(context.db, own, acting.id)) as AccessRight,
    businessRepresentativePositionIds: await positionIdsOf(context.db, acting.id, own.userId),
    isNeedKyc: acting.needsKyc,
    ...(acting.id === ownCustomer.id ? {} : employeeNames(ownCustomer)),
    strictMode: strictApprovalModes.has(acting.transactionApproveMode),
    // Old business profiles are type 1; a type 2 business profile is the converted form.
    isConverted: acting.customerType === CustomerInfoCustomerType.Business,
    taxSelfCertificationStatus: await taxSelfCertificationOf(context.db, acting.id),
  }
  return rpcOk({ accessInfo })
}

async function entryOf(
  db: Db,
  customer: { customerId: number; businessName: string | null; customerType: number },
  accessRight: number,
): Promise<AccessEntry> {
  const balanceInfo =
    accessRight === uploadingRight ? [] : await balanceInfoOf(db, customer.customerId)
  return {
    customerId: customer.customerId,
    ...(customer.businessName ? { businessName: customer.businessName } : {}),
    customerType: customer.customerType as AccessEntry['customerType'],
    accessRights: accessRight as AccessRight,
    // A company without accounts is not set up yet: no balanceInfo (section 2, start page).
    ...(balanceInfo.length > 0 ? { balanceInfo } : {}),
  }
}

/** The user's positions in the company; none on their own customer. */
async function positionIdsOf(db: Db, companyId: number, userId: number): Promise<number[]> {
  const [row] = await db
    .select({ positionIds: companyUsers.positionIds })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyCustomerId, companyId), eq(companyUsers.userId, userId)))
  return row?.positionIds ?? []
}

function employeeNames(own: { firstName: string | null; lastName: string | null }) {
  return {
    ...(own.firstName ? { employeeFirstName: own.firstName } : {}),
    ...(own.lastName ? { employeeLastName: own.lastName } : {}),
  }
}

/** The self-certification status of the KYC profile; no profile yet means none. */
async function taxSelfCertificationOf(db: Db, customerId: number) {
  const [profile] = await db
    .select({ status: kycProfiles.fatcaSelfCertificationStatus })
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customerId))
  return (profile?.status ?? FatcaDocumentStatus.None) as FatcaDocumentStatus
}
