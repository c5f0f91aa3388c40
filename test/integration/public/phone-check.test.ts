// phoneCheck: validity, E.164 form, country and line type of a phone number (product-spec
// section 7, Public calls), read with libphonenumber-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const check = async (body: Record<string, unknown>) => {
      const reply = await server.post('/rpc/phoneCheck', body)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.phoneCheck
    }

    const cases: [string, { given: Record<string, unknown>; want: object }][] = [
      [
        'an international UK mobile',
        {
          given: { phoneNumber: '+44 7400 123456' },
          want: {
            valid: true,
            e164: '+447400123456',
            countryCode: 'GB',
            callingCode: '44',
            nationalNumber: '7400123456',
            type: 'MOBILE',
          },
        },
      ],
      [
        'a national German landline with its country',
        {
          given: { phoneNumber: '030 123456', countryCode: 'DE' },
          want: { valid: true, e164: '+4930123456', countryCode: 'DE', type: 'FIXED_LINE' },
        },
      ],
      [
        'a US number written with punctuation',
        {
          given: { phoneNumber: '+1 (201) 555-0123' },
          want: { valid: true, e164: '+12015550123', countryCode: 'US' },
        },
      ],
      [
        'a number too short for its country',
        {
          given: { phoneNumber: '+44 20 1' },
          want: { valid: false, possible: false, callingCode: '44' },
        },
      ],
      [
        'a national number without a country',
        {
          given: { phoneNumber: '030 123456' },
          want: { valid: false, e164: null, countryCode: null, type: null },
        },
      ],
    ]
    it.each(cases)('checks %s', async (_name, { given, want }) => {
      expect(await check(given)).toMatchObject(want)
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['no number', { given: {}, want: ['phoneNumber'] }],
      ['letters', { given: { phoneNumber: 'call me' }, want: ['phoneNumber'] }],
      [
        'a code of no country',
        { given: { phoneNumber: '123456', countryCode: 'ZZ' }, want: ['countryCode'] },
      ],
      ['an unknown field', { given: { phoneNumber: '+1 201 555 0123', type: 2 }, want: ['type'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/phoneCheck', given)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
    })
  })
}
