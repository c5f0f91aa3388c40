// Who is offered what on the invoices page and on home (the operations' x-access), and the
// word an invoice's status is shown as: the server's name for its reader, else the list's.
import { describe, expect, test } from 'vitest'
import type { Viewer } from '../../../../src/shared/access.ts'
import {
  counterparty,
  mayDo,
  statusWord,
} from '../../../../src/portal/features/invoices/invoice-rules.ts'

const viewer = (accessRight: number, permissions: Record<string, boolean> = {}): Viewer => ({
  signedIn: true,
  isAdmin: false,
  accessRight,
  customerType: 0,
  permissions,
})

describe('who may do what', () => {
  test.each([
    [1, { sendMoneyUser: true }, { pay: false, reject: false, request: false, addMoney: false }],
    [2, {}, { pay: false, reject: true, request: false, addMoney: true }],
    [2, { sendMoneyUser: true }, { pay: true, reject: true, request: false, addMoney: true }],
    [2, { requestMoney: true }, { pay: false, reject: true, request: true, addMoney: true }],
    [
      3,
      { sendMoneyUser: true, requestMoney: true },
      { pay: true, reject: false, request: false, addMoney: false },
    ],
    [4, { sendMoneyUser: true }, { pay: false, reject: false, request: false, addMoney: false }],
  ] as const)('right %i with %o', (right, flags, offered) => {
    const who = viewer(right, flags)
    expect({
      pay: mayDo(who, 'pay'),
      reject: mayDo(who, 'reject'),
      request: mayDo(who, 'request'),
      addMoney: mayDo(who, 'addMoney'),
    }).toEqual(offered)
  })

  test('nothing is offered while the viewer loads', () => {
    expect(mayDo(undefined, 'addMoney')).toBe(false)
  })
})

describe("an invoice's status word", () => {
  const invoice = { id: 7, amount: '10.00', currencyCode: 'USD', statusId: 1 } as const
  test("the server's name for the reader", () => {
    expect(statusWord({ ...invoice, status: 'paymentPending' }, 'received')).toBe('paymentPending')
    expect(statusWord({ ...invoice, status: 'awaitingPayment' }, 'sent')).toBe('awaitingPayment')
  })
  test("else the list's own status, never the id", () => {
    expect(statusWord(invoice, 'received')).toBe('unpaid')
    expect(statusWord(invoice, 'sent')).toBe('awaitingPayment')
  })
})

test('the other party is the payee of a received invoice and the payer of a sent one', () => {
  const invoice = {
    id: 1,
    amount: '1.00',
    currencyCode: 'USD',
    statusId: 1,
    payeeName: 'Northwind Trading Ltd',
    payeeEmail: 'business@nova.example',
    payerName: 'Dana Demo',
    payerEmail: 'demo@nova.example',
  } as const
  expect(counterparty(invoice, 'received').email).toBe('business@nova.example')
  expect(counterparty(invoice, 'sent').email).toBe('demo@nova.example')
})
