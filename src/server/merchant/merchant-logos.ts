// The default-logo rule: while a merchant has logos, exactly one is the default. The partial
// unique index (schema-merchant.ts) forbids two; these helpers move the flag and fill a gap,
// always under the merchant's logo lock (merchant-locks.ts).
import { and, desc, eq, getTableColumns, ne } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import type { LogoRow, LogoSummary } from './merchant-views.ts'

/** Every column but the image bytes. */
const { content: _content, ...summaryColumns } = getTableColumns(merchantLogos)
export const logoSummaryColumns = summaryColumns

/** Makes one logo the default, clearing the flag on the previous default first. */
export async function makeDefaultLogo(tx: Db, customerId: number, logoId: number): Promise<void> {
  await tx
    .update(merchantLogos)
    .set({ isDefault: false })
    .where(
      and(
        eq(merchantLogos.customerId, customerId),
        eq(merchantLogos.isDefault, true),
        ne(merchantLogos.id, logoId),
      ),
    )
  await tx
    .update(merchantLogos)
    .set({ isDefault: true })
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.id, logoId)))
}

export async function hasDefaultLogo(db: Db, customerId: number): Promise<boolean> {
  const [current] = await db
    .select({ id: merchantLogos.id })
    .from(merchantLogos)
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.isDefault, true)))
  return current !== undefined
}

/** When no logo is the default (the default was deleted), the newest one becomes it. */
export async function fillDefaultLogo(tx: Db, customerId: number): Promise<void> {
  if (await hasDefaultLogo(tx, customerId)) return
  const [newest] = await tx
    .select({ id: merchantLogos.id })
    .from(merchantLogos)
    .where(eq(merchantLogos.customerId, customerId))
    .orderBy(desc(merchantLogos.createdAt), desc(merchantLogos.id))
    .limit(1)
  if (newest) await makeDefaultLogo(tx, customerId, newest.id)
}

/** One logo of the merchant with its image; another merchant's logo reads as missing. */
export async function merchantLogo(
  db: Db,
  customerId: number,
  logoId: number,
): Promise<LogoRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantLogos)
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.id, logoId)))
  return row
}

/** One logo of the merchant without its image. */
export async function merchantLogoSummary(
  db: Db,
  customerId: number,
  logoId: number,
): Promise<LogoSummary | undefined> {
  const [row] = await db
    .select(logoSummaryColumns)
    .from(merchantLogos)
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.id, logoId)))
  return row
}
