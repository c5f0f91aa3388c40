// emailInquiry: the acting customer's e-mail addresses, primary first (product-spec
// section 3, Phone and e-mail).
import { asc, desc, eq } from 'drizzle-orm'
import { customerEmails } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { emailView } from '../kyc/record-views.ts'

export const handler: Handler<'emailInquiry'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customerId))
    .orderBy(desc(customerEmails.isPrimary), asc(customerEmails.id))
  return rpcOk({ emails: rows.map(emailView) })
}
