// Demo data of the FATCA/CRS self-certification (product-spec sections 3 and 6), called by
// src/server/demo/seed.ts after the routing demo:
//   - fatca@nova.example (routing's "self-certification splash" user) gets the home address
//     and the birth place and citizenship the form is prefilled from;
//   - fatca-business@nova.example is Fjord Analytics Ltd, a business with nothing certified,
//     its registered address and office, and two representatives: its director Morgan Hale,
//     who signs in as fatca-director@nova.example with uploading rights (5) on the company, and
//     its owner Riley Quinn, born in the US, without a sign-in (the company's own sign-in
//     certifies for her, and her certificate of loss of nationality is asked for).
// Added once: the business's user marks it done.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customers, kycProfiles, users } from '../db/schema.ts'
import { businessProfiles, businessRepresentatives } from '../db/schema-business.ts'
import { companyUsers } from '../db/schema-security.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { AccessRight } from '../../generated/constants.ts'

export const demoFatcaBusiness = 'fatca-business@nova.example'
export const demoFatcaDirector = 'fatca-director@nova.example'

async function createLogin(
  db: Db,
  username: string,
  passwordHash: string,
  customer: Omit<typeof customers.$inferInsert, 'email'>,
): Promise<{ customerId: number; userId: number }> {
  const [row] = await db
    .insert(customers)
    .values({ ...customer, email: username })
    .returning({ id: customers.id })
  if (!row) throw new Error('assertion: FATCA demo customer inserted')
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash, customerId: row.id, loginFlow: 'simple' })
    .returning({ id: users.id })
  if (!user) throw new Error('assertion: FATCA demo user inserted')
  return { customerId: row.id, userId: user.id }
}

/** fatca@nova.example: what the personal form is prefilled from. */
async function seedPersonal(db: Db): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.username, 'fatca@nova.example'))
  if (!user) return
  await db.insert(customerAddresses).values({
    customerId: user.customerId,
    addressType: 1,
    address1: '12 Harbour Row',
    city: 'Bristol',
    postalCode: 'BS1 4RW',
    countryCode: 'GB',
    status: 1,
  })
  await db
    .update(kycProfiles)
    .set({ birthCity: 'Bristol', birthCountryCode: 'GB', citizenshipCountryCodes: ['GB'] })
    .where(eq(kycProfiles.customerId, user.customerId))
}

export async function seedFatcaDemo(db: Db, password: string): Promise<void> {
  const [done] = await db.select().from(users).where(eq(users.username, demoFatcaBusiness))
  if (done) return
  await seedPersonal(db)
  const passwordHash = await hashPassword(password)
  const company = await createLogin(db, demoFatcaBusiness, passwordHash, {
    customerType: 2,
    businessName: 'Fjord Analytics Ltd',
    residenceCountryCode: 'GB',
    hasRelatedAccounts: true,
    verified: true,
  })
  const director = await createLogin(db, demoFatcaDirector, passwordHash, {
    customerType: 0,
    firstName: 'Morgan',
    lastName: 'Hale',
    residenceCountryCode: 'GB',
    birthDay: '1979-06-21',
    verified: true,
  })
  await db.insert(kycProfiles).values({ customerId: company.customerId })
  await db.insert(businessProfiles).values({
    customerId: company.customerId,
    registrationNumber: '09876543',
    registrationDate: '2016-03-01',
    registrationCountryCode: 'GB',
    // Its registration answers, as a registered company has them (businessInfoGet's answer,
    // whose addresses the business self-certification offers, holds to the spec).
    financialDetail: {
      monthlyDepositAmount: '25000',
      monthlyDepositCurrency: 'GBP',
      monthlyWithdrawalAmount: '20000',
      monthlyWithdrawalCurrency: 'GBP',
      sourceIds: [61],
      purposeIds: [21],
      industry: 32,
    },
    dueDiligence: { government: false, lawsuits: false, taxPayers: true },
    legalInformation: {},
  })
  await db.insert(customerAddresses).values([
    {
      customerId: company.customerId,
      addressType: 2,
      address1: '4 Quay Street',
      city: 'Bristol',
      postalCode: 'BS1 4DB',
      countryCode: 'GB',
      status: 1,
    },
    {
      customerId: company.customerId,
      addressType: 5,
      address1: '20 Temple Gate',
      city: 'Bristol',
      postalCode: 'BS1 6PL',
      countryCode: 'GB',
      status: 1,
    },
  ])
  await db.insert(businessRepresentatives).values([
    {
      companyCustomerId: company.customerId,
      type: 1,
      firstName: 'Morgan',
      lastName: 'Hale',
      birthday: '1979-06-21',
      email: demoFatcaDirector,
      address: {
        address1: '7 Park Row',
        city: 'Bristol',
        postalCode: 'BS1 5LJ',
        countryCode: 'GB',
      },
      positionIds: [2],
      userId: director.userId,
    },
    {
      companyCustomerId: company.customerId,
      type: 1,
      firstName: 'Riley',
      lastName: 'Quinn',
      birthday: '1984-11-02',
      address: {
        address1: '3 Clifton Hill',
        city: 'Bristol',
        postalCode: 'BS8 1BN',
        countryCode: 'GB',
      },
      positionIds: [8],
    },
  ])
  await db.insert(companyUsers).values({
    companyCustomerId: company.customerId,
    userId: director.userId,
    accessRight: AccessRight.Uploading,
    positionIds: [2],
  })
}
