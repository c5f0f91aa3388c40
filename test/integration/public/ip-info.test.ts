// ipInfo: the IP info call and the privacy check after it, answered together by the built-in
// adapter (product-spec section 7, Public calls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const noPrivacyFlags = { proxy: false, vpn: false, tor: false }

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const info = async (body: Record<string, unknown>) => {
      const reply = await server.post('/rpc/ipInfo', body)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.ipInfo
    }

    it("describes the caller's own address: loopback, no country", async () => {
      expect(await info({})).toEqual({
        ip: '127.0.0.1',
        version: 4,
        kind: 'loopback',
        countryCode: null,
        countryName: null,
        privacy: noPrivacyFlags,
        source: 'built-in',
      })
    })

    const addresses: [string, { kind: string; countryCode: string | null; version: number }][] = [
      ['8.8.8.8', { kind: 'public', countryCode: 'US', version: 4 }],
      ['193.0.6.139', { kind: 'public', countryCode: 'NL', version: 4 }],
      ['2001:4860:4860::8888', { kind: 'public', countryCode: 'US', version: 6 }],
      ['192.168.1.10', { kind: 'private', countryCode: null, version: 4 }],
      ['100.64.0.1', { kind: 'sharedAddressSpace', countryCode: null, version: 4 }],
      ['203.0.113.5', { kind: 'documentation', countryCode: null, version: 4 }],
      ['fe80::1', { kind: 'linkLocal', countryCode: null, version: 6 }],
      ['::ffff:10.0.0.1', { kind: 'private', countryCode: null, version: 4 }],
      ['5.5.5.5', { kind: 'public', countryCode: null, version: 4 }],
    ]
    it.each(addresses)('describes %s', async (ip, want) => {
      expect(await info({ ip })).toMatchObject({ ...want, privacy: noPrivacyFlags })
    })

    it('names the country of a known public address', async () => {
      expect(await info({ ip: '8.8.8.8' })).toMatchObject({ countryName: 'United States' })
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['a malformed address', { given: { ip: '300.1.1.1' }, want: ['ip'] }],
      ['a host name', { given: { ip: 'example.com' }, want: ['ip'] }],
      ['an unknown field', { given: { address: '8.8.8.8' }, want: ['address'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/ipInfo', given)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
    })
  })
}
