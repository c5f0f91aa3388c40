// The certification as the FATCA/CRS operations answer it (schemas/fatca-certification): the
// saved answers (or the prefilled form), the name and address the forms print, and for each
// form its document id, status and a short-lived download link (pdf/download-links.ts). A link
// is given for a PDF only; a scan uploaded as an image keeps its id without one.
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { storedFiles } from '../db/schema.ts'
import { downloadLink } from '../pdf/download-links.ts'
import {
  prefilledAnswersView,
  savedAnswersView,
  type FatcaCertification,
  type SavedAnswers,
} from './fatca-answers.ts'
import { certificationOf, statusesOf, type CertificationRow } from './fatca-store.ts'
import type { FatcaSubject } from './fatca-subjects.ts'

async function pdfFileIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: storedFiles.id, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(inArray(storedFiles.id, ids))
  return new Set(rows.filter((row) => row.contentType === 'application/pdf').map((row) => row.id))
}

type DocumentFields = Partial<
  Pick<
    FatcaCertification,
    | 'taxResidencySelfCertificationDocumentId'
    | 'taxResidencySelfCertificationDocumentUrl'
    | 'w8BenFormDocumentId'
    | 'w8BenFormDocumentUrl'
    | 'w9FormDocumentId'
    | 'w9FormDocumentUrl'
    | 'certificateOfLossOfNationalityDocumentId'
    | 'certificateOfLossOfNationalityDocumentUrl'
  >
>

async function documentFields(
  db: Db,
  subject: FatcaSubject,
  row: CertificationRow | undefined,
): Promise<DocumentFields> {
  if (!row) return {}
  const slots = [
    ['taxResidencySelfCertification', row.selfCertificationFileId],
    ['w8BenForm', row.w8BenFileId],
    ['w9Form', row.w9FileId],
    ['certificateOfLossOfNationality', row.lossOfNationalityFileId],
  ] as const
  const ids = slots.map(([, id]) => id).filter((id): id is number => id !== null)
  const pdfs = await pdfFileIds(db, ids)
  const fields: Record<string, number | string> = {}
  for (const [prefix, id] of slots) {
    if (id === null) continue
    fields[`${prefix}DocumentId`] = id
    if (pdfs.has(id))
      fields[`${prefix}DocumentUrl`] = await downloadLink(db, subject.customerId, id)
  }
  return fields as DocumentFields
}

/** The subject's certification as saved (or prefilled), with its forms. */
export async function certificationView(
  db: Db,
  subject: FatcaSubject,
): Promise<FatcaCertification> {
  const row = await certificationOf(db, subject)
  const statuses = await statusesOf(db, subject, row)
  const answers = row
    ? savedAnswersView(row.answers as unknown as SavedAnswers)
    : await prefilledAnswersView(db, subject)
  const residenceAddress = subject.kind === 'business' ? undefined : subject.residenceAddress
  return {
    name: subject.name,
    ...(residenceAddress ? { residenceAddress } : {}),
    ...answers,
    ...(await documentFields(db, subject, row)),
    taxResidencySelfCertificationDocumentStatus: statuses.selfCertification,
    w8BenFormDocumentStatus: statuses.w8Ben,
    w9FormDocumentStatus: statuses.w9,
    certificateOfLossOfNationalityDocumentStatus: statuses.lossOfNationality,
  }
}
