// The lapse of a validated W-8BEN (docs/decisions.md, "FATCA/CRS decisions"): the form is good
// until the last day of the third calendar year after its signing, as the IRS instructions for
// W-8BEN say. When the bank validates one, two jobs are queued: 90 days before that day the
// form turns expiredSoon (the customer is told, documentExpSoon), and on the day after it turns
// none (documentExpired), a required action again, so that it is signed anew. A job finds the
// form it was queued for by its file: a newer signature since makes it do nothing.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { storedFiles } from '../db/schema.ts'
import { fatcaCertifications } from '../db/schema-fatca.ts'
import type { JobRunner } from '../jobs/job-context.ts'
import { PermanentJobError } from '../jobs/job-context.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import {
  FatcaDocumentStatus,
  NotificationStatus,
  NotificationType,
} from '../../generated/constants.ts'
import { notifyCustomer } from './customer-notices.ts'
import {
  lockSubject,
  statusesOfRow,
  writeStatusesOfRow,
  type CertificationRow,
} from './fatca-store.ts'

export const w8BenLapseJobKind = 'fatcaW8BenLapse'

/** Warned this many days before the form lapses. */
export const w8BenWarningDays = 90

/** The first moment the form signed at `signedAt` is no longer good (UTC). */
export function w8BenLapsesAt(signedAt: Date): Date {
  return new Date(Date.UTC(signedAt.getUTCFullYear() + 4, 0, 1))
}

/** Queues the warning and the lapse of the W-8BEN the row holds now, in the caller's tx. */
export async function scheduleW8BenLapse(tx: Db, row: CertificationRow): Promise<void> {
  if (row.w8BenFileId === null) return
  const [file] = await tx
    .select({ createdAt: storedFiles.createdAt })
    .from(storedFiles)
    .where(eq(storedFiles.id, row.w8BenFileId))
  if (!file) return
  const lapse = w8BenLapsesAt(file.createdAt)
  const warning = new Date(lapse.getTime() - w8BenWarningDays * 86_400_000)
  const payload = { certificationId: row.id, fileId: row.w8BenFileId }
  await enqueueJobs(tx, [
    { kind: w8BenLapseJobKind, payload: { ...payload, step: 'warning' }, runAt: warning },
    { kind: w8BenLapseJobKind, payload: { ...payload, step: 'lapse' }, runAt: lapse },
  ])
}

export const w8BenLapseJob: JobRunner = async (context, payload) => {
  const { certificationId, fileId, step } = payload
  if (typeof certificationId !== 'number' || typeof fileId !== 'number') {
    throw new PermanentJobError('payload needs certificationId and fileId')
  }
  if (step !== 'warning' && step !== 'lapse') throw new PermanentJobError('payload.step')
  await context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [found] = await tx
      .select()
      .from(fatcaCertifications)
      .where(eq(fatcaCertifications.id, certificationId))
    if (!found) return
    await lockSubject(tx, { customerId: found.customerId })
    const [row] = await tx
      .select()
      .from(fatcaCertifications)
      .where(eq(fatcaCertifications.id, certificationId))
    if (!row || row.w8BenFileId !== fileId) return
    const statuses = await statusesOfRow(tx, row)
    const { ExpiredSoon, None, Validated } = FatcaDocumentStatus
    const current = statuses.w8Ben
    if (step === 'warning' && current !== Validated) return
    if (step === 'lapse' && current !== Validated && current !== ExpiredSoon) return
    await writeStatusesOfRow(tx, row, {
      ...statuses,
      w8Ben: step === 'warning' ? ExpiredSoon : None,
    })
    await notifyCustomer(
      tx,
      row.customerId,
      step === 'warning'
        ? {
            type: NotificationType.DocumentExpSoon,
            status: NotificationStatus.Warning,
            notice: 'w8benExpiresSoon',
          }
        : {
            type: NotificationType.DocumentExpired,
            status: NotificationStatus.Error,
            notice: 'w8benExpired',
          },
    )
  })
}
