// beneficiaryList: the customer's saved payees of external transfers, newest first
// (product-spec sections 3 and 7: wireStatus, eftStatus, permission, isDisabled), filtered by
// permission and by the payee's country when asked.
import { desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { beneficiaries } from '../db/schema-payees.ts'
import { permissionsOf, savedStates } from './payee-book.ts'

export const handler: Handler<'beneficiaryList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const flags = await permissionsOf(context.db, customerId)
  const rows = await context.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.customerId, customerId))
    .orderBy(desc(beneficiaries.updatedAt), desc(beneficiaries.id))
  const list = rows
    .filter((row) => input.permission === undefined || row.permission === input.permission)
    .filter((row) => input.countryCode === undefined || row.countryCode === input.countryCode)
    .map((row) => ({
      id: row.id,
      name: row.name,
      ...(row.email ? { email: row.email } : {}),
      ...(row.countryCode ? { countryCode: row.countryCode } : {}),
      ...(row.currencyCode ? { currencyCode: row.currencyCode } : {}),
      ...savedStates(row, flags),
      details: { transferType: row.transferType, ...row.details },
    }))
  return rpcOk({ beneficiaries: list })
}
