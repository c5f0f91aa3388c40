// Mass external transfers (product-spec sections 6 and 7): the preview answers the summary of
// a wire file in the sample's layout and the lines it would refuse, storing nothing; the upload
// of a file with a refused line names the line and moves nothing; a good file holds exactly
// its sum with fees, once per idempotency key; the mass flag of the type is required.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { massBatches } from '../../../src/server/db/schema-mass.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, customerIdOf } from './transfer-test-kit.ts'

const header =
  'beneficiaryName,beneficiaryAddress,countryCode,iban,accountNumber,swift,bankName,amount,currency,reference'
const lena =
  'Lena Hoffmann,"Hauptstrasse 5, 10827 Berlin",DE,DE89370400440532013000,,COBADEFFXXX,Commerzbank AG,1250.00,EUR,Invoice 2024-118'
const marie =
  'Marie Dubois,"12 rue de la Paix, 75002 Paris",FR,FR1420041010050500013M02606,,PSSTFRPPPAR,La Banque Postale,980.50,EUR,Consulting March'
const badIban =
  'Jan Kowalski,"ul. Prosta 1, Warszawa",DE,DE89370400440532013001,,COBADEFFXXX,Commerzbank AG,100.00,EUR,Refund'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let company: number
    let eur: number
    beforeAll(async () => {
      server = await startServer(target)
      company = await customerIdOf(server, 'business@nova.example')
      await server.db
        .update(customers)
        .set({ permissions: { sendMoneyMassWire: true } })
        .where(eq(customers.id, company))
      token = (await server.signIn('business@nova.example')).accessToken
      eur = (await balancesOf(server, token)).ids.EUR!
    })
    afterAll(async () => {
      await server?.close()
    })

    const send = async (op: string, data: Record<string, unknown>, csv: string) => {
      const form = new FormData()
      form.append('data', JSON.stringify(data))
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'suppliers.csv')
      const response = await fetch(`${server.baseUrl}/rpc/${op}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: JSON.parse(text) as JsonBody,
      } satisfies Reply
    }
    const eurNow = async () => {
      const b = await balancesOf(server, token)
      return { balance: Number(b.balance.EUR), pending: Number(b.pending.EUR) }
    }
    const batchCount = async () => (await server.db.select().from(massBatches)).length

    it('previews a file: totals, fees and the refused line, nothing stored', async () => {
      const before = await eurNow()
      const batches = await batchCount()
      const reply = await send(
        'massTransferPreview',
        { accountId: eur, transferType: 'wire' },
        [header, lena, badIban, marie].join('\n'),
      )
      const summary = reply.body.summary as Record<string, unknown>
      expect(summary).toMatchObject({
        totalCount: 3,
        validCount: 2,
        invalidCount: 1,
        totalAmount: '2230.50',
        currencyCode: 'EUR',
        feeCurrencyCode: 'EUR',
        rowErrors: [{ row: 3, parameter: 'iban' }],
      })
      expect(Number(summary.totalWithFee)).toBeCloseTo(2230.5 + Number(summary.totalFee), 2)
      expect(Number(summary.totalFee)).toBeGreaterThan(0)
      expect(await eurNow()).toEqual(before)
      expect(await batchCount()).toBe(batches)
    })

    it('refuses an upload with a bad line, naming it, and moves nothing', async () => {
      const before = await eurNow()
      const batches = await batchCount()
      const reply = await send(
        'massTransferUpload',
        { accountId: eur, transferType: 'wire', idempotencyKey: 'mass-wire-bad-1' },
        [header, lena, badIban].join('\n'),
      )
      expect(failedParameters(reply)).toEqual(['rows[3].iban'])
      expect(await eurNow()).toEqual(before)
      expect(await batchCount()).toBe(batches)
    })

    it('holds exactly the sum with fees of a good file, once', async () => {
      const csv = [header, lena, marie].join('\n')
      const preview = await send(
        'massTransferPreview',
        { accountId: eur, transferType: 'wire' },
        csv,
      )
      const fee = Number((preview.body.summary as { totalFee: string }).totalFee)
      const before = await eurNow()
      const batches = await batchCount()
      const data = { accountId: eur, transferType: 'wire', idempotencyKey: 'mass-wire-good-1' }
      const reply = await send('massTransferUpload', data, csv)
      expect(reply.body).toMatchObject({
        responseCode: '00',
        summary: { totalCount: 2, validCount: 2, totalAmount: '2230.50' },
      })
      expect(Number(reply.body.fee)).toBeCloseTo(fee, 2)
      const after = await eurNow()
      // Wires keep their holds until the rail pays them out: available drops by all of it.
      expect(after.balance + after.pending).toBeCloseTo(
        before.balance + before.pending - 2230.5 - fee,
        2,
      )
      const again = await send('massTransferUpload', data, csv)
      expect(again.body).toEqual(reply.body)
      const later = await eurNow()
      expect(later.balance + later.pending).toBeCloseTo(after.balance + after.pending, 2)
      expect(await batchCount()).toBe(batches + 1)
      const list = await server.post('/rpc/batchTransferList', { types: ['wire'] }, token)
      const rows = (list.body.batchTransfer as { transfer: Record<string, unknown>[] }).transfer
      expect(rows.map((r) => [r.type, r.transferCount, r.totalAmount])).toEqual([
        ['wire', 2, '2230.50'],
      ])
    })

    it('previews a file of more than 1,000 lines in full, but sends at most 1,000', async () => {
      const small = (i: number) => lena.replace('1250.00', `0.0${1 + (i % 9)}`)
      const csv = [header, ...Array.from({ length: 1001 }, (_, i) => small(i))].join('\n')
      const preview = await send(
        'massTransferPreview',
        { accountId: eur, transferType: 'wire' },
        csv,
      )
      const summary = preview.body.summary as { rowErrors?: unknown[] }
      expect(summary).toMatchObject({ totalCount: 1001, validCount: 1001 })
      // Each line is checked; the file is told where to split (wire fees also pass the balance).
      expect(summary.rowErrors).toContainEqual(
        expect.objectContaining({ row: 1002, parameter: 'file' }),
      )
      const before = await eurNow()
      const upload = await send(
        'massTransferUpload',
        { accountId: eur, transferType: 'wire', idempotencyKey: 'mass-wire-too-long' },
        csv,
      )
      expect(failedParameters(upload)).toEqual(['file'])
      expect(await eurNow()).toEqual(before)
    })

    it('needs the mass flag of the type', async () => {
      const reply = await send(
        'massTransferUpload',
        { accountId: eur, transferType: 'eft', idempotencyKey: 'mass-eft-1' },
        'Ana,BR,001234567,001,01234,850.00,BRL,Rent',
      )
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
