// IPN delivery (product-spec section 3, Merchant: IPN): sendIpn stores a message and a job
// POSTs it to the merchant's notify URL, signed with the IPN key ipnSettingsUpdate answered
// once; each attempt updates the message's attempts and httpStatus, which ipnMessageGet
// shows; a failing URL is retried until the merchant confirms the message.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendIpn } from '../../../src/server/events/ipn-delivery.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  let status = 200
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() })
      response.statusCode = status
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    received,
    url: `http://127.0.0.1:${address.port}/ipn`,
    answer: (next: number) => {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let receiver: Awaited<ReturnType<typeof startReceiver>>
    let token: string
    let customerId: number
    let secretKey: string
    beforeAll(async () => {
      server = await startServer(target)
      receiver = await startReceiver()
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      customerId = Number(info.body.customer?.customerId)
      const settings = await server.post(
        '/rpc/ipnSettingsUpdate',
        { notifyUrl: receiver.url, secret: true },
        token,
      )
      expect(settings.body.responseCode, settings.text).toBe('00')
      secretKey = String(settings.body.secretKey)
    })
    afterAll(async () => {
      await receiver?.close()
      await server?.close()
    })

    const messageOf = async (id: number) => {
      const reply = await server.post('/rpc/ipnMessageGet', { id }, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.ipnMessage as Record<string, unknown>
    }

    it('posts the message signed with the IPN key, and records the delivery', async () => {
      const id = await sendIpn(server.db, customerId, {
        transactionId: 4242,
        statusId: 1,
        data: { amount: '10.00', currencyCode: 'EUR' },
      })
      expect(id).toBeTypeOf('number')
      expect(await messageOf(id!)).toMatchObject({ attempts: 0, notifyUrl: receiver.url })

      await runDueJobs(server.db, { allowPrivateNetworks: true })
      expect(receiver.received).toHaveLength(1)
      const [{ headers, body }] = receiver.received as [
        { headers: IncomingHttpHeaders; body: string },
      ]
      const timestamp = String(headers['x-ipn-timestamp'])
      const expected = createHmac('sha256', secretKey).update(`${timestamp}.${body}`).digest('hex')
      expect(headers['x-ipn-signature']).toBe(`sha256=${expected}`)
      expect(headers['x-ipn-id']).toBe(String(id))
      expect(JSON.parse(body)).toMatchObject({
        id,
        type: 'ipn',
        transactionId: 4242,
        statusId: 1,
        data: { amount: '10.00', currencyCode: 'EUR' },
      })
      expect(await messageOf(id!)).toMatchObject({ attempts: 1, httpStatus: 200, payload: body })
    })

    it('retries a failing notify URL until the merchant confirms the message', async () => {
      receiver.answer(502)
      receiver.received.length = 0
      const id = (await sendIpn(server.db, customerId, { statusId: 1, data: {} }))!
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(11) })
      expect(await messageOf(id)).toMatchObject({ attempts: 2, httpStatus: 502, confirmed: false })
      expect(receiver.received).toHaveLength(2)
      expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body)

      const confirmed = await server.post('/rpc/ipnMessageConfirm', { id }, token)
      expect(confirmed.body.responseCode).toBe('00')
      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(3600) })
      expect(receiver.received).toHaveLength(2)
      receiver.answer(200)
    })

    it('sends nothing for a status the merchant did not ask for, or with notifications paused', async () => {
      expect(await sendIpn(server.db, customerId, { statusId: 7, data: {} })).toBeUndefined()
      await server.post('/rpc/ipnSettingsUpdate', { notifyUrl: receiver.url, statusId: 2 }, token)
      expect(await sendIpn(server.db, customerId, { statusId: 1, data: {} })).toBeUndefined()
      const list = await server.post('/rpc/ipnMessageList', { statusIds: [1, 7] }, token)
      expect(list.body.total).toBe(2)
    })
  })
}
