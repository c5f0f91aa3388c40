// Text the database cannot hold (src/server/rpc/text-input.ts, issue 11): a NUL or a lone
// UTF-16 surrogate anywhere in a request - a JSON field, a key, a multipart part, a query or
// path parameter, a cell of a mass file - is VF naming the field (HTTP 200 on RPC, 400 on
// REST), and nothing is written; before, PostgreSQL refused it inside the handler: a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { massBatches } from '../../../src/server/db/schema-mass.ts'
import {
  databaseTargets,
  failedParameters,
  replyOf,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const p2p = {
  accountId: 10000001,
  amount: '10.00',
  currency: 'USD',
  toEmail: 'business@nova.example',
  note: 'Lunch',
  idempotencyKey: 'text-input-p2p-1',
}
const wire = {
  accountId: 10000001,
  amount: '20.00',
  currencyCode: 'USD',
  countryCode: 'DE',
  beneficiaryName: 'Jamie Fischer',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  idempotencyKey: 'text-input-wire-1',
}
const payrollAccount = 10000017
const wireHeader =
  'beneficiaryName,beneficiaryAddress,countryCode,iban,accountNumber,swift,bankName,amount,currency,reference'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let payroll: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      payroll = (await server.signIn('payroll@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const get = async (path: string, token?: string) =>
      replyOf(
        await fetch(`${server.baseUrl}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      )
    const upload = async (operation: string, form: FormData, token: string) =>
      replyOf(
        await fetch(`${server.baseUrl}/rpc/${operation}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      )
    const csvForm = (data: Record<string, unknown>, csv: string, filename = 'pay.csv') => {
      const form = new FormData()
      form.append('data', JSON.stringify(data))
      form.append('file', new Blob([csv], { type: 'text/csv' }), filename)
      return form
    }
    const orderCount = async () => (await server.db.select().from(transferOrders)).length

    const jsonCases: [string, { path: string; body: unknown; want: string[] }][] = [
      [
        'a NUL in a transfer note',
        { path: '/rpc/p2pTransferSubmit', body: { ...p2p, note: 'Lunch\u0000' }, want: ['note'] },
      ],
      [
        'a lone surrogate in a note',
        { path: '/rpc/p2pTransferSubmit', body: { ...p2p, note: '\ud800' }, want: ['note'] },
      ],
      [
        'a lone surrogate in a beneficiary name',
        {
          path: '/rpc/wireTransferSubmit',
          body: { ...wire, beneficiaryName: 'Jamie \udc00' },
          want: ['beneficiaryName'],
        },
      ],
      [
        'a NUL in a search',
        { path: '/rpc/recentTransferList', body: { search: 'ana\u0000' }, want: ['search'] },
      ],
      [
        'a NUL in an array item',
        {
          path: '/rpc/batchTransferList',
          body: { types: ['p2p', 'wire\u0000'] },
          want: ['types.1'],
        },
      ],
      [
        'a NUL in a key',
        {
          path: '/rpc/balanceInquiry',
          body: { ['currency\u0000']: 'USD' },
          want: ['currency\ufffd'],
        },
      ],
      [
        'a NUL in an envelope key of the legacy form',
        {
          path: '/api?method=balanceInquiry',
          body: { method: 'balanceInquiry', lang: 'e\u0000n' },
          want: ['lang'],
        },
      ],
    ]
    it.each(jsonCases)(
      'answers %s with HTTP 200 VF naming it, nothing written',
      async (_name, { path, body, want }) => {
        const before = await orderCount()
        const reply = await server.post(path, body, demo)
        expect(reply.status, reply.text).toBe(200)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(want)
        expect(await orderCount()).toBe(before)
      },
    )

    it('answers a NUL in a REST body with HTTP 400 VF naming it', async () => {
      const reply = await server.post('/auth/login', {
        client: 'spa',
        username: 'demo@nova.example\u0000',
        password: 'x',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      })
      expect(reply.status).toBe(400)
      expect(failedParameters(reply)).toEqual(['username'])
    })

    const parameterCases: [string, { path: string; want: string; token: boolean }][] = [
      ['a NUL in a path parameter', { path: '/auth/devices/d%00', want: 'deviceId', token: true }],
      [
        'a NUL in a query parameter',
        { path: '/demo/mailbox?recipient=demo%00%40nova.example', want: 'recipient', token: false },
      ],
      [
        'a NUL in an unknown query parameter',
        { path: '/demo/mailbox?x=%00', want: 'x', token: false },
      ],
    ]
    it.each(parameterCases)(
      'answers %s with HTTP 400 VF naming it',
      async (_name, { path, want, token }) => {
        const reply = await get(path, token ? demo : undefined)
        expect(reply.status, reply.text).toBe(400)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual([want])
      },
    )

    it('answers a NUL in a multipart text part with VF naming the part', async () => {
      const form = new FormData()
      form.append('note', 'a\u0000b')
      const reply = await upload('ping', form, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(reply.body.errors).toEqual([
        { parameter: 'note', description: 'contains a NUL character' },
      ])
    })

    it('answers a NUL inside a multipart JSON part with VF naming its field', async () => {
      const form = csvForm(
        { accountId: payrollAccount, idempotencyKey: 'k\u0000' },
        'email,amount\n',
      )
      const reply = await upload('p2pMassTransferFileSubmit', form, payroll)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['data.idempotencyKey'])
    })

    it('answers a NUL in a P2P mass file cell with VF naming its line and column', async () => {
      const csv = 'email,amount,currency,note\nana.silva@mail.example,1.00,EUR,Ju\u0000ne\n'
      const batches = (await server.db.select().from(massBatches)).length
      const form = csvForm({ accountId: payrollAccount, idempotencyKey: 'text-input-mass-1' }, csv)
      const reply = await upload('p2pMassTransferFileSubmit', form, payroll)
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['rows[2].note'])
      expect((await server.db.select().from(massBatches)).length).toBe(batches)
    })

    it('answers a NUL in a wire mass file cell with VF naming its line and column', async () => {
      const line =
        'Lena Hoff\u0000mann,"Hauptstrasse 5",DE,DE89370400440532013000,,COBADEFFXXX,Commerzbank AG,12.00,EUR,Invoice'
      const form = csvForm(
        { accountId: payrollAccount, transferType: 'wire' },
        `${wireHeader}\n${line}\n`,
      )
      const reply = await upload('massTransferPreview', form, payroll)
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['rows[2].beneficiaryName'])
    })

    it('answers a body nested 100,000 levels deep without a server error', async () => {
      const reply = await server.postText(
        '/rpc/balanceInquiry',
        `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`,
        demo,
      )
      expect(reply.status).toBeLessThan(500)
      expect(reply.body.responseCode).toBe('VF')
    })
  })
}
