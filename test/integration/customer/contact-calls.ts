// What the phone, e-mail and address tests do as a customer would: sign in, call an operation,
// read the profile back, and read a code from the demo mailbox (GET /demo/mailbox), the way a
// person using the demo reads the SMS or e-mail the bank sent.
import { expect } from 'vitest'
import type { JsonBody, Reply, TestServer } from '../server-harness.ts'

export interface Customer {
  token: string
  call(operationId: string, body?: unknown): Promise<Reply>
  /** profileInquiry's profile, checked to answer 00. */
  profile(): Promise<Profile>
}

export interface PhoneView {
  id: number
  status: 'Primary' | 'Secondary'
  confirmed: boolean
  countryCode: string
  number: string
  type: number
}

export interface EmailView {
  emailId: number
  emailAddress: string
  status: 'Primary' | 'Secondary'
  confirmed: boolean
}

export interface Profile {
  phones: PhoneView[]
  emails: EmailView[]
  taxId?: string
  status: { requiredActionCount: number }
}

export async function signedIn(server: TestServer, username: string): Promise<Customer> {
  const { accessToken } = await server.signIn(username)
  const call = (operationId: string, body: unknown = {}) =>
    server.post(`/rpc/${operationId}`, body, accessToken)
  return {
    token: accessToken,
    call,
    async profile() {
      const reply = await call('profileInquiry')
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.profile as Profile
    },
  }
}

export interface MailboxMessage {
  channel: string
  recipient: string
  subject: string
  body: string
}

/** The demo mailbox of a person, newest first. */
export async function mailbox(server: TestServer, recipient: string): Promise<MailboxMessage[]> {
  const url = `${server.baseUrl}/demo/mailbox?recipient=${encodeURIComponent(recipient)}`
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return ((await response.json()) as JsonBody).messages as MailboxMessage[]
}

/** The six-digit code of the newest SMS to a number (+447700900456). */
export async function smsCode(server: TestServer, recipient: string): Promise<string> {
  const [newest] = await mailbox(server, recipient)
  expect(newest?.channel).toBe('sms')
  const code = /\b([0-9]{6})\b/.exec(newest?.body ?? '')?.[1]
  if (!code) throw new Error(`no code in the SMS to ${recipient}: ${JSON.stringify(newest)}`)
  return code
}

/** The address id and code of the newest confirmation e-mail's link to an address. */
export async function emailLink(
  server: TestServer,
  address: string,
): Promise<{ emailId: number; confirmationCode: string; body: string }> {
  const [newest] = await mailbox(server, address)
  const link = /\/confirm-email\?\S+/.exec(newest?.body ?? '')?.[0]
  if (!link) throw new Error(`no link in the e-mail to ${address}: ${JSON.stringify(newest)}`)
  const url = new URL(link, 'http://portal.example')
  return {
    emailId: Number(url.searchParams.get('emailId')),
    confirmationCode: url.searchParams.get('code') ?? '',
    body: newest?.body ?? '',
  }
}

/** A code other than the given one, for wrong tries. */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000'
}
