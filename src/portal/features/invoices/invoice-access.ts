// Who may do what with invoices: the operations' x-access (spec/invoices.yaml; paying is the
// P2P transfer). A small module of its own, so home's quick actions (in the signed-in chunk)
// offer "Add money" and "Request" by the same rules without loading the invoice pages.
import { mayOpen } from '../../app/page-access.ts'
import type { Viewer } from '../../../shared/access.ts'

export const invoiceAccess = {
  pay: 'rights:2,3',
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
