// phoneConfirm: the code of phoneUpdate's SMS, read from the demo mailbox, confirms the number,
// which then replaces the primary phone (product-spec section 5). The codes phoneAdd and
// phoneReplace send confirm the same way, by the phone's id (the profile's confirm form).
// Wrong codes are VF naming code; the fifth and an expired code are refused; another
// customer's phone is unknown.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phoneConfirmations } from '../../../src/server/db/schema-customer.ts'
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

    async function updated(customer: Customer, number: string) {
      const reply = await customer.call('phoneUpdate', { countryCode: '44', number })
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.phone as PhoneView
    }

    it('confirms the new number, which replaces the primary phone', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const phone = await updated(demo, '7700900491')
      const code = await smsCode(server, '+447700900491')
      const reply = await demo.call('phoneConfirm', { phoneId: phone.id, code })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ id: phone.id, status: 'Primary', confirmed: true })
      const { phones } = await demo.profile()
      expect(phones.map((p) => [p.number, p.status, p.confirmed])).toEqual([
        ['7700900491', 'Primary', true],
      ])
    })

    it('takes one required action away when a first phone is confirmed', async () => {
      const customer = await signedIn(server, 'fatca@nova.example')
      const before = await customer.profile()
      const phone = await updated(customer, '7700900492')
      const code = await smsCode(server, '+447700900492')
      const reply = await customer.call('phoneConfirm', { phoneId: phone.id, code })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const after = await customer.profile()
      expect(after.status.requiredActionCount).toBe(before.status.requiredActionCount - 1)
    })

    it('refuses wrong codes with VF naming code, then the fifth for good', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const phone = await updated(demo, '7700900493')
      const right = await smsCode(server, '+447700900493')
      for (let i = 0; i < 4; i++) {
        const reply = await demo.call('phoneConfirm', { phoneId: phone.id, code: otherCode(right) })
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['code'])
      }
      const fifth = await demo.call('phoneConfirm', { phoneId: phone.id, code: otherCode(right) })
      expect(fifth.body.responseCode).toBe('TA1')
      const late = await demo.call('phoneConfirm', { phoneId: phone.id, code: right })
      expect(late.body.responseCode).toBe('TA1')
      expect((await demo.profile()).phones[0]).toMatchObject({ number: '7700900491' })
    })

    it('refuses an expired code', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const phone = await updated(demo, '7700900494')
      const code = await smsCode(server, '+447700900494')
      await server.db
        .update(phoneConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(phoneConfirmations.phoneId, phone.id))
      const reply = await demo.call('phoneConfirm', { phoneId: phone.id, code })
      expect(reply.body.responseCode).toBe('TA1')
      expect(reply.body.responseDescription).toContain('expired')
    })

    it('confirms the phones phoneAdd and phoneReplace sent codes to, by their id', async () => {
      const customer = await signedIn(server, 'retail@nova.example')
      const added = await customer.call('phoneAdd', { countryCode: '+44', number: '7700900481' })
      expect(added.body.responseCode, added.text).toBe('00')
      const phone = added.body.phone as PhoneView
      const code = await smsCode(server, '+447700900481')
      const reply = await customer.call('phoneConfirm', { phoneId: phone.id, code })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ id: phone.id, confirmed: true })

      const replaced = await customer.call('phoneReplace', {
        phoneId: phone.id,
        phone: { countryCode: '44', number: '7700900482' },
      })
      expect(replaced.body.responseCode, replaced.text).toBe('00')
      const next = replaced.body.phone as PhoneView
      const nextCode = await smsCode(server, '+447700900482')
      const confirmed = await customer.call('phoneConfirm', { phoneId: next.id, code: nextCode })
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      const numbers = (await customer.profile()).phones.map((p) => [p.number, p.confirmed])
      expect(numbers).toContainEqual(['7700900482', true])
      expect(numbers.map(([number]) => number)).not.toContain('7700900481')
    })

    it("treats another customer's phone as one without a code, naming phoneId", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const phone = await updated(demo, '7700900495')
      const code = await smsCode(server, '+447700900495')
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('phoneConfirm', { phoneId: phone.id, code })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['phoneId'])
      const mine = (await demo.profile()).phones.find((p) => p.id === phone.id)
      expect(mine?.confirmed).toBe(false)
    })
  })
}
