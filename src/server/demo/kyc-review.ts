// Demo data of the administrator's review (product-spec section 2, admin-overview; section 6):
// review@nova.example, an unverified personal customer whose passport and proof of address
// were uploaded and wait for a decision, with real files to open; and real bytes behind the
// business's proof of address under investigation. So admin@nova.example's overview lists
// both after `npm start`. Northwind (business@) also gets the business profile and director a
// registration would have left, so its financial details, due diligence and a representative's
// documents can be reviewed too. Added once: the review customer's user marks it done.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerAddresses,
  customerDocuments,
  customerEmails,
  customerPhones,
  customers,
  kycProfiles,
  uploadedDocuments,
  users,
} from '../db/schema.ts'
import { businessProfiles, businessRepresentatives } from '../db/schema-business.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { storeFile } from '../uploads/stored-files.ts'

export const reviewDemoUsername = 'review@nova.example'

/**
 * A one-page PDF showing a few lines of text, so the demo files open in any viewer. The
 * cross-reference offsets are computed, as readers check them.
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 14 Tf 56 ${780 - index * 24} Td (${line.replace(/[()\\]/g, '')}) Tj ET`,
    )
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const dayMs = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs)

async function storeDemoPdf(db: Db, customerId: number, fileName: string, lines: string[]) {
  const content = demoPdf(lines)
  const fileId = await storeFile(db, customerId, 'document', {
    fileName,
    contentType: 'application/pdf',
    content,
  })
  return { fileId, fileName, contentType: 'application/pdf', sizeBytes: content.length }
}

async function seedReviewCustomer(db: Db, password: string): Promise<void> {
  const [customer] = await db
    .insert(customers)
    .values({
      customerType: 0,
      firstName: 'Riley',
      lastName: 'Stone',
      email: reviewDemoUsername,
      residenceCountryCode: 'GB',
      birthDay: '1992-09-21',
      verified: false,
    })
    .returning()
  if (!customer) throw new Error('assertion: the review demo customer was inserted')
  const customerId = customer.id
  await db.insert(users).values({
    username: reviewDemoUsername,
    passwordHash: await hashPassword(password),
    customerId,
    loginFlow: 'simple',
  })
  await db.insert(kycProfiles).values({
    customerId,
    birthCountryCode: 'GB',
    citizenshipCountryCodes: ['GB'],
    fatcaSelfCertificationStatus: 'validated',
    fatcaW8BenStatus: 'validated',
    fatcaW9Status: 'notRequired',
  })
  await db.insert(customerEmails).values({
    customerId,
    emailAddress: reviewDemoUsername,
    isPrimary: true,
    confirmedAt: daysAgo(10),
  })
  await db.insert(customerPhones).values({
    customerId,
    countryCode: '44',
    number: '7700900456',
    isPrimary: true,
    confirmedAt: daysAgo(10),
  })
  const [home] = await db
    .insert(customerAddresses)
    .values({
      customerId,
      address1: '12 Quay Street',
      city: 'Bristol',
      postalCode: 'BS1 4DJ',
      countryCode: 'GB',
      status: 2,
    })
    .returning()
  if (!home) throw new Error('assertion: the review demo address was inserted')
  const [identity, proof] = await db
    .insert(customerDocuments)
    .values([
      { customerId, categoryId: 1, statusId: 0 },
      { customerId, categoryId: 2, statusId: 0, addressId: home.id },
    ])
    .returning()
  if (!identity || !proof) throw new Error('assertion: the review demo documents were inserted')
  const issued = daysAgo(20).toISOString().slice(0, 10)
  await db.insert(uploadedDocuments).values([
    {
      customerId,
      documentId: identity.id,
      documentTypeId: 1,
      statusId: 0,
      number: '120458831',
      issuedDate: '2022-05-10',
      expiresDate: '2032-05-09',
      createdUsername: reviewDemoUsername,
      uploadedAt: daysAgo(3),
      ...(await storeDemoPdf(db, customerId, 'passport.pdf', [
        'Demo passport - Riley Stone',
        'Number 120458831, valid to 2032-05-09',
      ])),
    },
    {
      customerId,
      documentId: proof.id,
      documentTypeId: 11,
      statusId: 0,
      issuedDate: issued,
      createdUsername: reviewDemoUsername,
      uploadedAt: daysAgo(2),
      ...(await storeDemoPdf(db, customerId, 'utility-bill.pdf', [
        'Demo utility bill - Riley Stone',
        `12 Quay Street, Bristol BS1 4DJ, issued ${issued}`,
      ])),
    },
  ])
}

/** The business's proof of address under investigation gets bytes an administrator can open. */
async function fileBusinessProof(db: Db): Promise<void> {
  const [proof] = await db
    .select({ id: uploadedDocuments.id, customerId: uploadedDocuments.customerId })
    .from(uploadedDocuments)
    .innerJoin(users, eq(users.customerId, uploadedDocuments.customerId))
    .where(
      and(
        eq(users.username, 'business@nova.example'),
        eq(uploadedDocuments.fileName, 'office-electricity-bill.pdf'),
        isNull(uploadedDocuments.fileId),
      ),
    )
  if (!proof) return
  const stored = await storeDemoPdf(db, proof.customerId, 'office-electricity-bill.pdf', [
    'Demo electricity bill - Northwind Trading Ltd',
    'Gedimino pr. 1, Vilnius 01103',
  ])
  await db
    .update(uploadedDocuments)
    .set({ fileId: stored.fileId, sizeBytes: stored.sizeBytes })
    .where(eq(uploadedDocuments.id, proof.id))
}

/** Northwind's profile and director, unless another seeder or a registration made them. */
async function seedBusinessProfile(db: Db): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.username, 'business@nova.example'))
  if (!user) return
  const companyCustomerId = user.customerId
  await db
    .insert(businessProfiles)
    .values({
      customerId: companyCustomerId,
      registrationNumber: '305112233',
      registrationDate: '2019-06-03',
      registrationCountryCode: 'LT',
      website: 'https://northwind.example',
      financialDetail: {
        monthlyDepositAmount: '25000.00',
        monthlyDepositCurrency: 'EUR',
        monthlyWithdrawalAmount: '20000.00',
        monthlyWithdrawalCurrency: 'EUR',
        sourceIds: [61],
        purposeIds: [21],
        industry: 22,
      },
      dueDiligence: { government: false, lawsuits: false, taxPayers: true },
      legalInformation: { legalForm: 'Private limited company', isRegulated: false },
    })
    .onConflictDoNothing()
  const [director] = await db
    .select({ id: businessRepresentatives.id })
    .from(businessRepresentatives)
    .where(eq(businessRepresentatives.companyCustomerId, companyCustomerId))
    .limit(1)
  if (director) return
  await db.insert(businessRepresentatives).values({
    companyCustomerId,
    type: 1,
    firstName: 'Sam',
    lastName: 'Taylor',
    birthday: '1984-11-02',
    email: 'business@nova.example',
    positionIds: [2],
    userId: user.id,
  })
}

export async function seedKycReviewDemo(db: Db, password: string): Promise<void> {
  const [existing] = await db.select().from(users).where(eq(users.username, reviewDemoUsername))
  if (existing) return
  await seedReviewCustomer(db, password)
  await fileBusinessProof(db)
  await seedBusinessProfile(db)
}
