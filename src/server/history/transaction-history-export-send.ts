// transactionHistoryExportSend: e-mails a ready statement (docs/decisions.md, History export
// and statements). Only to one of the acting customer's own confirmed e-mail addresses, so a
// statement never goes to a stranger's mailbox; the outbox holds the mail in the reader's
// language (locales/<lang>/messages.json, mail.statement): the month, the account, the
// opening and closing balances and the portal's statements page, where the customer signs in
// to download the PDF (a link in a mail outlives any 15-minute download link).
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure } from '../rpc/outcome.ts'
import { customerEmails } from '../db/schema.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { statementById } from './statements.ts'
import { monthName, statementFacts, statementTotals } from './statement-pdf.ts'

export const handler: Handler<'transactionHistoryExportSend'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const statement = await statementById(context.db, customerId, input.exportId)
  if (!statement) {
    return validationFailure([refusal('exportId', 'refusal.statements.notYours')])
  }
  if (statement.status !== 'ready') {
    return validationFailure([refusal('exportId', 'refusal.statements.notReady')])
  }
  const email = input.email.trim().toLowerCase()
  const [own] = await context.db
    .select({ id: customerEmails.id })
    .from(customerEmails)
    .where(
      and(
        eq(customerEmails.customerId, customerId),
        eq(customerEmails.emailAddress, email),
        isNotNull(customerEmails.confirmedAt),
      ),
    )
  if (!own) {
    return validationFailure([refusal('email', 'refusal.statements.notConfirmedEmail')])
  }
  const facts = await statementFacts(context.db, statement.payload, statement.createdAt)
  if (!facts) {
    return validationFailure([refusal('exportId', 'refusal.statements.notYours')])
  }
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  const totals = statementTotals(facts)
  const money = (minor: bigint) =>
    formatMoney(fromMinor(minor, scaleOf(facts.currencyCode)), facts.currencyCode, lang)
  await enqueueMessage(context.db, {
    channel: 'email',
    recipient: email,
    lang,
    mail: 'statement',
    params: {
      month: monthName(lang, facts.dateFrom),
      account: facts.accountId,
      currency: facts.currencyCode,
      opening: money(facts.openingMinor),
      closing: money(totals.closing),
      link: '/statements',
    },
  })
  return rpcOk({})
}
