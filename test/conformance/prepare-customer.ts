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

export async function prepareCustomer(
  server: TestServer,
  preparation: CustomerPreparation,
  token: string | undefined,
): Promise<{ body: Body }> {
  const call = async (operationId: string, body: unknown = {}) => {
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
    case 'phoneAddCode': {
      const number = freshNumber()
      const { reqId } = await call('phoneAdd', { countryCode: '44', number })
      const approvalCode = /([0-9]{6})/.exec(await newest(`+44${number}`))?.[1] ?? ''
      return { body: { reqId: String(reqId), approvalCode } }
    }
    case 'phoneUpdateCode': {
      const number = freshNumber()
      const { phone } = (await call('phoneUpdate', { countryCode: '44', number })) as {
        phone: { id: number }
      }
      const code = /([0-9]{6})/.exec(await newest(`+44${number}`))?.[1] ?? ''
      return { body: { phoneId: phone.id, code } }
    }
    case 'newEmail':
    case 'emailCode':
    case 'confirmedEmail': {
      const emailAddress = freshEmail()
      const { email } = (await call('emailAdd', { emailAddress })) as { email: { emailId: number } }
      const link = /\/confirm-email\?\S+/.exec(await newest(emailAddress))?.[0] ?? '/'
      const confirmationCode = new URL(link, 'http://x').searchParams.get('code') ?? ''
      if (preparation === 'newEmail') return { body: { emailId: email.emailId } }
      if (preparation === 'emailCode') return { body: { emailId: email.emailId, confirmationCode } }
      await call('emailConfirm', { emailId: email.emailId, confirmationCode })
      return { body: { emailId: email.emailId } }
    }
    case 'officeAddress':
    case 'homeAddress': {
      const addressType = preparation === 'officeAddress' ? 5 : 1
      const found = (await call('addressInquiry', { addressType })) as {
        addresses: { addressId: number }[]
      }
      let addressId = found.addresses[0]?.addressId
      if (addressId === undefined) {
        const created = (await call('customerAddressCreate', {
          addressType,
          address1: '1 Canada Square',
          city: 'London',
          countryCode: 'GB',
        })) as { address: { addressId: number } }
        addressId = created.address.addressId
      }
      return {
        body: preparation === 'officeAddress' ? { oldAddressId: addressId } : { addressId },
      }
    }
  }
}
