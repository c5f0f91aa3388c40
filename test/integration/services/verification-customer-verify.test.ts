// verificationCustomerVerify (product-spec section 7): after the captcha, a code goes to the
// customer's primary phone, bound to a PKCE challenge, and confirmPhone confirms the phone with
// it and the verifier. A customer without a phone is 404, a failed captcha or a confirmed phone
// 422 with the message to show; a customer the caller may not act for, or only read, is 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { mailbox, signedIn, type Customer } from '../customer/contact-calls.ts'
import { customerIdOf } from './identity-check-kit.ts'
import { addedPhone, newestCode, sendCode } from './phone-verify-kit.ts'

const verifyPath = (customerId: number | string) => `/verification/customer/${customerId}/verify`

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let retail: Customer
    let retailId: number
    beforeAll(async () => {
      server = await startServer(target)
      retail = await signedIn(server, 'retail@nova.example')
      retailId = await customerIdOf(server, 'retail@nova.example')
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers 404 while the customer has no phone', async () => {
      expect((await retail.profile()).phones).toEqual([])
      const { reply } = await sendCode(server, verifyPath(retailId), { token: retail.token })
      expect(reply.status, reply.text).toBe(404)
      expect(reply.body).toEqual({ message: 'The customer has no phone to verify.' })
    })

    it('refuses a failed captcha with 422 and its message, and sends nothing', async () => {
      const phone = await addedPhone(retail, '7700900711')
      expect(phone.status).toBe('Primary')
      const before = (await mailbox(server, '+447700900711')).length
      const { reply } = await sendCode(server, verifyPath(retailId), {
        captcha: 'c1:forged:1:8:signature.12',
        token: retail.token,
      })
      expect(reply.status, reply.text).toBe(422)
      expect(reply.body).toEqual({ message: 'The captcha is not a challenge of this server.' })
      expect((await mailbox(server, '+447700900711')).length).toBe(before)
    })

    it('sends the code to the primary phone; confirmPhone confirms it with the verifier', async () => {
      const primary = (await retail.profile()).phones.find((phone) => phone.status === 'Primary')
      expect(primary).toMatchObject({ number: '7700900711', confirmed: false })
      // A secondary number gets nothing.
      const secondary = await addedPhone(retail, '7700900712')
      const secondaryMessages = (await mailbox(server, '+447700900712')).length
      const { reply, codeVerifier } = await sendCode(server, verifyPath(retailId), {
        token: retail.token,
      })
      expect(reply.status, reply.text).toBe(204)
      expect(reply.text).toBe('')
      expect((await mailbox(server, '+447700900712')).length).toBe(secondaryMessages)
      const sent = await newestCode(server, '+447700900711')
      const confirmed = await retail.call('confirmPhone', {
        phoneId: primary!.id,
        codeVerifier,
        code: sent.code,
      })
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      const phones = (await retail.profile()).phones
      expect(phones.find((phone) => phone.id === primary!.id)?.confirmed).toBe(true)
      expect(phones.find((phone) => phone.id === secondary.id)?.confirmed).toBe(false)
      // Confirmed now: nothing to verify, 422 with the message, and nothing sent.
      const again = await sendCode(server, verifyPath(retailId), {
        type: 'call',
        token: retail.token,
      })
      expect(again.reply.status, again.reply.text).toBe(422)
      expect(again.reply.body).toEqual({ message: 'This phone number is already confirmed.' })
      expect((await mailbox(server, '+447700900711')).length).toBe(sent.count)
    })

    it('refuses a customer the caller may not act for, or may only read', async () => {
      const demoId = await customerIdOf(server, 'demo@nova.example')
      const stranger = await sendCode(server, verifyPath(demoId), { token: retail.token })
      expect(stranger.reply.status, stranger.reply.text).toBe(403)
      expect(stranger.reply.body).toEqual({ message: 'You have no access to this customer.' })
      const company = await customerIdOf(server, 'business@nova.example')
      const employee = await signedIn(server, 'employee@nova.example')
      const readOnly = await sendCode(server, verifyPath(company), { token: employee.token })
      expect(readOnly.reply.status, readOnly.reply.text).toBe(403)
      expect(readOnly.reply.body.message).toContain('access rights')
      const notAnId = await sendCode(server, verifyPath('abc'), { token: retail.token })
      expect(notAnId.reply.status).toBe(400)
    })
  })
}
