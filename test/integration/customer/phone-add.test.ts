// phoneAdd: a phone added unconfirmed (type 2, plus signs and the trunk prefix stripped), a
// code sent to it by SMS, the number rules of product-spec section 5, and the limits that keep
// a number from being texted without end (nothing written when the SMS is refused).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerPhones } from '../../../src/server/db/schema.ts'
import { phoneConfirmations } from '../../../src/server/db/schema-customer.ts'
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

    it('adds an unconfirmed secondary phone, texts it a code and lists it', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('phoneAdd', { countryCode: '44', number: '7700900456' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({
        status: 'Secondary',
        confirmed: false,
        countryCode: '44',
        number: '7700900456',
        type: 2,
      })
      expect(reply.body.reqId).toMatch(/^[A-Za-z0-9-]{1,64}$/)
      expect(await smsCode(server, '+447700900456')).toMatch(/^[0-9]{6}$/)
      const { phones } = await demo.profile()
      expect(phones.map((p) => [p.number, p.status, p.confirmed])).toEqual([
        ['7700900123', 'Primary', true],
        ['7700900456', 'Secondary', false],
      ])
    })

    it('strips the plus sign and the trunk prefix, so one number is stored one way', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('phoneAdd', { countryCode: '+44', number: '07700900457' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ countryCode: '44', number: '7700900457' })
      expect(await mailbox(server, '+447700900457')).toHaveLength(1)
    })

    const refused: [string, { given: Record<string, string>; want: string }][] = [
      [
        'a calling code of no country',
        { given: { countryCode: '999', number: '12345678' }, want: 'countryCode' },
      ],
      [
        'a number too short for its plan',
        { given: { countryCode: '44', number: '77009' }, want: 'number' },
      ],
      [
        'a fixed line, which cannot get the SMS',
        { given: { countryCode: '44', number: '2079460000' }, want: 'number' },
      ],
      [
        'a confirmed number already on file',
        { given: { countryCode: '44', number: '7700900123' }, want: 'number' },
      ],
      [
        'two plus signs',
        { given: { countryCode: '++44', number: '7700900458' }, want: 'countryCode' },
      ],
    ]
    it.each(refused)(
      'refuses %s with VF naming it, and sends nothing',
      async (_name, { given, want }) => {
        const demo = await signedIn(server, 'demo@nova.example')
        const before = await demo.profile()
        const reply = await demo.call('phoneAdd', given)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual([want])
        expect((await demo.profile()).phones).toEqual(before.phones)
      },
    )

    it('sends a new code for a number still waiting, for the same phone, and the old one stops', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const first = await demo.call('phoneAdd', { countryCode: '44', number: '7700900459' })
      const firstCode = await smsCode(server, '+447700900459')
      const again = await demo.call('phoneAdd', { countryCode: '44', number: '7700900459' })
      expect(again.body.responseCode, again.text).toBe('00')
      expect((again.body.phone as PhoneView).id).toBe((first.body.phone as PhoneView).id)
      expect(again.body.reqId).not.toBe(first.body.reqId)
      const old = await demo.call('confirmPhone', {
        reqId: first.body.reqId,
        approvalCode: firstCode,
      })
      expect(old.body.responseCode, old.text).toBe('TA1')
      const newest = await smsCode(server, '+447700900459')
      const done = await demo.call('confirmPhone', {
        reqId: again.body.reqId,
        approvalCode: newest,
      })
      expect(done.body.responseCode, done.text).toBe('00')
    })

    it('makes the first phone of a customer without one primary at once', async () => {
      const customer = await signedIn(server, 'kyc@nova.example')
      expect((await customer.profile()).phones).toEqual([])
      const reply = await customer.call('phoneAdd', { countryCode: '370', number: '60012345' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ status: 'Primary', confirmed: false })
    })

    it('holds at most five phones; one whose code can no longer be used gives way', async () => {
      const customer = await signedIn(server, 'fatca@nova.example')
      const ids: number[] = []
      for (const n of [1, 2, 3, 4, 5]) {
        const reply = await customer.call('phoneAdd', { countryCode: '40', number: `71234567${n}` })
        expect(reply.body.responseCode, reply.text).toBe('00')
        ids.push((reply.body.phone as PhoneView).id)
      }
      const sixth = await customer.call('phoneAdd', { countryCode: '40', number: '712345676' })
      expect(sixth.body.responseCode).toBe('VF')
      expect(failedParameters(sixth)).toEqual(['number'])
      await server.db
        .update(phoneConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(phoneConfirmations.phoneId, ids[1]!))
      const later = await customer.call('phoneAdd', { countryCode: '40', number: '712345676' })
      expect(later.body.responseCode, later.text).toBe('00')
      const numbers = (await customer.profile()).phones.map((p) => p.number)
      expect(numbers).toHaveLength(5)
      expect(numbers).not.toContain('712345672')
      expect(numbers).toContain('712345676')
    })

    it('texts one number five codes an hour, then refuses and writes nothing', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const other = await signedIn(server, 'business@nova.example')
      for (let i = 0; i < 5; i++) {
        const who = i % 2 === 0 ? demo : other
        const reply = await who.call('phoneAdd', { countryCode: '49', number: '15112345678' })
        expect(reply.body.responseCode, reply.text).toBe('00')
      }
      const rows = async () =>
        server.db.select().from(customerPhones).where(eq(customerPhones.number, '15112345678'))
      const phonesBefore = await rows()
      expect(phonesBefore).toHaveLength(2)
      const kept = await signedIn(server, 'profile-update@nova.example')
      const reply = await kept.call('phoneAdd', { countryCode: '49', number: '15112345678' })
      expect(reply.body.responseCode, reply.text).toBe('TA1')
      expect(reply.body.retryAfterSeconds).toBeGreaterThan(0)
      expect(await rows()).toHaveLength(2)
      expect((await kept.profile()).phones).toEqual([])
      expect(await mailbox(server, '+4915112345678')).toHaveLength(5)
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/phoneAdd', { countryCode: '44', number: '7700900456' })
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
