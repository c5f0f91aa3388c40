// News announcements (product-spec sections 3, 4 and 7): a customer lists what is for it, in
// the reader's language; opening one marks it read for the customer; a business's owner
// accepts or declines one that asks, once; an initiator acting for the company sees the same
// state but may not answer (x-access rights:2).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Announcement {
  id: number
  isRead: boolean
  choice?: string
  withConfirmation?: boolean
  title?: string
  body?: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })
    const list = async (token: string, body: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/announcementList', body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.announcements as Announcement[]
    }

    it('lists a customer only what is for it, newest first, in the reader’s language', async () => {
      expect((await list(demo)).map((a) => [a.id, a.title, a.isRead])).toEqual([
        [180003, 'Send money to anyone abroad', false],
        [180001, 'Card payments paused briefly on Sunday night', false],
      ])
      expect((await list(business)).map((a) => a.id)).toEqual([180003, 180002])
      expect((await list(business, { withConfirmation: true })).map((a) => a.id)).toEqual([180002])
      const russian = await list(demo, { lang: 'ru' })
      expect(russian[0]).toMatchObject({ title: 'Отправляйте деньги кому угодно за границу' })
    })

    it('marks one read when it is opened, for that customer only', async () => {
      const opened = await server.post('/rpc/announcementGet', { id: 180003 }, demo)
      expect(opened.body.announcement).toMatchObject({ id: 180003, isRead: true })
      expect((await list(demo)).find((a) => a.id === 180003)?.isRead).toBe(true)
      expect((await list(business)).find((a) => a.id === 180003)?.isRead).toBe(false)
    })

    it('answers one that is not the customer’s as one that does not exist', async () => {
      for (const id of [180002, 999999]) {
        const reply = await server.post('/rpc/announcementGet', { id }, demo)
        expect(failedParameters(reply)).toEqual(['id'])
      }
      const choice = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180001, choice: 'accept' },
        business,
      )
      expect(failedParameters(choice)).toEqual(['id'])
    })

    it('takes the owner’s answer once; the company’s initiator sees it but may not answer', async () => {
      const [company] = await server.db
        .select({ customerId: users.customerId })
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      const initiator = (await server.signIn('initiator@nova.example')).accessToken
      const asCompany = { fromCustomerId: company!.customerId }
      const refused = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180002, choice: 'accept', ...asCompany },
        initiator,
      )
      expect(refused.body.responseCode).not.toBe('00')

      const noAnswer = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180003, choice: 'accept' },
        business,
      )
      expect(failedParameters(noAnswer)).toEqual(['id'])

      const accepted = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180002, choice: 'decline' },
        business,
      )
      expect(accepted.body.announcement).toMatchObject({ choice: 'decline', isRead: true })
      const again = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180002, choice: 'decline' },
        business,
      )
      expect(again.body.responseCode).toBe('00')
      const changed = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180002, choice: 'accept' },
        business,
      )
      expect(failedParameters(changed)).toEqual(['choice'])
      expect(changed.body.responseDescription).toMatch(/already answered/)

      const seen = await server.post('/rpc/announcementList', asCompany, initiator)
      const fee = (seen.body.announcements as Announcement[]).find((a) => a.id === 180002)
      expect(fee).toMatchObject({ choice: 'decline', isRead: true })
    })

    it('refuses a choice that is not accept or decline, naming it', async () => {
      const reply = await server.post(
        '/rpc/announcementChoiceSet',
        { id: 180002, choice: 'maybe' },
        business,
      )
      expect(failedParameters(reply)).toEqual(['choice'])
    })
  })
}
