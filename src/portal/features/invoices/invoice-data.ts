// The invoices' data (product-spec section 3, Invoice; section 4: the received list shows the
// unpaid invoices, the sent list those awaiting payment; section 9: 20 a page): the two lists,
// which operations answer again after an invoice changes, and the word for an invoice's status.
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery, type RpcOperationId } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export type Invoice = components['schemas']['Invoice']
export type InvoiceSide = 'received' | 'sent'

/** Invoices a page (product-spec section 9). */
export const invoicePageSize = 20

/** What an invoice's payment, rejection or creation changes. */
export const changedByInvoice: RpcOperationId[] = [
  'invoiceReceivedList',
  'invoiceSentList',
  'invoiceGet',
  'balanceInquiry',
  'transactionHistoryList',
]

/** The status each list shows (product-spec section 4). */
export const listStatus = { received: 'unpaid', sent: 'awaitingPayment' } as const

export function useInvoiceList(side: InvoiceSide, pageNumber: number) {
  const body = { status: listStatus[side], pageNumber, pageSize: invoicePageSize }
  const received = useOperationQuery('invoiceReceivedList', body, { enabled: side === 'received' })
  const sent = useOperationQuery('invoiceSentList', body, { enabled: side === 'sent' })
  const query = side === 'received' ? received : sent
  const reply = query.data?.data
  const ok = reply?.responseCode === ResponseCode.Success
  return {
    pending: query.isPending,
    /** A lost answer or a refusal, with the envelope for the failure's text. */
    failed: query.isError || (query.data !== undefined && !ok),
    reply,
    status: query.data?.status ?? 200,
    invoices: ok ? (reply.invoices ?? []) : [],
    pages: ok ? Math.max(1, Math.ceil((reply.total ?? 0) / invoicePageSize)) : 1,
  }
}

export type StatusWord = NonNullable<Invoice['status']>

/**
 * The word for an invoice's status, as its reader sees it (the server's name: an unpaid
 * invoice is unpaid to its payer and awaitingPayment to its payee); the key of
 * `invoices:status.<word>`, never the id. An invoice in a list filtered by status is in that
 * list's status (section 4), which stands in when the server names none.
 */
export function statusWord(invoice: Invoice, side: InvoiceSide): StatusWord {
  return invoice.status ?? listStatus[side]
}

/** The other party: who asked (a received invoice) or who is asked to pay (a sent one). */
export function counterparty(invoice: Invoice, side: InvoiceSide) {
  return side === 'received'
    ? { name: invoice.payeeName, email: invoice.payeeEmail }
    : { name: invoice.payerName, email: invoice.payerEmail }
}
