// The transfer methods as the caller sees them: each with available set from the acting
// customer's permission flags (product-spec section 6: a type is open when its withdraw-to-own
// or its send-to-other flag is set; every flag defaults to false).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import type { TransferMethod } from './directory/methods.ts'
import { typeAllowed } from '../../shared/permission-flags.ts'

export async function withAvailability(
  db: Db,
  customerId: number,
  methods: TransferMethod[],
): Promise<Array<TransferMethod & { available: boolean }>> {
  const [row] = await db
    .select({ permissions: customers.permissions })
    .from(customers)
    .where(eq(customers.id, customerId))
  const flags = row?.permissions ?? {}
  return methods.map((method) => ({
    ...method,
    available: typeAllowed(method.transferType, flags),
  }))
}
