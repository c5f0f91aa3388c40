// paymentTemplateList: the customer's saved payment templates, newest first (product-spec
// sections 3 and 7), with the states section 3 names: wireStatus and eftStatus for those
// types, and isDisabled when the template can no longer be sent as saved (payee-book.ts).
import { desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { paymentTemplates } from '../db/schema-payees.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { permissionsOf, savedStates } from './payee-book.ts'

export const handler: Handler<'paymentTemplateList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const flags = await permissionsOf(context.db, customerId)
  const rows = await context.db
    .select()
    .from(paymentTemplates)
    .where(eq(paymentTemplates.customerId, customerId))
    .orderBy(desc(paymentTemplates.updatedAt), desc(paymentTemplates.id))
  const templates = rows
    .filter((row) => input.types === undefined || input.types.some((t) => t === row.transferType))
    .filter((row) => input.permission === undefined || row.permission === input.permission)
    .map((row) => ({
      id: row.id,
      templateName: row.templateName,
      transferType: row.transferType as (typeof input.types & {})[number],
      ...savedStates(row, flags),
      ...(row.beneficiaryName ? { beneficiaryName: row.beneficiaryName } : {}),
      ...(row.countryCode ? { countryCode: row.countryCode } : {}),
      ...(row.currencyCode ? { currencyCode: row.currencyCode } : {}),
      ...(row.currencyCode && row.amountMinor !== null
        ? { amount: fromMinor(row.amountMinor, scaleOf(row.currencyCode)) }
        : {}),
      details: row.details,
    }))
  return rpcOk({ templates })
}
