// verificationPhoneVerify (product-spec section 7): after the captcha, a code goes to one of the
// customer's phones by SMS or call, bound to a PKCE challenge, and confirmPhone confirms the
// phone with it and the verifier. A failed captcha and a confirmed phone answer 422 with the
// message to show; another customer's phone is unknown (404); a read-only user is refused;
// the sixth code of an hour to a number is refused and leaves the captcha usable. The customer
// holds at most five phones, so the tests add five numbers in all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeVerifier } from '../../../src/shared/pkce.ts'
import { captchaToken, hasWork, splitCaptchaToken } from '../../../src/shared/captcha-work.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  testCaptchaDifficulty,
  type TestServer,
} from '../server-harness.ts'
import { solvedCaptcha } from '../activation/registration-payloads.ts'
import { mailbox, otherCode, signedIn, type Customer } from '../customer/contact-calls.ts'
import { customerIdOf } from './identity-check-kit.ts'
import { addedPhone, newestCode, sendCode } from './phone-verify-kit.ts'

const verifyPath = (phoneId: number | string) => `/verification/phones/${phoneId}/verify`

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let retail: Customer
    beforeAll(async () => {
      server = await startServer(target)
      retail = await signedIn(server, 'retail@nova.example')
    })
    afterAll(async () => {
      await server?.close()
    })

    const confirmedIn = async (customer: Customer, phoneId: number) =>
      (await customer.profile()).phones.find((phone) => phone.id === phoneId)?.confirmed

    it('sends an SMS code that confirmPhone accepts with the verifier; the phone is confirmed', async () => {
      const phone = await addedPhone(retail, '7700900701')
      const { reply, codeVerifier } = await sendCode(server, verifyPath(phone.id), {
        token: retail.token,
      })
      expect(reply.status, reply.text).toBe(204)
      expect(reply.text).toBe('')
      const sent = await newestCode(server, '+447700900701')
      expect(sent.subject).toBe('Phone confirmation code')
      expect(await confirmedIn(retail, phone.id)).toBe(false)
      // Another verifier does not fit the challenge the code was bound to.
      const stranger = await retail.call('confirmPhone', {
        phoneId: phone.id,
        codeVerifier: createCodeVerifier(),
        code: sent.code,
      })
      expect(failedParameters(stranger)).toEqual(['codeVerifier'])
      const confirmed = await retail.call('confirmPhone', {
        phoneId: phone.id,
        codeVerifier,
        code: sent.code,
      })
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      expect(await confirmedIn(retail, phone.id)).toBe(true)
      // A confirmed phone needs no code: 422 with the message, and nothing is sent.
      const again = await sendCode(server, verifyPath(phone.id), { token: retail.token })
      expect(again.reply.status, again.reply.text).toBe(422)
      expect(again.reply.body).toEqual({ message: 'This phone number is already confirmed.' })
      expect((await mailbox(server, '+447700900701')).length).toBe(sent.count)
    })

    it('reads the code out by a call, which the demo mailbox shows as one', async () => {
      const phone = await addedPhone(retail, '7700900702')
      const { reply, codeVerifier } = await sendCode(server, verifyPath(phone.id), {
        type: 'call',
        token: retail.token,
      })
      expect(reply.status, reply.text).toBe(204)
      const sent = await newestCode(server, '+447700900702')
      expect(sent.subject).toBe('Phone confirmation call')
      expect(sent.body).toContain('Voice call')
      const wrong = await retail.call('confirmPhone', {
        phoneId: phone.id,
        codeVerifier,
        code: otherCode(sent.code),
      })
      expect(failedParameters(wrong)).toEqual(['code'])
      // The code of phoneAdd was replaced by this one.
      const confirmed = await retail.call('confirmPhone', {
        phoneId: phone.id,
        codeVerifier,
        code: sent.code,
      })
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      expect(await confirmedIn(retail, phone.id)).toBe(true)
    })

    it('refuses a failed captcha with 422 and its message, and sends nothing', async () => {
      const phone = await addedPhone(retail, '7700900703')
      const before = (await mailbox(server, '+447700900703')).length
      const garbage = await sendCode(server, verifyPath(phone.id), {
        captcha: 'not-a-captcha',
        token: retail.token,
      })
      expect(garbage.reply.status, garbage.reply.text).toBe(422)
      expect(garbage.reply.body).toEqual({
        message: 'The captcha is not a solved captcha challenge.',
      })
      // The challenge with a nonce that does no work, found here so that one call is refused.
      const solved = await solvedCaptcha(server.baseUrl)
      const parts = splitCaptchaToken(solved)
      if (!parts) throw new Error('assertion: a solved captcha splits into challenge and nonce')
      let nonce = 0
      while (await hasWork(parts.challenge, String(nonce), testCaptchaDifficulty)) nonce += 1
      const refused = await sendCode(server, verifyPath(phone.id), {
        captcha: captchaToken(parts.challenge, String(nonce)),
        token: retail.token,
      })
      expect(refused.reply.status, refused.reply.text).toBe(422)
      const unsolved = String(refused.reply.body.message)
      expect(unsolved).toBe('The captcha does not solve the challenge.')
      // A used captcha is refused the second time.
      const first = await sendCode(server, verifyPath(phone.id), {
        captcha: solved,
        token: retail.token,
      })
      expect(first.reply.status, first.reply.text).toBe(204)
      const replay = await sendCode(server, verifyPath(phone.id), {
        captcha: solved,
        token: retail.token,
      })
      expect(replay.reply.status).toBe(422)
      expect(replay.reply.body.message).toContain('already been used')
      expect((await mailbox(server, '+447700900703')).length).toBeGreaterThan(before)
    })

    it("answers another customer's phone as an unknown one, and sends it nothing", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [demoPhone] = (await demo.profile()).phones
      const recipient = `+${demoPhone!.countryCode}${demoPhone!.number}`
      const before = (await mailbox(server, recipient)).length
      const other = await sendCode(server, verifyPath(demoPhone!.id), { token: retail.token })
      expect(other.reply.status, other.reply.text).toBe(404)
      expect(other.reply.body).toEqual({ message: 'No such phone.' })
      const unknown = await sendCode(server, verifyPath(999_999), { token: retail.token })
      expect(unknown.reply.status).toBe(404)
      expect(unknown.reply.body).toEqual(other.reply.body)
      const notAnId = await sendCode(server, verifyPath('abc'), { token: retail.token })
      expect(notAnId.reply.status).toBe(404)
      expect((await mailbox(server, recipient)).length).toBe(before)
    })

    it('refuses a user with read access on the company it acts for', async () => {
      const company = await customerIdOf(server, 'business@nova.example')
      const employee = await signedIn(server, 'employee@nova.example')
      const reply = await sendCode(server, `${verifyPath(1)}?fromCustomerId=${company}`, {
        token: employee.token,
      })
      expect(reply.reply.status, reply.reply.text).toBe(403)
      expect(reply.reply.body.message).toContain('access rights')
      const anonymous = await sendCode(server, verifyPath(1), { token: '' })
      expect(anonymous.reply.status).toBe(401)
    })

    it('refuses the sixth code of an hour to a number with 429, leaving the captcha usable', async () => {
      // phoneAdd sent the first code of the hour; four more may follow.
      const phone = await addedPhone(retail, '7700900704')
      for (let sent = 2; sent <= 5; sent++) {
        const reply = await sendCode(server, verifyPath(phone.id), { token: retail.token })
        expect(reply.reply.status, reply.reply.text).toBe(204)
      }
      const last = await newestCode(server, '+447700900704')
      const captcha = await solvedCaptcha(server.baseUrl)
      const refused = await sendCode(server, verifyPath(phone.id), { captcha, token: retail.token })
      expect(refused.reply.status, refused.reply.text).toBe(429)
      expect(refused.reply.body.message).toContain('Too many codes')
      expect(Number(refused.reply.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await newestCode(server, '+447700900704')).count).toBe(last.count)
      const elsewhere = await addedPhone(retail, '7700900705')
      const reused = await sendCode(server, verifyPath(elsewhere.id), {
        captcha,
        token: retail.token,
      })
      expect(reused.reply.status, reused.reply.text).toBe(204)
    })
  })
}
