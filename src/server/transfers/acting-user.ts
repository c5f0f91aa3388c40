// Who acts and with which right (product-spec sections 4 and 6): the signed-in user on the
// acting customer (fromCustomerId). Own customer and administrators have full access (2).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { approveTypeOfMode } from '../../shared/two-step-modes.ts'
import { ApprovalMode } from '../../generated/constants.ts'

export interface ActingUser {
  userId: number
  customerId: number
  /** 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading (section 4, Access rights). */
  accessRight: number
}

export async function actingUser(context: HandlerContext): Promise<ActingUser> {
  const session = requireSession(context)
  // The dispatcher found the right while checking x-access (rpc/access.ts).
  return {
    userId: session.userId,
    customerId: session.customerId,
    accessRight: context.accessRight,
  }
}

/**
 * The approval type every transfer made for a customer asks for: the acting customer's own
 * two-step mode, so that a company's mode binds each user acting for it (product-spec section
 * 6: approval mode is a per-customer security setting). The code goes to the acting user.
 */
export async function approveTypeOfCustomer(
  db: Db,
  customerId: number,
): Promise<ReturnType<typeof approveTypeOfMode>> {
  const [row] = await db
    .select({ mode: customers.transactionApproveMode })
    .from(customers)
    .where(eq(customers.id, customerId))
  return approveTypeOfMode(row?.mode ?? ApprovalMode.Simple)
}
