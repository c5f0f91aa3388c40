// Demo revenue-split contracts (product-spec sections 3 and 4) between Northwind Trading
// (business@) and the Harbor companies (group@, retail@, labs@), one in each step a person
// meets: in force, proposed to business@, proposed by it, being terminated by the other side,
// cancelled, and waiting for the payer's identification (Harbor Labs is not verified).
// Seeded once; their own id range (190001 on) moves no other demo id.
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { contracts } from '../db/schema-contracts.ts'

const day = 86_400_000

const dayOffset = (days: number, now: number) =>
  new Date(now + days * day).toISOString().slice(0, 10)

export async function seedContractsDemo(db: Db): Promise<void> {
  const [seeded] = await db.select({ id: contracts.id }).from(contracts).limit(1)
  if (seeded) return
  const names = [
    'Northwind Trading Ltd',
    'Harbor Group Ltd',
    'Harbor Retail Ltd',
    'Harbor Labs Ltd',
  ]
  const found = await db
    .select({ id: customers.id, name: customers.businessName })
    .from(customers)
    .where(inArray(customers.businessName, names))
  const id = (name: string) => {
    const customer = found.find((row) => row.name === name)
    if (!customer) throw new Error(`assertion: the demo business ${name} exists`)
    return customer.id
  }
  const [northwind, group, retail, labs] = names.map(id) as [number, number, number, number]
  const now = Date.now()
  const at = (days: number) => new Date(now + days * day)
  const terms = {
    senderObligations: ['Report the month’s revenue by the 5th of the next month'],
    beneficiaryObligations: ['Refer customers under the shared brand'],
  }
  await db.insert(contracts).values([
    {
      ...terms,
      status: 'SIGNED',
      companyId: northwind,
      senderId: northwind,
      beneficiaryId: group,
      initiatorId: northwind,
      percentage: '12.50',
      senderSignerName: 'Sam Taylor',
      beneficiarySignerName: 'Harbor Group director',
      note: 'Referral share for the wholesale channel',
      activeFrom: dayOffset(-60, now),
      senderSignedAt: at(-62),
      beneficiarySignedAt: at(-61),
      identificationStatus: 'SUCCESS',
      createdAt: at(-63),
    },
    {
      ...terms,
      status: 'WAITING',
      companyId: retail,
      senderId: retail,
      beneficiaryId: northwind,
      initiatorId: retail,
      percentage: '5.00',
      senderSignerName: 'Harbor Retail director',
      activeFrom: dayOffset(14, now),
      senderSignedAt: at(-1),
      createdAt: at(-2),
    },
    {
      ...terms,
      status: 'UNSIGNED',
      companyId: labs,
      senderId: labs,
      beneficiaryId: northwind,
      initiatorId: northwind,
      percentage: '7.25',
      activeFrom: dayOffset(30, now),
      createdAt: at(-1),
    },
    {
      ...terms,
      status: 'TERMINATING',
      companyId: group,
      senderId: group,
      beneficiaryId: northwind,
      initiatorId: group,
      percentage: '3.00',
      activeFrom: dayOffset(-120, now),
      senderSignedAt: at(-125),
      beneficiarySignedAt: at(-124),
      identificationStatus: 'SUCCESS',
      terminateRequestedBy: group,
      terminateRequestedAt: at(-3),
      terminateNote: 'The channel closes at the end of the quarter',
      createdAt: at(-126),
    },
    {
      ...terms,
      status: 'CANCELLED',
      companyId: northwind,
      senderId: northwind,
      beneficiaryId: retail,
      initiatorId: northwind,
      percentage: '10.00',
      activeFrom: dayOffset(-20, now),
      createdAt: at(-30),
    },
    {
      ...terms,
      status: 'NEED_IDENTIFICATION',
      companyId: labs,
      senderId: labs,
      beneficiaryId: northwind,
      initiatorId: labs,
      percentage: '2.50',
      activeFrom: dayOffset(7, now),
      senderSignedAt: at(-4),
      beneficiarySignedAt: at(-3),
      createdAt: at(-5),
    },
  ])
}
