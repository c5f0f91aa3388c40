// phoneUpdate: the one-step change of product-spec section 5 (an existing primary phone is
// replaced, else one is added). The number gets a code by SMS; the current primary phone
// stays until phoneConfirm confirms the new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { mailbox, signedIn, smsCode, type PhoneView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('sends a code to the new number and keeps the primary phone until it is confirmed', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('phoneUpdate', { countryCode: '44', number: '7700900481' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ number: '7700900481', confirmed: false, type: 2 })
      expect(reply.body).not.toHaveProperty('reqId')
      expect(await mailbox(server, '+447700900481')).toHaveLength(1)
      const { phones } = await demo.profile()
      expect(phones[0]).toMatchObject({ number: '7700900123', status: 'Primary', confirmed: true })
    })

    it('adds the number as the primary phone of a customer without one', async () => {
      const customer = await signedIn(server, 'kyc@nova.example')
      const before = await customer.profile()
      expect(before.phones).toEqual([])
      const reply = await customer.call('phoneUpdate', { countryCode: '+40', number: '0712345678' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({
        countryCode: '40',
        number: '712345678',
        status: 'Primary',
        confirmed: false,
      })
      const after = await customer.profile()
      expect(after.phones).toEqual([reply.body.phone])
      expect(after.status.requiredActionCount).toBe(before.status.requiredActionCount)
    })

    it('refuses the confirmed primary number itself, naming number', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('phoneUpdate', { countryCode: '44', number: '7700900123' })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['number'])
    })

    it('sends the unconfirmed primary number a new code rather than a second copy', async () => {
      const customer = await signedIn(server, 'kyc@nova.example')
      const [primary] = (await customer.profile()).phones
      const first = await smsCode(server, '+40712345678')
      const reply = await customer.call('phoneUpdate', { countryCode: '40', number: '712345678' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((reply.body.phone as PhoneView).id).toBe(primary!.id)
      expect((await customer.profile()).phones).toHaveLength(1)
      expect(await mailbox(server, '+40712345678')).toHaveLength(2)
      // Only the newest code counts: the first is a wrong one now.
      const stale = await customer.call('phoneConfirm', { phoneId: primary!.id, code: first })
      const newest = await smsCode(server, '+40712345678')
      expect(failedParameters(stale)).toEqual(first === newest ? [] : ['code'])
    })

    it('refuses a number of no calling code, naming countryCode', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('phoneUpdate', { countryCode: '0', number: '712345678' })
      expect(failedParameters(reply)).toEqual(['countryCode'])
    })
  })
}
