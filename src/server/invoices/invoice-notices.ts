// What the parties of an invoice are told, in the transaction of the change and each in their
// own language (locales/<lang>/messages.json): the payer of a new invoice (a customer gets a
// notice and its e-mail; an e-mail that is no customer yet gets an invitation to register and
// pay), the payee when it is rejected or paid. The e-mails follow the incomingTransfer
// notification setting (docs/decisions.md, Invoices).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { notifyCustomer } from '../kyc/customer-notices.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { languageOfCustomer, languageOfUser } from '../messages/reader-language.ts'
import { NotificationStatus, NotificationType } from '../../generated/constants.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { displayNameOf } from '../transfers/payee-lookup.ts'
import type { InvoiceRow } from './invoice-records.ts'

const setting = 'incomingTransfer'

function amountIn(row: InvoiceRow, lang: string): string {
  return formatMoney(fromMinor(row.amountMinor, scaleOf(row.currencyCode)), row.currencyCode, lang)
}

async function nameOf(tx: Db, customerId: number | null, fallback: string): Promise<string> {
  if (customerId === null) return fallback
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId))
  return (row && displayNameOf(row)) || fallback
}

/** Tells the payer of a new invoice that they are asked to pay it. */
export async function tellPayer(tx: Db, row: InvoiceRow, payeeEmail: string): Promise<void> {
  const payee = await nameOf(tx, row.payeeCustomerId, payeeEmail)
  if (row.payerCustomerId !== null) {
    const lang = await languageOfCustomer(tx, row.payerCustomerId)
    await notifyCustomer(tx, row.payerCustomerId, {
      type: NotificationType.Info,
      status: NotificationStatus.Info,
      notice: 'invoiceReceived',
      params: { payee, amount: amountIn(row, lang), id: row.id },
      setting,
    })
    return
  }
  // No customer holds the e-mail yet: the payee's language is the best guess, as for a claim.
  const lang = await languageOfUser(tx, row.createdByUserId)
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: row.payerEmail,
    lang,
    mail: 'invoiceRequest',
    params: { payee, amount: amountIn(row, lang), id: row.id, link: '/register' },
  })
}

/** Tells the payee that the payer rejected their invoice, or that it was paid. */
export async function tellPayee(
  tx: Db,
  row: InvoiceRow,
  what: 'invoiceRejected' | 'invoicePaid',
): Promise<void> {
  const lang = await languageOfCustomer(tx, row.payeeCustomerId)
  const payer = await nameOf(tx, row.payerCustomerId, row.payerEmail)
  await notifyCustomer(tx, row.payeeCustomerId, {
    type: NotificationType.Info,
    status: what === 'invoicePaid' ? NotificationStatus.Success : NotificationStatus.Warning,
    notice: what,
    params: { payer, amount: amountIn(row, lang), id: row.id },
    setting,
  })
}
