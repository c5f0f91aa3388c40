// loginHistoryList: the sign-ins of the acting customer's users, newest first, 20 a page with
// the total, filtered by whole UTC days (product-spec sections 7 and 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginHistory, users } from '../../../src/server/db/schema.ts'
import { demoLoginHistoryDays } from '../../../src/server/demo/security.ts'
import { eq } from 'drizzle-orm'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Item {
  date: string
  ip?: string
  userAgent?: string
  browser?: string
  system?: string
  success?: boolean
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    beforeAll(async () => {
      server = await startServer(target)
      // One failed and one successful sign-in of this run, on top of the demo month.
      expect((await server.beginSignIn('demo@nova.example', 'wrong-password')).reply.status).toBe(
        403,
      )
      demo = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const historyOf = async (body: object, token = demo) => {
      const reply = await server.post('/rpc/loginHistoryList', body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return { history: reply.body.history as Item[], total: reply.body.total as number }
    }

    it('answers the first 20, newest first, with the total', async () => {
      const { history, total } = await historyOf({})
      expect(total).toBe(demoLoginHistoryDays + 2)
      expect(history).toHaveLength(20)
      const dates = history.map((item) => Date.parse(item.date))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      expect(history[0]).toMatchObject({ ip: '127.0.0.1', success: true })
      expect(history[1]).toMatchObject({ ip: '127.0.0.1', success: false })
      expect(history[2]).toMatchObject({ ip: '203.0.113.10', success: true })
    })

    it('names the browser and the system of each sign-in in words', async () => {
      const { history } = await historyOf({})
      // The demo month alternates a Mac's Safari and an iPhone (src/server/demo/security.ts).
      const mac = history.find((item) => item.userAgent?.includes('Macintosh'))
      expect(mac).toMatchObject({ browser: 'Safari', system: 'Mac OS 14.5' })
      const phone = history.find((item) => item.userAgent?.includes('iPhone'))
      expect(phone).toMatchObject({ system: 'iOS 17.5' })
      expect(phone).not.toHaveProperty('browser')
    })

    it('answers the rest on page 2, and nothing past the end', async () => {
      const first = await historyOf({ pageNumber: 1 })
      const second = await historyOf({ pageNumber: 2, pageSize: 20 })
      expect(second.total).toBe(first.total)
      expect(second.history).toHaveLength(first.total - 20)
      expect(Date.parse(second.history[0]!.date)).toBeLessThan(Date.parse(first.history[19]!.date))
      expect(await historyOf({ pageNumber: 3 })).toEqual({ history: [], total: first.total })
    })

    it('pages by the size asked for', async () => {
      const { history, total } = await historyOf({ pageNumber: 2, pageSize: 5 })
      expect(history).toHaveLength(5)
      expect(total).toBe(demoLoginHistoryDays + 2)
    })

    it('keeps rows from fromDate 00:00 to the end of toDate, in UTC', async () => {
      const [user] = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      const at = (iso: string) => ({
        userId: user!.id,
        username: 'demo@nova.example',
        ip: '192.0.2.44',
        success: true,
        createdAt: new Date(iso),
      })
      await server.db
        .insert(loginHistory)
        .values([
          at('2020-03-01T23:59:59Z'),
          at('2020-03-02T00:00:00Z'),
          at('2020-03-03T23:59:59Z'),
          at('2020-03-04T00:00:00Z'),
        ])
      const { history, total } = await historyOf({ fromDate: '2020-03-02', toDate: '2020-03-03' })
      expect(total).toBe(2)
      expect(history.map((item) => item.date)).toEqual([
        '2020-03-03T23:59:59.000Z',
        '2020-03-02T00:00:00.000Z',
      ])
      expect((await historyOf({ toDate: '2020-03-01' })).total).toBe(1)
      expect((await historyOf({ fromDate: '2020-03-04', toDate: '2020-03-04' })).total).toBe(1)
    })

    it("shows a customer only its own users' sign-ins", async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const { history, total } = await historyOf({}, accessToken)
      expect(total).toBe(1)
      expect(history).toEqual([expect.objectContaining({ ip: '127.0.0.1', success: true })])
    })

    const badInput: [string, { body: object; field: string }][] = [
      [
        'a toDate before fromDate',
        { body: { fromDate: '2026-03-02', toDate: '2026-03-01' }, field: 'toDate' },
      ],
      ['a date that does not exist', { body: { fromDate: '2026-02-30' }, field: 'fromDate' }],
      ['page 0', { body: { pageNumber: 0 }, field: 'pageNumber' }],
      ['a page of 101', { body: { pageSize: 101 }, field: 'pageSize' }],
      ['an unknown field', { body: { userId: 1 }, field: 'userId' }],
    ]
    it.each(badInput)('refuses %s with VF naming the field', async (_name, { body, field }) => {
      const reply = await server.post('/rpc/loginHistoryList', body, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([field])
      expect(reply.body).not.toHaveProperty('history')
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/loginHistoryList', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
      expect(reply.body).not.toHaveProperty('history')
    })
  })
}
