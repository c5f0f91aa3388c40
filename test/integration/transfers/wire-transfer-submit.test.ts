// International wires as a customer sees them (product-spec sections 5-7): the fee by the
// schedule, the IBAN check digits and the SWIFT code of the beneficiary's country checked
// before anything is written, the section 6 flag of the permission, the idempotency key, and
// the money: held towards the wire rail at submit, paid out when the rail settles (the
// customer is told on the realtime channel and by e-mail), or back in full when it returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import {
  closeChannels,
  houseBalance,
  lastMailTo,
  openChannel,
  orderOf,
  railReports,
  setFlags,
} from './external-test-kit.ts'

const berlin = {
  countryCode: 'DE',
  currencyCode: 'USD',
  beneficiaryName: 'Jamie Fischer',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  permission: '3d',
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      usd = (await balancesOf(server, token)).ids.USD!
    })
    afterAll(async () => {
      closeChannels()
      await server?.close()
    })
    const send = (body: Record<string, unknown>) =>
      server.post('/rpc/wireTransferSubmit', { accountId: usd, ...berlin, ...body }, token)
    const fee = (body: Record<string, unknown>) =>
      server.post(
        '/rpc/wireTransferFeeGet',
        { accountId: usd, countryCode: 'DE', currencyCode: 'USD', ...body },
        token,
      )
    const money = async () => {
      const b = await balancesOf(server, token)
      return { balance: Number(b.balance.USD), pending: Number(b.pending.USD) }
    }

    const fees: [string, { amount: string; want: string }][] = [
      ['the 15.00 floor under 0.2%', { amount: '1000.00', want: '15.00' }],
      ['0.2% rounded up', { amount: '9000.01', want: '18.01' }],
    ]
    it.each(fees)('quotes the wire fee: %s', async (_name, { amount, want }) => {
      const reply = await fee({ amount })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: want, feeCurrencyCode: 'USD' })
    })

    it('refuses a fee to a country or in a currency wires do not pay out to', async () => {
      expect(failedParameters(await fee({ amount: '10.00', countryCode: 'IR' }))).toEqual([
        'countryCode',
      ])
      expect(failedParameters(await fee({ amount: '10.00', currencyCode: 'PLN' }))).toEqual([
        'currencyCode',
      ])
    })

    it('holds amount and fee at submit and pays out when the rail settles', async () => {
      const channel = await openChannel(server, token)
      const before = await money()
      const clearingBefore = await houseBalance(server, 'clearing:wire', 'USD')
      const reply = await send({ amount: '200.00', idempotencyKey: 'wire-first' })
      expect(reply.body).toMatchObject({
        responseCode: '00',
        approveType: 0,
        fee: '15.00',
        feeCurrencyCode: 'USD',
      })
      const id = reply.body.transactionId
      expect((await orderOf(server, id))?.status).toBe('pending')
      expect(await money()).toEqual({ balance: before.balance, pending: before.pending - 215 })
      expect(channel.drain()).toEqual([])
      await railReports(server)
      expect(await channel.next()).toEqual({
        transaction_id: id,
        result: true,
        message: 'Successfully submitted',
        messageKey: 'order.completed',
      })
      channel.close()
      expect((await orderOf(server, id))?.status).toBe('settled')
      expect(await money()).toEqual({ balance: before.balance - 215, pending: before.pending })
      expect((await houseBalance(server, 'clearing:wire', 'USD')) - clearingBefore).toBe(20000n)
      expect((await lastMailTo(server, 'demo@nova.example'))?.subject).toBe(
        'Your transfer was paid out',
      )
    })

    it('gives amount and fee back when the rail returns the payout', async () => {
      const channel = await openChannel(server, token)
      const before = await money()
      const reply = await send({
        amount: '50.00',
        beneficiaryName: 'Returned Payee',
        idempotencyKey: 'wire-returned',
      })
      expect(reply.body.responseCode).toBe('00')
      expect((await money()).pending).toBe(before.pending - 65)
      await railReports(server)
      const event = await channel.next()
      channel.close()
      expect(event).toMatchObject({ transaction_id: reply.body.transactionId, result: false })
      expect(event.message).toContain('returned')
      expect((await orderOf(server, reply.body.transactionId))?.status).toBe('returned')
      expect(await money()).toEqual(before)
      expect((await lastMailTo(server, 'demo@nova.example'))?.subject).toBe(
        'Your transfer was returned',
      )
    })

    const refusals: [string, { body: Record<string, unknown>; field: string }][] = [
      [
        'an IBAN with wrong check digits',
        { body: { iban: 'DE88370400440532013000' }, field: 'iban' },
      ],
      ['an IBAN of another country', { body: { iban: 'GB29NWBK60161331926819' }, field: 'iban' }],
      ['a SWIFT code of another country', { body: { swift: 'BNPAFRPP' }, field: 'swift' }],
      ['a malformed SWIFT code', { body: { swift: 'COBA1EFF' }, field: 'swift' }],
      ['neither IBAN nor account number', { body: { iban: undefined }, field: 'body' }],
      [
        'an account that is not the customer’s',
        { body: { accountId: 10000002 }, field: 'accountId' },
      ],
    ]
    it.each(refusals)('refuses %s and writes nothing', async (_name, { body, field }) => {
      const before = await money()
      const reply = await send({
        amount: '10.00',
        idempotencyKey: `wire-refused-${field}`,
        ...body,
      })
      expect(reply.body.responseCode).toBe('VF')
      if (field !== 'body') expect(failedParameters(reply)).toEqual([field])
      expect(await money()).toEqual(before)
    })

    it('needs the Wire flag for own and sendMoneyWire for a third party', async () => {
      await setFlags(server, 'demo@nova.example', { Wire: false })
      const own = await send({ amount: '10.00', permission: 'own', idempotencyKey: 'wire-own-1' })
      expect(own.body.responseCode).toBe('ENOA')
      const third = await send({ amount: '10.00', idempotencyKey: 'wire-3d-1' })
      expect(third.body.responseCode).toBe('00')
      await setFlags(server, 'demo@nova.example', { Wire: true, sendMoneyWire: false })
      const own2 = await send({ amount: '10.00', permission: 'own', idempotencyKey: 'wire-own-2' })
      expect(own2.body.responseCode).toBe('00')
      const third2 = await send({ amount: '10.00', idempotencyKey: 'wire-3d-2' })
      expect(third2.body.responseCode).toBe('ENOA')
      await setFlags(server, 'demo@nova.example', { sendMoneyWire: true })
    })

    it('answers a retry with the first result and refuses the key for another request', async () => {
      const first = await send({ amount: '12.00', idempotencyKey: 'wire-retry' })
      const before = await money()
      const again = await send({ amount: '12.00', idempotencyKey: 'wire-retry' })
      expect(again.body).toEqual(first.body)
      expect(await money()).toEqual(before)
      const other = await send({ amount: '13.00', idempotencyKey: 'wire-retry' })
      expect(failedParameters(other)).toEqual(['idempotencyKey'])
    })

    it('converts a payout in another currency at the customer rate, the fee in the account currency', async () => {
      const reply = await send({
        amount: '100.00',
        currencyCode: 'EUR',
        idempotencyKey: 'wire-eur',
      })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '15.00', feeCurrencyCode: 'USD' })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order?.toCurrencyCode).toBe('EUR')
      expect(order?.toAmountMinor).toBe(10000n)
      // 100.00 EUR at 0.92 less 0.5% costs 109.24 USD, rounded up.
      expect(order?.amountMinor).toBe(10925n)
    })

    it('quotes what leaves the account for a payout in another currency, as the ledger then takes it', async () => {
      const asked = Date.now()
      const quote = await fee({ amount: '100.00', currencyCode: 'EUR' })
      expect(quote.body).toMatchObject({
        responseCode: '00',
        fee: '15.00',
        feeCurrencyCode: 'USD',
        sourceAmount: '109.25',
        sourceCurrencyCode: 'USD',
        totalAmount: '124.25',
        payoutAmount: '100.00',
        payoutCurrencyCode: 'EUR',
      })
      expect(Number(quote.body.rate)).toBeCloseTo(0.92 * 0.995, 9)
      const validUntil = Date.parse(String(quote.body.validUntil))
      expect(validUntil - asked).toBeGreaterThanOrEqual(9 * 60_000)
      expect(quote.body.crypto).toBeUndefined()
      const before = await money()
      const reply = await send({
        amount: '100.00',
        currencyCode: 'EUR',
        idempotencyKey: 'wire-quoted',
      })
      expect(reply.body, reply.text).toMatchObject({ responseCode: '00', fee: quote.body.fee })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order?.amountMinor).toBe(10925n)
      // The ledger holds exactly the quoted total (the rail then pays out what is held).
      expect((await money()).pending).toBeCloseTo(before.pending - 124.25, 2)
    })
  })
}
