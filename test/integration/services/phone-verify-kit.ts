// What the phone verification tests do as the portal does: solve the captcha, send a code bound
// to a fresh PKCE challenge, read it from the demo mailbox and confirm it with confirmPhone.
import { expect } from 'vitest'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import type { Reply, TestServer } from '../server-harness.ts'
import { solvedCaptcha } from '../activation/registration-payloads.ts'
import { mailbox, type Customer, type PhoneView } from '../customer/contact-calls.ts'

export interface VerifyCall {
  type?: 'sms' | 'call'
  captcha?: string
  codeVerifier?: string
  token: string
}

/** POSTs a verify path with a solved captcha and a fresh challenge unless given. */
export async function sendCode(
  server: TestServer,
  path: string,
  call: VerifyCall,
): Promise<{ reply: Reply; codeVerifier: string }> {
  const codeVerifier = call.codeVerifier ?? createCodeVerifier()
  const reply = await server.post(
    path,
    {
      type: call.type ?? 'sms',
      captcha: call.captcha ?? (await solvedCaptcha(server.baseUrl)),
      codeChallenge: await codeChallengeS256(codeVerifier),
    },
    call.token,
  )
  return { reply, codeVerifier }
}

/** The newest message to a number and the six-digit code it carries. */
export async function newestCode(
  server: TestServer,
  recipient: string,
): Promise<{ code: string; subject: string; body: string; count: number }> {
  const messages = await mailbox(server, recipient)
  const [newest] = messages
  expect(newest?.channel).toBe('sms')
  const code = /\b([0-9]{6})\b/.exec(newest?.body ?? '')?.[1]
  if (!code) throw new Error(`no code in the message to ${recipient}: ${JSON.stringify(newest)}`)
  return { code, subject: newest!.subject, body: newest!.body, count: messages.length }
}

/** Adds a number with phoneAdd (the first phone of a customer becomes its primary one). */
export async function addedPhone(customer: Customer, number: string): Promise<PhoneView> {
  const reply = await customer.call('phoneAdd', { countryCode: '44', number })
  expect(reply.body.responseCode, reply.text).toBe('00')
  return reply.body.phone as PhoneView
}
