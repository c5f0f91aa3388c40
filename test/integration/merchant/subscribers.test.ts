// subscriberList, subscriberCancel and installmentList: the merchant's 60 demo subscribers in
// pages of 50 (product-spec section 9), search, an idempotent cancel, and the payments of one
// subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Subscriber {
  id: number
  email: string
  name?: string
  status: string
  amount: string
  currencyCode: string
  nextPaymentDate?: string
  cancelledAt?: string
}

interface Installment {
  id: number
  subscriberId: number
  status: string
  amount: string
  date: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const list = async (body: Record<string, unknown> = {}, as = token) => {
      const reply = await server.post('/rpc/subscriberList', body, as)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body as { subscribers: Subscriber[]; total: number }
    }

    it('pages 60 subscribers 50 at a time, newest first', async () => {
      const first = await list()
      expect(first.total).toBe(60)
      expect(first.subscribers).toHaveLength(50)
      expect(first.subscribers[0]).toMatchObject({ email: 'subscriber60@mail.example' })
      const second = await list({ pageNumber: 2 })
      expect(second.total).toBe(60)
      expect(second.subscribers.map((s) => s.email)).toEqual(
        Array.from(
          { length: 10 },
          (_, i) => `subscriber${String(10 - i).padStart(2, '0')}@mail.example`,
        ),
      )
      const ids = [...first.subscribers, ...second.subscribers].map((s) => s.id)
      expect(new Set(ids).size).toBe(60)
      expect((await list({ pageNumber: 3 })).subscribers).toEqual([])
    })

    it('finds subscribers by part of the e-mail or name, case-insensitively', async () => {
      const byEmail = await list({ search: 'SUBSCRIBER0' })
      expect(byEmail.total).toBe(9)
      const byName = await list({ search: 'chloe' })
      expect(byName.total).toBe(6)
      expect(byName.subscribers.every((s) => s.name?.startsWith('Chloe '))).toBe(true)
      // LIKE wildcards are matched literally.
      expect((await list({ search: '%' })).total).toBe(0)
    })

    it('cancels a subscriber once; cancelling again changes nothing', async () => {
      const active = (await list()).subscribers.find((s) => s.status === 'active')!
      expect(active.nextPaymentDate).toBeDefined()
      const reply = await server.post('/rpc/subscriberCancel', { id: active.id }, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const cancelled = reply.body.subscriber as Subscriber
      expect(cancelled).toMatchObject({ id: active.id, status: 'cancelled' })
      expect(cancelled).not.toHaveProperty('nextPaymentDate')
      expect(Date.parse(cancelled.cancelledAt!)).toBeGreaterThan(Date.now() - 60_000)

      const again = await server.post('/rpc/subscriberCancel', { id: active.id }, token)
      expect(again.body.subscriber).toEqual(cancelled)
      const listed = (await list({ search: active.email })).subscribers[0]
      expect(listed).toEqual(cancelled)
    })

    it('lists a subscription’s installments newest first', async () => {
      // subscriber04 is the fourth oldest: four payments, a month apart.
      const subscriber = (await list({ search: 'subscriber04@' })).subscribers[0]!
      const reply = await server.post(
        '/rpc/installmentList',
        { subscriberId: subscriber.id },
        token,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      const installments = reply.body.installments as Installment[]
      expect(installments).toHaveLength(4)
      expect(installments.every((i) => i.subscriberId === subscriber.id)).toBe(true)
      expect(installments.every((i) => i.amount === subscriber.amount)).toBe(true)
      const dates = installments.map((i) => Date.parse(i.date))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
    })

    it('keeps other merchants’ subscribers out of reach', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect(await list({}, demo)).toEqual({ responseCode: '00', subscribers: [], total: 0 })
      const theirs = (await list()).subscribers[0]!
      const cancel = await server.post('/rpc/subscriberCancel', { id: theirs.id }, demo)
      expect(failedParameters(cancel)).toEqual(['id'])
      const installments = await server.post(
        '/rpc/installmentList',
        { subscriberId: theirs.id },
        demo,
      )
      expect(failedParameters(installments)).toEqual(['subscriberId'])
      expect((await list({ search: theirs.email })).subscribers[0]?.status).toBe(theirs.status)
    })

    it('refuses bad input with VF naming the field, and answers 401 AU without a token', async () => {
      const size = await server.post('/rpc/subscriberList', { pageSize: 0 }, token)
      expect(failedParameters(size)).toEqual(['pageSize'])
      const id = await server.post('/rpc/subscriberCancel', { id: 'x' }, token)
      expect(failedParameters(id)).toEqual(['id'])
      const missing = await server.post('/rpc/installmentList', {}, token)
      expect(failedParameters(missing)).toEqual(['subscriberId'])
      const anonymous = await server.post('/rpc/subscriberList', {})
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
