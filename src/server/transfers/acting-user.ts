// Who acts and with which right (product-spec sections 4 and 6): the signed-in user on the
// acting customer (fromCustomerId). Own customer and administrators have full access (2).
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { accessRightOn } from '../rpc/access.ts'

export interface ActingUser {
  userId: number
  customerId: number
  /** 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading (section 4, Access rights). */
  accessRight: number
}

export async function actingUser(context: HandlerContext): Promise<ActingUser> {
  const session = requireSession(context)
  const accessRight = await accessRightOn(context.db, context.session!, session.customerId)
  return { userId: session.userId, customerId: session.customerId, accessRight }
}

/** Rights that move money at once; 3 and 5 create approval requests; 1 (read) moves nothing. */
export const executingRights: ReadonlySet<number> = new Set([2, 4])
export const initiatingRights: ReadonlySet<number> = new Set([3, 5])
