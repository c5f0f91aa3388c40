// adminFatcaFormDecide: an administrator validates or rejects one FATCA/CRS form of the
// customer chosen with fromCustomerId, or of one of its representatives (product-spec section
// 6; section 3, FATCA/CRS certification: document status values). Only a form waiting for the
// bank (pending) is decided, once; a new save or signature makes it pending again. The
// customer is notified (customer-notices.ts), the decision is recorded with the administrator
// and the time, and a validated W-8BEN has its lapse queued (fatca-w8ben-lapse.ts), all in one
// transaction.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import type { Db } from '../db/open-database.ts'
import { fatcaDecisions } from '../db/schema-fatca.ts'
import {
  FatcaDocumentStatus,
  NotificationStatus,
  NotificationType,
} from '../../generated/constants.ts'
import { notifyCustomer, type CustomerNotice } from './customer-notices.ts'
import {
  certificationOf,
  lockSubject,
  statusesOf,
  writeStatusesOfRow,
  type FormStatuses,
} from './fatca-store.ts'
import { customerSubject, isFailure, representativeSubject } from './fatca-subjects.ts'
import { scheduleW8BenLapse } from './fatca-w8ben-lapse.ts'

type Form = keyof FormStatuses

/** The form's name in the customer's notice. */
const formNames: Record<Form, string> = {
  selfCertification: 'tax residency self-certification',
  w8Ben: 'W-8BEN form',
  w9: 'W-9 form',
  lossOfNationality: 'certificate of loss of nationality',
}

function noticeOf(form: Form, confirm: boolean, reason: string | undefined): CustomerNotice {
  const name = formNames[form]
  return confirm
    ? {
        type: NotificationType.Info,
        status: NotificationStatus.Success,
        notice: 'selfCertificationChecked',
        params: { form: name },
      }
    : {
        type: NotificationType.DocumentRejected,
        status: NotificationStatus.Error,
        notice: 'selfCertificationRejected',
        params: { form: name, reason: reason ?? '' },
      }
}

export const handler: Handler<'adminFatcaFormDecide'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const confirm = input.decision === 'confirm'
  const reason = confirm ? undefined : input.rejectReason?.trim()
  if (!confirm && !reason) {
    return validationFailure([refusal('rejectReason', 'refusal.common.requiredToReject')])
  }
  const subject =
    input.representativeId === undefined
      ? await customerSubject(context.db, customerId)
      : await representativeSubject(context, input.representativeId)
  if (isFailure(subject)) return subject
  const form = input.form
  return context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    await lockSubject(tx, subject)
    const row = await certificationOf(tx, subject)
    const statuses = await statusesOf(tx, subject, row)
    if (!row || statuses[form] !== FatcaDocumentStatus.Pending) {
      return validationFailure([refusal('form', 'refusal.kyc.formNotPending')])
    }
    const next: FormStatuses = {
      ...statuses,
      [form]: confirm ? FatcaDocumentStatus.Validated : FatcaDocumentStatus.Rejected,
    }
    await writeStatusesOfRow(tx, row, next)
    await tx.insert(fatcaDecisions).values({
      certificationId: row.id,
      form,
      action: confirm ? 'validated' : 'rejected',
      reason: reason ?? null,
      decidedBy: userId,
    })
    if (confirm && form === 'w8Ben') await scheduleW8BenLapse(tx, row)
    await notifyCustomer(tx, row.customerId, noticeOf(form, confirm, reason))
    return rpcOk({ statuses: next })
  })
}
