// The invoices area as its clients see it (issue 16; product-spec sections 3, 4, 7 and 8;
// docs/decisions.md, "Invoices (issue 16)"): the demo invoices from both sides, sending one
// (the payer told, or invited when no customer yet), reading it (payee and payer only),
// rejecting (the payer only), "add money" (a funding invoice with bank-wire details and a PDF,
// no money moved), and paying with a P2P transfer carrying invoiceId: every rule refused with
// its field, the money moved once on a repeat and on two concurrent calls, a payment waiting
// for its code holding the invoice, and the history naming the invoice.
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices } from '../../../src/server/db/schema-invoices.ts'
import { customerEmails, users } from '../../../src/server/db/schema.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { ledgerPostings } from '../../../src/server/db/schema-ledger.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { caller, ok, refusal } from '../cards/card-test-kit.ts'
import {
  balancesOf,
  customerIdOf,
  lastCodeSentTo,
  setApprovalMode,
} from '../transfers/transfer-test-kit.ts'
import type { components } from '../../../src/generated/api.d.ts'

type Invoice = components['schemas']['Invoice']
type Call = ReturnType<typeof caller>

const invoiceOf = async (call: Call, invoiceId: number) =>
  ok(await call('invoiceGet', { invoiceId })).invoice as Invoice

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: Call
    let business: Call
    let third: Call
    const tokens: Record<string, string> = {}
    let demoIds: Record<string, number>
    let businessIds: Record<string, number>
    let thirdIds: Record<string, number>

    const lastMailTo = async (recipient: string) =>
      (
        await server.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, recipient))
          .orderBy(desc(outboxMessages.id))
          .limit(1)
      )[0]

    const send = async (body: Record<string, unknown>) =>
      ok(
        await demo('invoiceCreate', {
          toEmail: 'business@nova.example',
          amount: '10.00',
          currency: 'USD',
          ...body,
        }),
      ).invoice as Invoice

    const pay = (as: Call, invoice: Invoice, key: string, body: Record<string, unknown> = {}) =>
      as('p2pTransferSubmit', {
        accountId: (as === business ? businessIds : as === demo ? demoIds : thirdIds)[
          invoice.currencyCode
        ],
        amount: invoice.amount,
        currency: invoice.currencyCode,
        toEmail: invoice.payeeEmail,
        invoiceId: invoice.id,
        idempotencyKey: key,
        ...body,
      })

    beforeAll(async () => {
      server = await startServer(target)
      for (const name of ['demo', 'business', 'payroll']) {
        tokens[name] = (await server.signIn(`${name}@nova.example`)).accessToken
      }
      demo = caller(server, tokens.demo!)
      business = caller(server, tokens.business!)
      third = caller(server, tokens.payroll!)
      demoIds = (await balancesOf(server, tokens.demo!)).ids as Record<string, number>
      businessIds = (await balancesOf(server, tokens.business!)).ids as Record<string, number>
      thirdIds = (await balancesOf(server, tokens.payroll!)).ids as Record<string, number>
    }, 60_000)
    afterAll(async () => {
      await server?.close()
    })

    it("shows the demo invoices to both sides, each in its reader's words", async () => {
      const received = ok(await demo('invoiceReceivedList', { status: 'unpaid' }))
      expect(received.total).toBe(1)
      const [toPay] = received.invoices as Invoice[]
      expect(toPay).toMatchObject({
        payeeName: 'Northwind Trading Ltd',
        payeeEmail: 'business@nova.example',
        payerEmail: 'demo@nova.example',
        amount: '120.00',
        currencyCode: 'EUR',
        statusId: 1,
        status: 'unpaid',
        noteBody: 'Design workshop, November',
        isFunding: false,
        isSystem: false,
      })
      expect(toPay!.total).toBe((120 + Number(toPay!.feePayment)).toFixed(2))
      const sent = ok(await demo('invoiceSentList', { status: 'awaitingPayment' }))
      expect(sent.invoices).toHaveLength(1)
      expect((sent.invoices as Invoice[])[0]).toMatchObject({
        payerEmail: 'business@nova.example',
        amount: '45.00',
        status: 'awaitingPayment',
      })
      const theirs = ok(await business('invoiceSentList', {})).invoices as Invoice[]
      expect(theirs.map((i) => [i.id, i.status])).toContainEqual([toPay!.id, 'awaitingPayment'])
    })

    it('sends an invoice: the payer is told in their language, or invited by e-mail', async () => {
      const invoice = await send({ noteBody: '  Lunch  ', dueDate: '2099-01-31', amount: '12.5' })
      expect(invoice).toMatchObject({
        amount: '12.50',
        currencyCode: 'USD',
        payeeAccountId: demoIds.USD,
        noteBody: 'Lunch',
        dueDate: '2099-01-31',
        status: 'awaitingPayment',
      })
      expect((await invoiceOf(business, invoice.id)).status).toBe('unpaid')
      expect((await lastMailTo('business@nova.example'))?.subject).toBe('New invoice')
      const stranger = ok(
        await demo('invoiceCreate', {
          toEmail: 'New.Client@Mail.Example',
          amount: '99.00',
          currency: 'EUR',
        }),
      ).invoice as Invoice
      expect(stranger.payerEmail).toBe('new.client@mail.example')
      const mail = await lastMailTo('new.client@mail.example')
      expect(mail?.subject).toMatch(/^Alex M\. asks you to pay/)
      expect(mail?.body).toContain(`No. ${stranger.id}`)
    })

    it('refuses an invoice naming the field: self, currency, scale, due date, permission', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ toEmail: 'DEMO@nova.example' }, 'toEmail'],
        [{ currency: 'GBP' }, 'currency'],
        [{ amount: '1.234' }, 'amount'],
        [{ dueDate: '2020-01-01' }, 'dueDate'],
      ]
      for (const [body, parameter] of cases) {
        const reply = await demo('invoiceCreate', {
          toEmail: 'business@nova.example',
          amount: '10.00',
          currency: 'USD',
          ...body,
        })
        expect(refusal(reply), JSON.stringify(body)).toMatchObject({ code: 'VF', parameter })
      }
      // business@ has no requestMoney permission: the dispatcher refuses before the handler.
      const denied = await business('invoiceCreate', {
        toEmail: 'demo@nova.example',
        amount: '10.00',
        currency: 'EUR',
      })
      expect(denied.body.responseCode).toBe('ENOA')
    })

    it('lets only the payee and the payer read an invoice; others get "not found"', async () => {
      const invoice = await send({})
      expect((await invoiceOf(demo, invoice.id)).id).toBe(invoice.id)
      const stranger = refusal(await third('invoiceGet', { invoiceId: invoice.id }))
      const unknown = refusal(await third('invoiceGet', { invoiceId: 2_000_000_000 }))
      expect(stranger).toMatchObject({ code: 'VF', parameter: 'invoiceId' })
      expect(stranger).toEqual(unknown)
      const theirLists = [
        ...(ok(await third('invoiceReceivedList', {})).invoices as Invoice[]),
        ...(ok(await third('invoiceSentList', {})).invoices as Invoice[]),
      ]
      expect(theirLists.map((i) => i.id)).not.toContain(invoice.id)
      expect(refusal(await third('invoiceReject', { invoiceId: invoice.id }))).toEqual(unknown)
    })

    it('lets the payer reject, with a note the payee reads; not twice, not the payee', async () => {
      const invoice = await send({})
      const own = refusal(await demo('invoiceReject', { invoiceId: invoice.id }))
      expect(own).toMatchObject({ code: 'VF', parameter: 'invoiceId' })
      const rejected = ok(
        await business('invoiceReject', { invoiceId: invoice.id, note: 'Not ours' }),
      ).invoice as Invoice
      expect(rejected).toMatchObject({ statusId: 4, status: 'rejected', rejectNote: 'Not ours' })
      expect((await invoiceOf(demo, invoice.id)).status).toBe('rejected')
      expect((await lastMailTo('demo@nova.example'))?.subject).toBe('Invoice rejected')
      const again = refusal(await business('invoiceReject', { invoiceId: invoice.id }))
      expect(again).toMatchObject({ parameter: 'invoiceId', description: 'was rejected' })
      const open = ok(await business('invoiceReceivedList', { status: 'unpaid' }))
      expect((open.invoices as Invoice[]).map((i) => i.id)).not.toContain(invoice.id)
      const paid = refusal(await pay(business, invoice, 'pay-rejected-1'))
      expect(paid).toMatchObject({ parameter: 'invoiceId', description: 'was rejected' })
    })

    it('adds money: a funding invoice with bank-wire details and a PDF, no money moved', async () => {
      const before = await balancesOf(server, tokens.demo!)
      const funding = ok(await demo('invoiceFundingCreate', { amount: '500.00' }))
        .invoice as Invoice
      expect(funding).toMatchObject({
        isFunding: true,
        amount: '500.00',
        currencyCode: 'USD',
        payeeAccountId: demoIds.USD,
        status: 'awaitingPayment',
        feePayment: '0.00',
      })
      expect(funding.paymentInstruction).toMatchObject({
        accountId: demoIds.USD,
        swift: 'NOVALT2X',
        reference: `NOVA-${demoIds.USD}`,
      })
      expect(funding.paymentInstruction?.bankAccountNumber).toMatch(/^LT\d{18}$/)
      const response = await fetch(new URL(funding.urlPdf!, server.baseUrl))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('application/pdf')
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
      const eur = ok(await demo('invoiceFundingCreate', { amount: '20', accountId: demoIds.EUR }))
      expect((eur.invoice as Invoice).currencyCode).toBe('EUR')
      expect(refusal(await demo('invoiceFundingCreate', { amount: '1.001' }))).toMatchObject({
        parameter: 'amount',
      })
      const foreign = await demo('invoiceFundingCreate', {
        amount: '1',
        accountId: businessIds.EUR,
      })
      expect(refusal(foreign)).toMatchObject({ code: 'VF', parameter: 'accountId' })
      expect(await balancesOf(server, tokens.demo!)).toEqual(before)
      // It is the customer's own: not received, and no one else pays it.
      const received = ok(await demo('invoiceReceivedList', {})).invoices as Invoice[]
      expect(received.map((i) => i.id)).not.toContain(funding.id)
      expect(refusal(await business('invoiceGet', { invoiceId: funding.id }))).toMatchObject({
        parameter: 'invoiceId',
      })
    })

    it('refuses a payment that does not match the invoice, naming the field', async () => {
      const invoice = await send({ amount: '7.00' })
      const cases: [Call, Record<string, unknown>, string][] = [
        [business, { amount: '7.01' }, 'amount'],
        [business, { accountId: businessIds.EUR, currency: 'EUR' }, 'currency'],
        [business, { toEmail: 'payroll@nova.example' }, 'toEmail'],
        [
          business,
          { subscriptionFrequency: 1, subscriptionTransactions: 3 },
          'subscriptionFrequency',
        ],
        [third, {}, 'invoiceId'],
      ]
      for (const [as, body, parameter] of cases) {
        const reply = await pay(as, invoice, `pay-wrong-${parameter}`, body)
        expect(refusal(reply), JSON.stringify(body)).toMatchObject({ code: 'VF', parameter })
      }
      expect((await invoiceOf(demo, invoice.id)).status).toBe('awaitingPayment')
    })

    it('pays an invoice once: a repeat replays, another key is refused, history names it', async () => {
      const invoice = await send({ amount: '45.00' })
      const payerBefore = await balancesOf(server, tokens.business!)
      const payeeBefore = await balancesOf(server, tokens.demo!)
      const first = ok(await pay(business, invoice, 'pay-once-1'))
      const repeat = ok(await pay(business, invoice, 'pay-once-1'))
      expect(repeat.transactionId).toBe(first.transactionId)
      const other = refusal(await pay(business, invoice, 'pay-once-2'))
      expect(other).toMatchObject({ parameter: 'invoiceId', description: 'is already paid' })
      const payer = await balancesOf(server, tokens.business!)
      const payee = await balancesOf(server, tokens.demo!)
      const spent = Number(invoice.total)
      expect(Number(payer.balance.USD)).toBeCloseTo(Number(payerBefore.balance.USD) - spent, 2)
      expect(Number(payee.balance.USD)).toBeCloseTo(Number(payeeBefore.balance.USD) + 45, 2)
      const paid = await invoiceOf(demo, invoice.id)
      expect(paid).toMatchObject({
        statusId: 3,
        status: 'paid',
        transactionId: first.transactionId,
      })
      expect((await lastMailTo('demo@nova.example'))?.subject).toBe('Invoice paid')
      const history = await demo('transactionHistoryList', { keyword: String(first.transactionId) })
      const [entry] = history.body.transactions as Record<string, unknown>[]
      expect(entry).toMatchObject({
        transactionType: 'invoice',
        descriptionKey: 'invoicePaidBy',
        descriptionParams: { id: String(invoice.id), email: 'business@nova.example' },
      })
      const theirs = await business('transactionHistoryList', {
        keyword: String(first.transactionId),
      })
      const keys = (theirs.body.transactions as { descriptionKey?: string }[]).map(
        (e) => e.descriptionKey,
      )
      expect(keys).toContain('invoicePaidTo')
    })

    it('pays once when two payments race, with one key or with two', async () => {
      for (const keys of [
        ['race-same', 'race-same'],
        ['race-pay-a', 'race-pay-b'],
      ]) {
        const invoice = await send({ amount: '3.00' })
        const before = await balancesOf(server, tokens.business!)
        const replies = await Promise.all(keys.map((key) => pay(business, invoice, key)))
        const codes = replies.map((reply) => reply.body.responseCode).sort()
        expect(codes).toEqual(keys[0] === keys[1] ? ['00', '00'] : ['00', 'VF'])
        const after = await balancesOf(server, tokens.business!)
        expect(Number(after.balance.USD)).toBeCloseTo(
          Number(before.balance.USD) - Number(invoice.total),
          2,
        )
        expect((await invoiceOf(demo, invoice.id)).status).toBe('paid')
        // One order paid it, and the books still balance: every currency's postings sum to 0.
        const orders = await server.db
          .select({ id: transferOrders.id })
          .from(transferOrders)
          .where(sql`${transferOrders.details}->>'invoiceId' = ${String(invoice.id)}`)
        expect(orders).toHaveLength(1)
        const sums = await server.db
          .select({ total: sql<string>`sum(${ledgerPostings.amountMinor})::text` })
          .from(ledgerPostings)
          .groupBy(ledgerPostings.currencyCode)
        expect(sums.every((row) => row.total === '0')).toBe(true)
      }
    })

    it('holds an invoice while its payment waits for a code, then pays it', async () => {
      const [eurInvoice] = ok(await demo('invoiceReceivedList', { status: 'unpaid' }))
        .invoices as Invoice[]
      await setApprovalMode(server, 'demo@nova.example', 'sms')
      try {
        const waiting = ok(await pay(demo, eurInvoice!, 'pay-code-1'))
        expect(waiting.approveType).toBe(2)
        const held = await invoiceOf(business, eurInvoice!.id)
        expect(held).toMatchObject({ statusId: 2, status: 'paymentPending' })
        const second = refusal(await pay(demo, eurInvoice!, 'pay-code-2'))
        expect(second).toMatchObject({ parameter: 'invoiceId' })
        const code = await lastCodeSentTo(server, '+447700900123')
        const approved = await demo('transferApprove', {
          trxid: waiting.transactionId,
          approvalCode: code,
          idempotencyKey: 'pay-code-approve',
        })
        expect(approved.body.responseCode, approved.text).toBe('00')
        expect((await invoiceOf(business, eurInvoice!.id)).status).toBe('paid')
        expect(ok(await demo('invoiceReceivedList', { status: 'unpaid' })).total).toBe(0)
      } finally {
        await setApprovalMode(server, 'demo@nova.example', 'simple')
      }
    })

    it('frees the invoice again when its waiting payment expires unapproved', async () => {
      const invoice = await send({ amount: '6.00' })
      await setApprovalMode(server, 'business@nova.example', 'sms')
      try {
        const start = Date.now()
        ok(await pay(business, invoice, 'pay-expire-1'))
        expect((await invoiceOf(demo, invoice.id)).status).toBe('paymentPending')
        await runDueJobs(server.db, { now: new Date(start + 31 * 60_000) })
        const freed = await invoiceOf(demo, invoice.id)
        expect(freed).toMatchObject({ statusId: 1, status: 'awaitingPayment' })
        expect(freed.transactionId).toBeUndefined()
      } finally {
        await setApprovalMode(server, 'business@nova.example', 'simple')
      }
      ok(await pay(business, invoice, 'pay-expire-2'))
      expect((await invoiceOf(demo, invoice.id)).status).toBe('paid')
    })

    it("holds a company's invoice while its payment waits for an approver", async () => {
      const invoice = await send({ amount: '5.00' })
      const company = await customerIdOf(server, 'business@nova.example')
      const initiator = caller(server, (await server.signIn('initiator@nova.example')).accessToken)
      const initiate = (key: string) =>
        pay(initiator, invoice, key, { fromCustomerId: company, accountId: businessIds.USD })
      const decide = (transactionId: unknown, key: string, declined: boolean) =>
        business('businessTransactionApprove', {
          transactionIds: [transactionId],
          idempotencyKey: key,
          ...(declined ? { declined } : {}),
        })
      const first = ok(await initiate('pay-initiator-1'))
      expect(first.approvalRequestCreated).toBe(true)
      expect((await invoiceOf(demo, invoice.id)).status).toBe('paymentPending')
      ok(await decide(first.transactionId, 'pay-decline-1', true))
      expect((await invoiceOf(demo, invoice.id)).status).toBe('awaitingPayment')
      const second = ok(await initiate('pay-initiator-2'))
      ok(await decide(second.transactionId, 'pay-approve-2', false))
      expect(await invoiceOf(demo, invoice.id)).toMatchObject({
        status: 'paid',
        transactionId: second.transactionId,
      })
    })

    it('reaches a payer who registers after it was sent, by the e-mail', async () => {
      const invoice = ok(
        await demo('invoiceCreate', {
          toEmail: 'later.payer@mail.example',
          amount: '8.00',
          currency: 'USD',
        }),
      ).invoice as Invoice
      expect(refusal(await third('invoiceGet', { invoiceId: invoice.id }))).toMatchObject({
        parameter: 'invoiceId',
      })
      const payroll = (
        await server.db.select().from(users).where(eq(users.username, 'payroll@nova.example'))
      )[0]!
      await server.db.insert(customerEmails).values({
        customerId: payroll.customerId,
        emailAddress: 'later.payer@mail.example',
        confirmedAt: new Date(),
      })
      expect((await invoiceOf(third, invoice.id)).status).toBe('unpaid')
      const received = ok(await third('invoiceReceivedList', { status: 'unpaid' }))
      expect((received.invoices as Invoice[]).map((i) => i.id)).toContain(invoice.id)
      ok(await pay(third, invoice, 'pay-later-1', { toEmail: 'demo@nova.example' }))
      expect(await invoiceOf(demo, invoice.id)).toMatchObject({
        status: 'paid',
        payerName: 'Harbor Studio Ltd',
      })
    })

    it('reads an unpaid invoice past its due date as expired, and refuses to pay it', async () => {
      const invoice = await send({ dueDate: new Date().toISOString().slice(0, 10) })
      await server.db
        .update(invoices)
        .set({ dueDate: '2020-01-01' })
        .where(and(eq(invoices.id, invoice.id)))
      expect(await invoiceOf(business, invoice.id)).toMatchObject({
        statusId: 5,
        status: 'expired',
      })
      const open = ok(await business('invoiceReceivedList', { status: 'unpaid' }))
      expect((open.invoices as Invoice[]).map((i) => i.id)).not.toContain(invoice.id)
      const reply = refusal(await pay(business, invoice, 'pay-expired-1'))
      expect(reply).toMatchObject({ parameter: 'invoiceId', description: /expired/ })
    })

    it('pages the lists 20 at a time, newest first', async () => {
      const all = ok(await demo('invoiceSentList', {}))
      const total = all.total as number
      expect(total).toBeGreaterThan(10)
      const small = ok(await demo('invoiceSentList', { pageSize: 5, pageNumber: 2 }))
      expect((small.invoices as Invoice[]).map((i) => i.id)).toEqual(
        (all.invoices as Invoice[]).slice(5, 10).map((i) => i.id),
      )
      const ids = (all.invoices as Invoice[]).map((i) => i.id)
      expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    })
  })
}
