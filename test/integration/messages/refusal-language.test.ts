// Refusals in the reader's language (issue 16, docs/decisions.md "Refusals in the reader's
// language"): a VF answer's descriptions, the validator's and a handler's, and the refused
// rows of a mass preview read in the request's language (the envelope's lang, else
// Accept-Language), and in English when the request names none.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { balancesOf, customerIdOf } from '../transfers/transfer-test-kit.ts'

type Refused = { parameter: string; description: string }

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let eur: number
    beforeAll(async () => {
      server = await startServer(target)
      const customerId = await customerIdOf(server, 'business@nova.example')
      await server.db
        .update(customers)
        .set({ permissions: { sendMoneyMassUser: true, sendMoneyUser: true } })
        .where(eq(customers.id, customerId))
      token = (await server.signIn('business@nova.example')).accessToken
      eur = (await balancesOf(server, token)).ids.EUR!
    })
    afterAll(async () => {
      await server?.close()
    })

    /** A password change without its new password: the validator refuses it. */
    const validatorRefusal = async (lang?: string) => {
      const reply = await server.post(
        '/rpc/passwordChange',
        { ...(lang ? { lang } : {}), password: demoPassword },
        token,
      )
      expect(reply.body.responseCode, reply.text).toBe('VF')
      return (reply.body.errors as Refused[]).find((e) => e.parameter === 'passwordNew')
    }
    /** A mass preview whose line has more decimals than EUR: the quote refuses the row. */
    const rowRefusal = async (lang?: string) => {
      const text = 'email,amount,currency\ndemo@nova.example,1.234,EUR'
      const body = { ...(lang ? { lang } : {}), accountId: eur, text }
      const reply = await server.post('/rpc/p2pMassTransferPreview', body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const summary = reply.body.summary as { rowErrors: Refused[] }
      return summary.rowErrors[0]
    }
    /** A between-accounts transfer from an account that is not the customer's. */
    const handlerRefusal = async (lang?: string) => {
      const body = { ...(lang ? { lang } : {}), fromAccountId: 1, toAccountId: eur, amount: '1.00' }
      const reply = await server.post('/rpc/betweenAccountsFeeGet', body, token)
      expect(reply.body.responseCode, reply.text).toBe('VF')
      return (reply.body.errors as Refused[])[0]
    }

    it('answers in English when the request names no language', async () => {
      expect((await validatorRefusal())?.description).toBe('is required')
      expect((await rowRefusal())?.description).toBe('has more decimals than EUR allows')
      expect((await handlerRefusal())?.description).toBe('is not your account')
    })

    it.each([
      ['ru', 'обязательно для заполнения', 'чем допускает EUR', 'не является вашим счётом'],
      ['ua', "обов'язкове для заповнення", 'ніж допускає EUR', 'не є вашим рахунком'],
      ['es', 'es obligatorio', 'de los que admite EUR', 'no es una cuenta suya'],
    ])('answers in %s for the validator, a mass row and a handler', async (lang, ...want) => {
      expect((await validatorRefusal(lang))?.description).toBe(want[0])
      expect((await rowRefusal(lang))?.description).toContain(want[1])
      expect((await handlerRefusal(lang))?.description).toBe(want[2])
    })

    it('takes the language from Accept-Language when the body names none', async () => {
      const response = await fetch(`${server.baseUrl}/rpc/passwordChange`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5',
        },
        body: JSON.stringify({ password: demoPassword }),
      })
      const body = (await response.json()) as { errors: Refused[] }
      expect(body.errors.find((e) => e.parameter === 'passwordNew')?.description).toBe(
        "обов'язкове для заповнення",
      )
    })
  })
}
