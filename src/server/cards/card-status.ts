// A card's status as the issuer reports it (adapters/card-issuer): a job whose payload is a
// CardStatusReport, run here in one transaction with the notice it causes. A report applies
// only while the card is where the report follows (`from`), and never to a card that ended
// (blocked or closed): a card blocked on its way stays blocked. A card that is blocked or
// expires tells its customer (cardClosed, product-spec section 3, Notification types).
import type { Db } from '../db/open-database.ts'
import type { JobRunner } from '../jobs/job-context.ts'
import { PermanentJobError } from '../jobs/job-context.ts'
import type { CardStatusReport } from '../adapters/card-issuer/card-issuer-adapter.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import { cardAccountById, changeCardAccount } from '../ledger/card-accounts.ts'
import type { LedgerAccount } from '../ledger/accounts.ts'
import { notifyCustomer } from '../kyc/customer-notices.ts'
import { AccountStatus, NotificationStatus, NotificationType } from '../../generated/constants.ts'
import {
  cardRecordOf,
  changeCardRecord,
  maskCardNumber,
  sealNumber,
  sealPin,
} from './card-records.ts'

const ended = new Set<number>([AccountStatus.Canceled, AccountStatus.Closed])
const closing = new Set<number>([AccountStatus.Canceled, AccountStatus.Expired])

/** Tells the customer their card is closed for use (blocked or expired). */
export async function noticeCardClosed(tx: Db, card: LedgerAccount): Promise<void> {
  const record = await cardRecordOf(tx, card.id)
  const name = card.cardAliasName ?? record?.maskedNumber ?? String(card.id)
  await notifyCustomer(tx, card.customerId!, {
    type: NotificationType.CardClosed,
    status: NotificationStatus.Warning,
    notice: card.statusId === AccountStatus.Expired ? 'cardExpired' : 'cardBlocked',
    params: { card: name },
  })
}

/** Applies a report inside the caller's transaction; false when it no longer applies. */
export async function applyCardStatus(tx: Db, report: CardStatusReport): Promise<boolean> {
  const card = await cardAccountById(tx, report.accountId, true)
  if (!card || ended.has(card.statusId)) return false
  if (report.target === 'reissue') return applyReissueStatus(tx, card, report)
  if (report.from !== null && card.statusId !== report.from) return false
  if (card.statusId === report.statusId) return false
  const changed = await changeCardAccount(tx, card.id, { statusId: report.statusId })
  if (closing.has(report.statusId)) await noticeCardClosed(tx, changed)
  return true
}

/** A replacement on its way; once shipped the card carries its new number, expiry and PIN. */
async function applyReissueStatus(
  tx: Db,
  card: LedgerAccount,
  report: CardStatusReport,
): Promise<boolean> {
  if (report.from !== null && card.cardReissuedStatusId !== report.from) return false
  if (report.statusId !== AccountStatus.Shipped) {
    await changeCardAccount(tx, card.id, { cardReissuedStatusId: report.statusId })
    return true
  }
  const issued = cardIssuer().issue(new Date())
  await changeCardAccount(tx, card.id, {
    cardReissuedStatusId: AccountStatus.Shipped,
    statusId: AccountStatus.Shipped,
    cardExpiryMonth: issued.expiryMonth,
    cardExpiryYear: issued.expiryYear,
  })
  await changeCardRecord(tx, card.id, {
    maskedNumber: maskCardNumber(issued.cardNumber),
    numberSealed: await sealNumber(tx, card.id, issued.cardNumber),
    pinSealed: await sealPin(tx, card.id, issued.pin),
    activatedAt: null,
  })
  return true
}

function reportOf(payload: Record<string, unknown>): CardStatusReport {
  const { accountId, target, statusId, from } = payload
  if (
    typeof accountId !== 'number' ||
    (target !== 'card' && target !== 'reissue') ||
    typeof statusId !== 'number' ||
    (from !== null && typeof from !== 'number')
  ) {
    throw new PermanentJobError('a card status report needs accountId, target, statusId, from')
  }
  return { accountId, target, statusId, from }
}

export const recordCardStatusJob: JobRunner = async (context, payload) => {
  const report = reportOf(payload)
  await context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    if (await applyCardStatus(tx, report)) await cardIssuer().followUp(tx, report, context.now)
  })
}
