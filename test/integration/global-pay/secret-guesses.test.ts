// Guessing a payment's secret (issue 16, docs/decisions.md "Success texts in the reader's
// language (issue 16)"): a client address that sent 30 wrong secrets in 15 minutes gets 429,
// in the reader's language with Retry-After, on every paymentSecret operation, a right secret
// included; a right secret is never counted, and another address is not affected. The server
// trusts X-Forwarded-For, so each case is its own client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoGlobalPaymentSecret } from '../../../src/server/demo/global-payments.ts'
import { secretGuessLimit } from '../../../src/server/rpc/secret-guesses.ts'
import { databaseTargets, replyOf, startServer, type TestServer } from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target, {}, { TRUST_PROXY: 'true' })
    })
    afterAll(async () => {
      await server?.close()
    })

    let nextAddress = 1
    /** A client address of its own (TEST-NET-3). */
    const newClient = () => `203.0.113.${nextAddress++}`
    const ask = async (client: string, operationId: string, body: Record<string, unknown>) =>
      replyOf(
        await fetch(new URL(`/rpc/${operationId}`, server.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify(body),
        }),
      )
    const details = (client: string, paymentSecret: string, lang?: string) =>
      ask(client, 'globalRecipientPaymentDetailsGet', { paymentSecret, ...(lang ? { lang } : {}) })
    const wrongSecret = (n: number) => `wrong-secret-guess-${String(n).padStart(4, '0')}`

    it('answers 429 in the reader language after 30 wrong secrets, a right one included', async () => {
      const { perClient, windowSeconds } = secretGuessLimit
      const client = newClient()
      for (let n = 1; n <= perClient; n++) {
        const wrong = await details(client, wrongSecret(n))
        expect(wrong.body.responseCode, wrong.text).toBe('VF')
      }
      const russian = await details(client, wrongSecret(0), 'ru')
      expect(russian.status).toBe(429)
      expect(russian.body.responseCode).toBe('TA1')
      expect(russian.body.responseDescription).toMatch(
        /^Слишком много запросов\. Попробуйте снова через 1[45] мин\.$/,
      )
      const seconds = Number(russian.headers.get('retry-after'))
      expect(seconds).toBeGreaterThan(windowSeconds - 120)
      expect(seconds).toBeLessThanOrEqual(windowSeconds)
      expect(russian.body.retryAfterSeconds).toBe(seconds)
      // A right secret now gets the same answer, on this and every paymentSecret operation.
      const right = await details(client, demoGlobalPaymentSecret, 'es')
      expect(right.status).toBe(429)
      expect(right.body.responseDescription).toMatch(/^Demasiadas solicitudes\. /)
      const countries = await ask(client, 'globalRecipientCountryList', {
        paymentSecret: demoGlobalPaymentSecret,
      })
      expect(countries.status).toBe(429)
      // Another address is not affected.
      const other = await details(newClient(), demoGlobalPaymentSecret)
      expect(other.body.responseCode, other.text).toBe('00')
    })

    it('never counts a right secret, nor a body the dispatcher refuses', async () => {
      const client = newClient()
      for (let n = 1; n <= secretGuessLimit.perClient + 5; n++) {
        const right = await details(client, demoGlobalPaymentSecret)
        expect(right.body.responseCode, right.text).toBe('00')
      }
      for (let n = 1; n <= 5; n++) {
        const short = await details(client, 'short')
        expect(short.body.responseCode).toBe('VF')
      }
      for (let n = 1; n < secretGuessLimit.perClient; n++) {
        expect((await details(client, wrongSecret(n))).body.responseCode).toBe('VF')
      }
      const last = await details(client, demoGlobalPaymentSecret)
      expect(last.body.responseCode, last.text).toBe('00')
    })
  })
}
