// pdfDownload: the public GET behind the links pdfGenerate and the FATCA/CRS certification hand
// out (spec/services.yaml). The link is the credential: a live link serves the PDF without a
// session; an altered link, one made by another server, an expired one, and one naming a file
// of another customer are all the same 404.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedFiles, users } from '../../../src/server/db/schema.ts'
import {
  downloadLinkKey,
  downloadPathPrefix,
  readDownloadToken,
  signDownloadToken,
} from '../../../src/server/pdf/download-links.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { download } from '../kyc/fatca-support.ts'

const demoUsdAccount = 10000001

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let other: TestServer
    let link: string
    beforeAll(async () => {
      server = await startServer(target)
      other = await startServer(target)
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const reply = await server.post(
        '/pdf/api/generator_pdf/accountConfirmation',
        { data: { accountId: demoUsdAccount } },
        demo,
      )
      link = String(reply.body.redirectLink)
    })
    afterAll(async () => {
      await server?.close()
      await other?.close()
    })

    const tokenOf = (path: string) => path.slice(downloadPathPrefix.length)
    const notFound = (file: { status: number; contentType: string | null }) => {
      expect(file.status).toBe(404)
      expect(file.contentType).toContain('application/json')
    }

    it('serves the PDF by its link, without a session, never cached', async () => {
      const response = await fetch(new URL(link, server.baseUrl))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    })

    it('refuses an altered link', async () => {
      const token = tokenOf(link)
      const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`
      notFound(await download(server, `${downloadPathPrefix}${flipped}`))
      notFound(await download(server, `${downloadPathPrefix}${'A'.repeat(60)}`))
      notFound(await download(server, `${downloadPathPrefix}short`))
    })

    it('refuses a link another server made (a foreign key)', async () => {
      notFound(await download(other, link))
    })

    it('refuses an expired link', async () => {
      const key = await downloadLinkKey(server.db)
      const grant = readDownloadToken(key, tokenOf(link), Date.now())!
      const expired = signDownloadToken(key, {
        ...grant,
        expiresAtSeconds: Math.floor(Date.now() / 1000) - 1,
      })
      notFound(await download(server, `${downloadPathPrefix}${expired}`))
      const live = signDownloadToken(key, grant)
      expect((await download(server, `${downloadPathPrefix}${live}`)).status).toBe(200)
    })

    it("refuses a link naming a file of another customer, even signed with the server's key", async () => {
      const key = await downloadLinkKey(server.db)
      const grant = readDownloadToken(key, tokenOf(link), Date.now())!
      const [business] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      const forged = signDownloadToken(key, { ...grant, customerId: business!.customerId })
      notFound(await download(server, `${downloadPathPrefix}${forged}`))
    })

    it('refuses a link whose file is gone', async () => {
      const key = await downloadLinkKey(server.db)
      const grant = readDownloadToken(key, tokenOf(link), Date.now())!
      await server.db.delete(storedFiles).where(eq(storedFiles.id, grant.fileId))
      notFound(await download(server, link))
    })
  })
}
