// ipnMessageList, ipnMessageGet and ipnMessageConfirm: the merchant's instant payment
// notifications, 25 a page with the load-more rule of section 9 (more while pageSize *
// pageNumber <= total), status filters (1 by default), and an idempotent confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Message {
  id: number
  statusId: number
  confirmed: boolean
  confirmedAt?: string
  payload: string
  createdAt: string
}

interface Page {
  ipnMessages: Message[]
  pageSize: number
  pageNumber: number
  total: number
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

    const list = async (body: Record<string, unknown> = {}, as = token): Promise<Page> => {
      const reply = await server.post('/rpc/ipnMessageList', body, as)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body as unknown as Page
    }

    it('loads pages of 25 while pageSize * pageNumber <= total, like the history screen', async () => {
      const pages: Page[] = []
      let pageNumber = 1
      for (;;) {
        const page = await list({ pageNumber })
        pages.push(page)
        if (page.pageSize * page.pageNumber > page.total) break
        pageNumber++
      }
      expect(
        pages.map((page) => [page.pageNumber, page.pageSize, page.ipnMessages.length]),
      ).toEqual([
        [1, 25, 25],
        [2, 25, 5],
      ])
      expect(pages[0]?.total).toBe(30)
      const messages = pages.flatMap((page) => page.ipnMessages)
      expect(new Set(messages.map((m) => m.id)).size).toBe(30)
      expect(messages.every((m) => m.statusId === 1)).toBe(true)
      const times = messages.map((m) => Date.parse(m.createdAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
    })

    it('filters by status ids and days', async () => {
      expect((await list({ statusIds: [2] })).total).toBe(3)
      expect((await list({ statusIds: [1, 2] })).total).toBe(33)
      expect((await list({ statusIds: [9] })).total).toBe(0)
      const today = new Date().toISOString().slice(0, 10)
      expect((await list({ fromDate: today, statusIds: [1, 2] })).total).toBeLessThanOrEqual(4)
      expect((await list({ toDate: '2020-01-01' })).total).toBe(0)
    })

    it('answers one message with its payload, and confirms it once', async () => {
      const unconfirmed = (await list()).ipnMessages.find((m) => !m.confirmed)!
      const got = await server.post('/rpc/ipnMessageGet', { id: unconfirmed.id }, token)
      expect(got.body.ipnMessage).toEqual(unconfirmed)
      expect(JSON.parse(unconfirmed.payload)).toMatchObject({ statusId: 1 })

      const confirmed = await server.post('/rpc/ipnMessageConfirm', { id: unconfirmed.id }, token)
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      const message = confirmed.body.ipnMessage as Message
      expect(message).toMatchObject({ id: unconfirmed.id, confirmed: true })
      const again = await server.post('/rpc/ipnMessageConfirm', { id: unconfirmed.id }, token)
      expect((again.body.ipnMessage as Message).confirmedAt).toBe(message.confirmedAt)
      const reread = await server.post('/rpc/ipnMessageGet', { id: unconfirmed.id }, token)
      expect(reread.body.ipnMessage).toEqual(message)
    })

    it('keeps other merchants’ messages out of reach', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect((await list({}, demo)).total).toBe(0)
      const theirs = (await list()).ipnMessages[0]!
      for (const path of ['/rpc/ipnMessageGet', '/rpc/ipnMessageConfirm']) {
        const reply = await server.post(path, { id: theirs.id }, demo)
        expect(failedParameters(reply)).toEqual(['id'])
      }
    })

    it('refuses bad input with VF naming the field, and answers 401 AU without a token', async () => {
      const size = await server.post('/rpc/ipnMessageList', { pageSize: 101 }, token)
      expect(failedParameters(size)).toEqual(['pageSize'])
      const statuses = await server.post('/rpc/ipnMessageList', { statusIds: [] }, token)
      expect(failedParameters(statuses)).toEqual(['statusIds'])
      const date = await server.post('/rpc/ipnMessageList', { fromDate: '2026-02-30' }, token)
      expect(failedParameters(date)).toEqual(['fromDate'])
      const anonymous = await server.post('/rpc/ipnMessageGet', { id: 1 })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
