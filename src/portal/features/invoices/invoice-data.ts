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

/** The status words the portal knows; the key of `invoices:status.<word>`. */
export const statusWords = ['unpaid', 'awaitingPayment', 'paid', 'rejected', 'expired'] as const
export type StatusWord = (typeof statusWords)[number]

/**
 * The word for an invoice's status. The server's `status` text is matched to a known word
 * (its catalogue of ids is not shown in the product); an invoice in a list filtered by status
 * is in that list's status (section 4), so the list's own word is the fallback. Never the id.
 */
export function statusWord(invoice: Invoice, side: InvoiceSide): StatusWord {
  const said = (invoice.status ?? '').replace(/[\s_-]/g, '').toLowerCase()
  const known = statusWords.find((word) => word.toLowerCase() === said)
  if (known === 'unpaid' || known === 'awaitingPayment') return listStatus[side]
  return known ?? listStatus[side]
}

/** The other party: who asked (a received invoice) or who is asked to pay (a sent one). */
export function counterparty(invoice: Invoice, side: InvoiceSide) {
  return side === 'received'
    ? { name: invoice.payeeName, email: invoice.payeeEmail }
    : { name: invoice.payerName, email: invoice.payerEmail }
}
