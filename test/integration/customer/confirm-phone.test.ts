// confirmPhone: a person reads the SMS code in the demo mailbox and confirms the phone with the
// reqId of phoneAdd or phoneReplace, or with the code and verifier of a PKCE-bound code
// (product-spec section 7). Wrong codes are VF naming the code field; the fifth, an expired
// code and a replaced one are refused; another customer's request is unknown.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerPhones, users } from '../../../src/server/db/schema.ts'
import { phoneConfirmations } from '../../../src/server/db/schema-customer.ts'
import { issuePhoneCode } from '../../../src/server/customer/phone-confirmation-codes.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { otherCode, signedIn, smsCode, type Customer, type PhoneView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function added(customer: Customer, number: string) {
      const reply = await customer.call('phoneAdd', { countryCode: '44', number })
      expect(reply.body.responseCode, reply.text).toBe('00')
      return { reqId: String(reply.body.reqId), phone: reply.body.phone as PhoneView }
    }

    it('confirms a phone with the code read from the demo mailbox', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { reqId, phone } = await added(demo, '7700900461')
      const approvalCode = await smsCode(server, '+447700900461')
      const reply = await demo.call('confirmPhone', { reqId, approvalCode })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ id: phone.id, confirmed: true, status: 'Secondary' })
      const listed = (await demo.profile()).phones.find((p) => p.id === phone.id)
      expect(listed?.confirmed).toBe(true)
      const [row] = await server.db
        .select()
        .from(customerPhones)
        .where(eq(customerPhones.id, phone.id))
      expect(row?.confirmedAt).toBeInstanceOf(Date)
      const again = await demo.call('confirmPhone', { reqId, approvalCode })
      expect(again.body.responseCode).toBe('VF')
      expect(failedParameters(again)).toEqual(['reqId'])
    })

    it('refuses a wrong code with VF naming it and the tries left, and the fifth for good', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { reqId, phone } = await added(demo, '7700900462')
      const right = await smsCode(server, '+447700900462')
      const wrong = otherCode(right)
      for (let left = 4; left >= 1; left--) {
        const reply = await demo.call('confirmPhone', { reqId, approvalCode: wrong })
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual(['approvalCode'])
        expect(reply.body.responseDescription).toContain(`${left} tries left`)
      }
      const fifth = await demo.call('confirmPhone', { reqId, approvalCode: wrong })
      expect(fifth.body.responseCode, fifth.text).toBe('TA1')
      const late = await demo.call('confirmPhone', { reqId, approvalCode: right })
      expect(late.body.responseCode, late.text).toBe('TA1')
      const listed = (await demo.profile()).phones.find((p) => p.id === phone.id)
      expect(listed?.confirmed).toBe(false)
    })

    it('refuses an expired code', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { reqId, phone } = await added(demo, '7700900463')
      const approvalCode = await smsCode(server, '+447700900463')
      await server.db
        .update(phoneConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(phoneConfirmations.phoneId, phone.id))
      const reply = await demo.call('confirmPhone', { reqId, approvalCode })
      expect(reply.body.responseCode, reply.text).toBe('TA1')
      expect(reply.body.responseDescription).toContain('expired')
    })

    it("treats another customer's request as unknown", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { reqId } = await added(demo, '7700900464')
      const approvalCode = await smsCode(server, '+447700900464')
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('confirmPhone', { reqId, approvalCode })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['reqId'])
      const unknown = await other.call('confirmPhone', { reqId: 'no-such-request', approvalCode })
      expect(unknown.body).toEqual(reply.body)
    })

    it('lets a confirmed replacement take the primary phone’s place', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const primary = (await demo.profile()).phones.find((p) => p.status === 'Primary')
      expect(primary).toMatchObject({ number: '7700900123', confirmed: true })
      const replaced = await demo.call('phoneReplace', {
        phoneId: primary!.id,
        phone: { countryCode: '44', number: '7700900465' },
      })
      expect(replaced.body.responseCode, replaced.text).toBe('00')
      const approvalCode = await smsCode(server, '+447700900465')
      const reply = await demo.call('confirmPhone', { reqId: replaced.body.reqId, approvalCode })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ status: 'Primary', confirmed: true })
      const { phones } = await demo.profile()
      expect(phones[0]).toMatchObject({ number: '7700900465', status: 'Primary', confirmed: true })
      expect(phones.map((p) => p.number)).not.toContain('7700900123')
    })

    describe('with a code bound to a PKCE challenge (verification/phones/{phoneId}/verify)', () => {
      // A customer of its own, so the phones of the tests above leave room for these.
      const username = 'profile-update@nova.example'

      async function challengedCode(customer: Customer, number: string) {
        const { phone } = await added(customer, number)
        const codeVerifier = createCodeVerifier()
        const [user] = await server.db.select().from(users).where(eq(users.username, username))
        await server.db.transaction(async (tx) => {
          await issuePhoneCode(tx, {
            phoneId: phone.id,
            customerId: user!.customerId,
            userId: user!.id,
            phone: { countryCode: '44', number },
            codeChallenge: await codeChallengeS256(codeVerifier),
          })
        })
        return { phoneId: phone.id, codeVerifier, code: await smsCode(server, `+44${number}`) }
      }

      it('confirms with the code and the verifier', async () => {
        const demo = await signedIn(server, username)
        const given = await challengedCode(demo, '7700900466')
        const reply = await demo.call('confirmPhone', given)
        expect(reply.body.responseCode, reply.text).toBe('00')
        expect(reply.body.phone).toMatchObject({ id: given.phoneId, confirmed: true })
      })

      it('refuses another verifier with VF naming codeVerifier, and a wrong code naming code', async () => {
        const demo = await signedIn(server, username)
        const given = await challengedCode(demo, '7700900467')
        const badVerifier = await demo.call('confirmPhone', {
          ...given,
          codeVerifier: createCodeVerifier(),
        })
        expect(failedParameters(badVerifier)).toEqual(['codeVerifier'])
        const badCode = await demo.call('confirmPhone', { ...given, code: otherCode(given.code) })
        expect(failedParameters(badCode)).toEqual(['code'])
        const listed = (await demo.profile()).phones.find((p) => p.id === given.phoneId)
        expect(listed?.confirmed).toBe(false)
      })

      it('knows no challenge for a phone whose code came by reqId', async () => {
        const demo = await signedIn(server, username)
        const { phone } = await added(demo, '7700900468')
        const code = await smsCode(server, '+447700900468')
        const reply = await demo.call('confirmPhone', {
          phoneId: phone.id,
          codeVerifier: createCodeVerifier(),
          code,
        })
        expect(failedParameters(reply)).toEqual(['phoneId'])
      })
    })
  })
}
