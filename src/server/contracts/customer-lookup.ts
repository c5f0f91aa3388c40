// customerLookup (GET /customer/lookup?email): the create form finds the counterparty by the
// e-mail it signs in with, as id and type (product-spec section 3, Customer info).
import { eq, sql } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'

export const handler: Handler<'customerLookup'> = async (context) => {
  const email = context.query.email.trim().toLowerCase()
  // A sign-in of the customer's own (not a user acting for another company) names it.
  const [found] = await context.db
    .select({ id: customers.id, customerType: customers.customerType })
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(sql`${users.username} = ${email} or lower(${customers.email}) = ${email}`)
    .orderBy(customers.id)
    .limit(1)
  if (!found) return restMessage(404, 'answer.contracts.customerNotFound')
  const type = isBusinessCustomer(found.customerType) ? 'BUSINESS' : 'PERSONAL'
  return reply(200, { data: { id: found.id, type } })
}
