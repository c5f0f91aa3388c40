// serviceCheckUrls (product-spec section 7): public, a verdict per URL in the order sent, by form
// and block list (docs/decisions.md, "Phone verification and URL checks (issue 14)"), each
// refusal with its reason; nothing is fetched. A body outside the schema is 400; too many
// checks from one client are 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { urlReasons } from '../../../src/server/services/url-verdict.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const path = '/service/check-urls'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target, {}, { BLOCKED_URL_DOMAINS: 'blocked.example, bit.ly' })
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers a verdict per URL, in the order sent, with the reason of each refusal', async () => {
      const urls = [
        'https://www.nova.example',
        'nova.example/about',
        'not a url',
        'ftp://nova.example',
        'https://user:secret@nova.example',
        'http://169.254.169.254/latest/meta-data',
        'http://localhost:3000',
        'https://shop.blocked.example',
        'https://t.co/abc',
      ]
      const reply = await server.post(path, { urls })
      expect(reply.status, reply.text).toBe(200)
      expect(reply.body).toEqual({
        results: [
          { url: urls[0], valid: true },
          { url: urls[1], valid: true },
          { url: urls[2], valid: false, reason: urlReasons.malformed },
          { url: urls[3], valid: false, reason: urlReasons.scheme },
          { url: urls[4], valid: false, reason: urlReasons.credentials },
          { url: urls[5], valid: false, reason: urlReasons.privateAddress },
          { url: urls[6], valid: false, reason: urlReasons.localName },
          { url: urls[7], valid: false, reason: urlReasons.blockedDomain },
          // The configured list replaces the default one, which holds t.co.
          { url: urls[8], valid: true },
        ],
      })
    })

    it("gives the reasons in the reader's language (Accept-Language)", async () => {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
        body: JSON.stringify({ urls: ['ftp://nova.example', 'https://shop.blocked.example'] }),
      })
      expect(answer.status).toBe(200)
      const body = (await answer.json()) as { results: { reason?: string }[] }
      expect(body.results.map((result) => result.reason)).toEqual([
        'должен начинаться с http:// или https://',
        'находится в списке заблокированных доменов',
      ])
    })

    it('refuses a body outside the schema with 400 naming the field', async () => {
      const none = await server.post(path, { urls: [] })
      expect(none.status).toBe(400)
      expect(failedParameters(none)).toEqual(['urls'])
      const tooMany = await server.post(path, {
        urls: Array.from({ length: 21 }, () => 'a.example'),
      })
      expect(tooMany.status).toBe(400)
      const extra = await server.post(path, { urls: ['a.example'], fetch: true })
      expect(extra.status).toBe(400)
    })

    it('limits the checks of one client', async () => {
      let last = await server.post(path, { urls: ['nova.example'] })
      for (let sent = 0; sent < 70 && last.status === 200; sent++) {
        last = await server.post(path, { urls: ['nova.example'] })
      }
      expect(last.status, last.text).toBe(429)
      expect(last.body.message).toContain('Too many requests')
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    })
  })
}
