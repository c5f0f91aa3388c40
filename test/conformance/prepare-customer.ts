// Happy-path preparations of the customer area's writes (spec/customer.yaml): each does what a
// customer would do first (add a number and read its SMS, add an address and read its e-mail)
// and hands the runner the body fields of the happy call. The runner may prepare an operation
// more than once, so each preparation uses numbers and addresses of its own.
import { desc, eq } from 'drizzle-orm'
import { outboxMessages } from '../../src/server/db/schema-outbox.ts'
import type { TestServer } from '../integration/server-harness.ts'

export const customerPreparations = [
  'primaryPhone',
  'phoneAddCode',
  'phoneUpdateCode',
  'newEmail',
  'emailCode',
  'confirmedEmail',
  'officeAddress',
  'homeAddress',
] as const
export type CustomerPreparation = (typeof customerPreparations)[number]

export function isCustomerPreparation(value: string): value is CustomerPreparation {
  return (customerPreparations as readonly string[]).includes(value)
}

let made = 0
/** A number of the UK's fictional mobile range, new at each call. */
const freshNumber = () => `7700900${String(600 + made++).padStart(3, '0')}`
const freshEmail = () => `conformance.${made++}@mail.example`

type Body = Record<string, string | number>
type Call = (operationId: string, body?: unknown) => Promise<Record<string, unknown>>

export async function prepareCustomer(
  server: TestServer,
  preparation: CustomerPreparation,
  token: string | undefined,
): Promise<{ body: Body }> {
  const call: Call = async (operationId, body = {}) => {
    const reply = await server.post(`/rpc/${operationId}`, body, token)
    if (reply.body.responseCode !== '00') throw new Error(`${operationId}: ${reply.text}`)
    return reply.body as Record<string, unknown>
  }
  const newest = async (recipient: string) => {
    const [message] = await server.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
    return message?.body ?? ''
  }
  switch (preparation) {
    case 'primaryPhone': {
      const { profile } = (await call('profileInquiry')) as {
        profile: { phones: { id: number }[] }
      }
      return { body: { phoneId: profile.phones[0]!.id } }
    }
    case 'phoneAddCode':
    case 'phoneUpdateCode':
      return { body: await phoneCode(call, newest, preparation) }
    case 'newEmail':
    case 'emailCode':
    case 'confirmedEmail':
      return { body: await emailStep(call, newest, preparation) }
    case 'officeAddress':
      return { body: { oldAddressId: await addressOfType(call, 5) } }
    case 'homeAddress':
      return { body: { addressId: await addressOfType(call, 1) } }
  }
}

type Newest = (recipient: string) => Promise<string>

/** A fresh number added (reqId and code) or set by phoneUpdate (phoneId and code). */
async function phoneCode(
  call: Call,
  newest: Newest,
  step: 'phoneAddCode' | 'phoneUpdateCode',
): Promise<Body> {
  const number = freshNumber()
  const sent = await call(step === 'phoneAddCode' ? 'phoneAdd' : 'phoneUpdate', {
    countryCode: '44',
    number,
  })
  const code = /([0-9]{6})/.exec(await newest(`+44${number}`))?.[1] ?? ''
  if (step === 'phoneAddCode') return { reqId: String(sent.reqId), approvalCode: code }
  return { phoneId: (sent.phone as { id: number }).id, code }
}

/** A fresh address: as added, with its code, or confirmed. */
async function emailStep(
  call: Call,
  newest: Newest,
  step: 'newEmail' | 'emailCode' | 'confirmedEmail',
): Promise<Body> {
  const emailAddress = freshEmail()
  const { email } = (await call('emailAdd', { emailAddress })) as { email: { emailId: number } }
  const link = /\/confirm-email\?\S+/.exec(await newest(emailAddress))?.[0] ?? '/'
  const confirmationCode = new URL(link, 'http://x').searchParams.get('code') ?? ''
  if (step === 'newEmail') return { emailId: email.emailId }
  if (step === 'emailCode') return { emailId: email.emailId, confirmationCode }
  await call('emailConfirm', { emailId: email.emailId, confirmationCode })
  return { emailId: email.emailId }
}

/** The customer's current address of a type, created when there is none. */
async function addressOfType(call: Call, addressType: number): Promise<number> {
  const found = (await call('addressInquiry', { addressType })) as {
    addresses: { addressId: number }[]
  }
  const current = found.addresses[0]?.addressId
  if (current !== undefined) return current
  const created = (await call('customerAddressCreate', {
    addressType,
    address1: '1 Canada Square',
    city: 'London',
    countryCode: 'GB',
  })) as { address: { addressId: number } }
  return created.address.addressId
}
