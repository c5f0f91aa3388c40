// The invoices' rules, pure: who may do what (the operations' x-access, spec/invoices.yaml;
// paying is the P2P transfer), the status each list shows and the word for an invoice's
// status. A small module of its own, so home's quick actions (in the signed-in chunk) offer
// "Add money" and "Request" by the same rules without loading the invoice pages.
import { mayOpen } from '../../app/page-access.ts'
import type { Viewer } from '../../../shared/access.ts'
import type { components } from '../../../generated/api.d.ts'

type Invoice = components['schemas']['Invoice']
export type InvoiceSide = 'received' | 'sent'

export const invoiceAccess = {
  pay: 'rights:2,3 permission:sendMoneyUser',
  reject: 'rights:2',
  request: 'rights:2 permission:requestMoney',
  addMoney: 'rights:2',
} as const

export type InvoiceAction = keyof typeof invoiceAccess

/** Whether the viewer (undefined while it loads: not yet) may do `action`. */
export function mayDo(viewer: Viewer | undefined, action: InvoiceAction): boolean {
  return viewer !== undefined && mayOpen({ access: invoiceAccess[action] }, viewer)
}

/** The invoices page with one of its dialogs open (home's quick actions). */
export const invoiceDialogRoute = {
  request: '/transfer/invoices?action=request',
  addMoney: '/transfer/invoices?action=add-money',
} as const

/** The status each list shows (product-spec section 4). */
export const listStatus = { received: 'unpaid', sent: 'awaitingPayment' } as const

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
