// Reads and writes FATCA/CRS certifications (db/schema-fatca.ts) and their form statuses
// (product-spec section 4: validated, pending, none, notRequired, rejected, expiredSoon). A
// customer's statuses are kyc_profiles' columns, which post-login routing and the required
// actions read; a representative's are on their certification row. Writers hold the lock of
// lockSubject for their whole transaction, so two saves of one certification do not interleave.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, kycProfiles } from '../db/schema.ts'
import { fatcaCertifications } from '../db/schema-fatca.ts'
import { FatcaDocumentStatus } from '../../generated/constants.ts'
import type { FatcaSubject } from './fatca-subjects.ts'

export type CertificationRow = typeof fatcaCertifications.$inferSelect
export type FormStatus = (typeof FatcaDocumentStatus)[keyof typeof FatcaDocumentStatus]

export interface FormStatuses {
  selfCertification: FormStatus
  w8Ben: FormStatus
  w9: FormStatus
  lossOfNationality: FormStatus
}

/** The forms of a certification never saved: as kyc_profiles' column defaults. */
export const initialStatuses: FormStatuses = {
  selfCertification: FatcaDocumentStatus.None,
  w8Ben: FatcaDocumentStatus.None,
  w9: FatcaDocumentStatus.None,
  lossOfNationality: FatcaDocumentStatus.NotRequired,
}

function subjectFilter(subject: FatcaSubject) {
  return subject.kind === 'representative'
    ? eq(fatcaCertifications.representativeId, subject.representative.id)
    : and(
        eq(fatcaCertifications.customerId, subject.customerId),
        isNull(fatcaCertifications.representativeId),
      )
}

export async function certificationOf(
  db: Db,
  subject: FatcaSubject,
): Promise<CertificationRow | undefined> {
  const [row] = await db.select().from(fatcaCertifications).where(subjectFilter(subject))
  return row
}

/** Serialises the writers of one customer's certifications (its own and its representatives'). */
export async function lockSubject(
  tx: Db,
  subject: Pick<FatcaSubject, 'customerId'>,
): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, subject.customerId))
    .for('update')
}

export async function statusesOf(
  db: Db,
  subject: Pick<FatcaSubject, 'kind' | 'customerId'>,
  row: CertificationRow | undefined,
): Promise<FormStatuses> {
  if (subject.kind === 'representative') {
    if (!row) return initialStatuses
    return {
      selfCertification: (row.selfCertificationStatus ??
        initialStatuses.selfCertification) as FormStatus,
      w8Ben: (row.w8BenStatus ?? initialStatuses.w8Ben) as FormStatus,
      w9: (row.w9Status ?? initialStatuses.w9) as FormStatus,
      lossOfNationality: (row.lossOfNationalityStatus ??
        initialStatuses.lossOfNationality) as FormStatus,
    }
  }
  const [profile] = await db
    .select({
      selfCertification: kycProfiles.fatcaSelfCertificationStatus,
      w8Ben: kycProfiles.fatcaW8BenStatus,
      w9: kycProfiles.fatcaW9Status,
      lossOfNationality: kycProfiles.fatcaLossOfNationalityStatus,
    })
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, subject.customerId))
  return (profile as FormStatuses | undefined) ?? initialStatuses
}

/** The row's values besides its key and kind. */
export type CertificationValues = Pick<
  typeof fatcaCertifications.$inferInsert,
  | 'answers'
  | 'selfCertificationFileId'
  | 'w8BenFileId'
  | 'w9FileId'
  | 'lossOfNationalityFileId'
  | 'lossOfNationalityIssuedOn'
  | 'declaredByUserId'
  | 'declaredIp'
  | 'declaredAt'
>

/** Inserts or replaces the subject's certification and sets its statuses, in the caller's tx. */
export async function saveCertification(
  tx: Db,
  subject: FatcaSubject,
  existing: CertificationRow | undefined,
  values: CertificationValues,
  statuses: FormStatuses,
): Promise<void> {
  const representativeStatuses =
    subject.kind === 'representative'
      ? {
          selfCertificationStatus: statuses.selfCertification,
          w8BenStatus: statuses.w8Ben,
          w9Status: statuses.w9,
          lossOfNationalityStatus: statuses.lossOfNationality,
        }
      : {}
  if (existing) {
    await tx
      .update(fatcaCertifications)
      .set({ ...values, ...representativeStatuses })
      .where(eq(fatcaCertifications.id, existing.id))
  } else {
    await tx.insert(fatcaCertifications).values({
      customerId: subject.customerId,
      representativeId: subject.kind === 'representative' ? subject.representative.id : null,
      kind: subject.kind,
      ...values,
      ...representativeStatuses,
    })
  }
  if (subject.kind !== 'representative')
    await writeCustomerStatuses(tx, subject.customerId, statuses)
}

/** Changes some forms of a saved certification: a signed W-form, a loss-of-nationality file. */
export async function updateForms(
  tx: Db,
  subject: FatcaSubject,
  row: CertificationRow,
  files: Partial<
    Pick<
      CertificationValues,
      'w8BenFileId' | 'w9FileId' | 'lossOfNationalityFileId' | 'lossOfNationalityIssuedOn'
    >
  >,
  statuses: FormStatuses,
): Promise<void> {
  const representativeStatuses =
    subject.kind === 'representative'
      ? {
          w8BenStatus: statuses.w8Ben,
          w9Status: statuses.w9,
          lossOfNationalityStatus: statuses.lossOfNationality,
        }
      : {}
  await tx
    .update(fatcaCertifications)
    .set({ ...files, ...representativeStatuses })
    .where(eq(fatcaCertifications.id, row.id))
  if (subject.kind !== 'representative')
    await writeCustomerStatuses(tx, subject.customerId, statuses)
}

async function writeCustomerStatuses(
  tx: Db,
  customerId: number,
  statuses: FormStatuses,
): Promise<void> {
  const columns = {
    fatcaSelfCertificationStatus: statuses.selfCertification,
    fatcaW8BenStatus: statuses.w8Ben,
    fatcaW9Status: statuses.w9,
    fatcaLossOfNationalityStatus: statuses.lossOfNationality,
    updatedAt: new Date(),
  }
  await tx
    .insert(kycProfiles)
    .values({ customerId, ...columns })
    .onConflictDoUpdate({ target: kycProfiles.customerId, set: columns })
}

/**
 * Sets all four statuses of a certification: on its row for a representative, in the
 * customer's kyc_profiles otherwise. For writers that hold a row rather than a subject (the
 * bank's decisions and the W-8BEN's lapse), in the caller's transaction.
 */
export async function writeStatusesOfRow(
  tx: Db,
  row: CertificationRow,
  statuses: FormStatuses,
): Promise<void> {
  if (row.representativeId === null) return writeCustomerStatuses(tx, row.customerId, statuses)
  await tx
    .update(fatcaCertifications)
    .set({
      selfCertificationStatus: statuses.selfCertification,
      w8BenStatus: statuses.w8Ben,
      w9Status: statuses.w9,
      lossOfNationalityStatus: statuses.lossOfNationality,
    })
    .where(eq(fatcaCertifications.id, row.id))
}

/** The statuses of a certification's row, wherever they are kept. */
export async function statusesOfRow(db: Db, row: CertificationRow): Promise<FormStatuses> {
  const kind = row.representativeId === null ? 'personal' : 'representative'
  return statusesOf(db, { kind, customerId: row.customerId }, row)
}
