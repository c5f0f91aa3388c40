// externalCardList: the cards of other issuers the customer has paid to (product-spec
// sections 3 and 7), newest first. Only masked numbers are kept (from 16 digits, section 5);
// a card whose BIN is now blocked, or that the customer may no longer pay to, is disabled.
import { desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { externalCards } from '../db/schema-payees.ts'
import { isDisabled, permissionsOf, type Permission } from './payee-book.ts'

export const handler: Handler<'externalCardList'> = async (context) => {
  const { customerId } = requireSession(context)
  const flags = await permissionsOf(context.db, customerId)
  const rows = await context.db
    .select()
    .from(externalCards)
    .where(eq(externalCards.customerId, customerId))
    .orderBy(desc(externalCards.id))
  const cards = rows.map((row) => {
    const permission = row.permission as Permission
    return {
      id: row.id,
      maskedCardNumber: row.maskedCardNumber,
      cardHolderName: row.cardHolderName,
      ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
      ...(row.expiryMonth ? { expiryMonth: row.expiryMonth } : {}),
      ...(row.expiryYear ? { expiryYear: row.expiryYear } : {}),
      ...(row.countryCode ? { countryCode: row.countryCode } : {}),
      permission,
      isDisabled: isDisabled(
        'oct',
        permission,
        { cardNumber: row.binNumber },
        row.countryCode,
        flags,
      ),
    }
  })
  return rpcOk({ cards })
}
