// The invoices' data (product-spec section 3, Invoice; section 4: the received list shows the
// unpaid invoices, the sent list those awaiting payment; section 9: 20 a page): the two lists
// and which operations answer again after an invoice changes.
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery, type RpcOperationId } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { listStatus, type InvoiceSide } from './invoice-rules.ts'

export type Invoice = components['schemas']['Invoice']
export type { InvoiceSide }

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
