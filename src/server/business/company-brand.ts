// The brand a business belongs to: the one it signed up with (customer_brands), else the
// default brand, as its legal terms are chosen (customer/pending-terms.ts). Its settings (source
// of wealth, the legal entity the statements name) bind the business whichever host it uses.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerBrands } from '../db/schema-terms.ts'
import { brandById, type BrandConfig } from '../rpc/request-brand.ts'
import { defaultBrandId } from '../customer/pending-terms.ts'

export async function customerBrandOf(db: Db, customerId: number): Promise<BrandConfig> {
  const [row] = await db
    .select({ brandId: customerBrands.brandId })
    .from(customerBrands)
    .where(eq(customerBrands.customerId, customerId))
  const brand = brandById(row?.brandId ?? defaultBrandId) ?? brandById(defaultBrandId)
  if (!brand) throw new Error('assertion: the default brand exists')
  return brand
}
