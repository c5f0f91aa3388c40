// One saved payment button of the acting merchant; another merchant's reads as missing.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { merchantPaymentButtons } from '../db/schema-merchant.ts'
import type { ButtonRow } from './merchant-views.ts'

export async function savedPaymentButton(
  db: Db,
  customerId: number,
  buttonId: number,
): Promise<ButtonRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantPaymentButtons)
    .where(
      and(
        eq(merchantPaymentButtons.customerId, customerId),
        eq(merchantPaymentButtons.id, buttonId),
      ),
    )
  return row
}
