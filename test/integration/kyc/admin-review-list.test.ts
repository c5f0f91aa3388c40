// adminReviewList: the admin overview (product-spec section 2, admin-overview; section 6): the
// demo customers waiting for review, longest-waiting first, with their counts and states; a
// new upload puts its customer on the list, a decision takes it off; paging; a customer
// refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { ok, uniquePdf, upload, type UploadedFileBody } from './document-upload-support.ts'

interface Row {
  customerId: number
  name: string
  kind: string
  waitingCount: number
  oldestWaitingAt: string
  verificationState: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let admin: string
    beforeAll(async () => {
      server = await startServer(target)
      admin = (await server.signIn('admin@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const list = async (body: Record<string, unknown> = {}) => {
      const answer = await ok(server.post('/rpc/adminReviewList', body, admin))
      return { rows: answer.customers as Row[], total: answer.total as number }
    }

    it('lists the demo customers waiting, longest-waiting first', async () => {
      const { rows, total } = await list()
      expect(total).toBe(2)
      expect(rows).toMatchObject([
        { name: 'Northwind Trading Ltd', kind: 'business', waitingCount: 1 },
        { name: 'Riley Stone', kind: 'personal', waitingCount: 2, verificationState: 'processing' },
      ])
      expect(Date.parse(rows[0]!.oldestWaitingAt)).toBeLessThan(
        Date.parse(rows[1]!.oldestWaitingAt),
      )
    })

    it('pages', async () => {
      const second = await list({ pageNumber: 2, pageSize: 1 })
      expect(second).toMatchObject({ total: 2, rows: [{ name: 'Riley Stone' }] })
      const past = await list({ pageNumber: 3, pageSize: 1 })
      expect(past).toMatchObject({ total: 2, rows: [] })
    })

    it('adds a customer who uploads, and drops one whose files are all decided', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const sent = await ok(
        upload(
          server,
          'customerDocumentCreate',
          demo,
          { documentTypeId: 1 },
          {
            mainDocument: { name: 'passport.pdf', bytes: uniquePdf() },
          },
        ),
      )
      const [file] = sent.uploadedDocuments as UploadedFileBody[]
      const added = await list()
      const alex = added.rows.find((row) => row.name === 'Alex Morgan')
      expect(added.total).toBe(3)
      expect(alex).toMatchObject({ waitingCount: 1, kind: 'personal' })
      await ok(
        server.post(
          '/rpc/adminDocumentDecide',
          { fromCustomerId: alex?.customerId, uploadedDocumentId: file?.id, decision: 'confirm' },
          admin,
        ),
      )
      const after = await list()
      expect(after.total).toBe(2)
      expect(after.rows.map((row) => row.name)).not.toContain('Alex Morgan')
    })

    it('refuses a page size over 100 with VF naming it', async () => {
      const reply = await server.post('/rpc/adminReviewList', { pageSize: 101 }, admin)
      expect(failedParameters(reply)).toEqual(['pageSize'])
    })

    it('refuses a customer with ENOA', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const reply = await server.post('/rpc/adminReviewList', {}, demo)
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
