// phoneReplace: the old phone stays, primary if it was, until the new number is confirmed; a
// newer replacement drops the older unconfirmed one; another customer's phone is unknown; a
// refused SMS leaves nothing behind (product-spec sections 3 and 5).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { signedIn, smsCode, type PhoneView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const numbersOf = (phones: PhoneView[]) => phones.map((p) => [p.number, p.status, p.confirmed])

    it('keeps the old primary phone until the new number is confirmed', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const before = await demo.profile()
      const primary = before.phones[0]!
      const reply = await demo.call('phoneReplace', {
        phoneId: primary.id,
        phone: { countryCode: '44', number: '7700900471' },
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.phone).toMatchObject({ status: 'Secondary', confirmed: false })
      expect(reply.body.reqId).toEqual(expect.any(String))
      const waiting = await demo.profile()
      expect(numbersOf(waiting.phones)).toEqual([
        ['7700900123', 'Primary', true],
        ['7700900471', 'Secondary', false],
      ])
      expect(waiting.status.requiredActionCount).toBe(before.status.requiredActionCount)
    })

    it('drops an older unconfirmed replacement when a newer one is asked for', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const primary = (await demo.profile()).phones[0]!
      const reply = await demo.call('phoneReplace', {
        phoneId: primary.id,
        phone: { countryCode: '44', number: '7700900472' },
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(numbersOf((await demo.profile()).phones)).toEqual([
        ['7700900123', 'Primary', true],
        ['7700900472', 'Secondary', false],
      ])
      const approvalCode = await smsCode(server, '+447700900472')
      const done = await demo.call('confirmPhone', { reqId: reply.body.reqId, approvalCode })
      expect(done.body.responseCode, done.text).toBe('00')
      expect(numbersOf((await demo.profile()).phones)).toEqual([['7700900472', 'Primary', true]])
    })

    it('replaces a secondary phone without touching the primary one', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const added = await demo.call('phoneAdd', { countryCode: '44', number: '7700900473' })
      const secondary = added.body.phone as PhoneView
      const reply = await demo.call('phoneReplace', {
        phoneId: secondary.id,
        phone: { countryCode: '44', number: '7700900474' },
      })
      const approvalCode = await smsCode(server, '+447700900474')
      const done = await demo.call('confirmPhone', { reqId: reply.body.reqId, approvalCode })
      expect(done.body.phone).toMatchObject({ status: 'Secondary', confirmed: true })
      expect(numbersOf((await demo.profile()).phones)).toEqual([
        ['7700900472', 'Primary', true],
        ['7700900474', 'Secondary', true],
      ])
    })

    it("refuses another customer's phone and an unknown id alike, naming phoneId", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const theirs = (await demo.profile()).phones[0]!.id
      const other = await signedIn(server, 'business@nova.example')
      const phone = { countryCode: '44', number: '7700900475' }
      const reply = await other.call('phoneReplace', { phoneId: theirs, phone })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['phoneId'])
      const unknown = await other.call('phoneReplace', { phoneId: 2_000_000_000, phone })
      expect(unknown.body).toEqual(reply.body)
    })

    const refused: [string, { number: string; want: string }][] = [
      ['the number being replaced', { number: '7700900472', want: 'phone.number' }],
      ['a fixed line', { number: '2079460000', want: 'phone.number' }],
    ]
    it.each(refused)('refuses %s with VF naming it', async (_name, { number, want }) => {
      const demo = await signedIn(server, 'demo@nova.example')
      const primary = (await demo.profile()).phones[0]!
      const reply = await demo.call('phoneReplace', {
        phoneId: primary.id,
        phone: { countryCode: '44', number },
      })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([want])
    })

    it('writes nothing when the number may not be texted again this hour', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const before = await demo.profile()
      await server.db
        .execute(sql`insert into rate_limit_counters (scope, client_key, window_start, hits)
        values ('phoneCode:number', '+447700900476', now(), 5)`)
      const reply = await demo.call('phoneReplace', {
        phoneId: before.phones[0]!.id,
        phone: { countryCode: '44', number: '7700900476' },
      })
      expect(reply.body.responseCode, reply.text).toBe('TA1')
      expect((await demo.profile()).phones).toEqual(before.phones)
    })
  })
}
