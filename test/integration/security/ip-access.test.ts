// The IP whitelist (ipAccessList, ipAccessAdd, ipAccessDelete, ipAccessModeSet): entries of
// one address or a range, stored in normal form, and the on/off mode (product-spec sections 2,
// 3 and 6). Turning the mode on, or deleting an entry while it is on, may not lock out the
// address the customer is using (enforcement itself is tested in test/integration/auth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Item {
  id: number
  ip: string
  toIp?: string
  created?: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const listOf = async (token: string) => {
      const reply = await server.post('/rpc/ipAccessList', {}, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return { enabled: reply.body.enabled as boolean, items: reply.body.items as Item[] }
    }

    it("lists the demo customer's address and ranges, oldest first, with the mode off", async () => {
      const { enabled, items } = await listOf(demo)
      expect(enabled).toBe(false)
      expect(items.map(({ ip, toIp }) => ({ ip, toIp }))).toEqual([
        { ip: '203.0.113.10', toIp: undefined },
        { ip: '198.51.100.0', toIp: '198.51.100.255' },
        { ip: '2001:db8:85a3::', toIp: '2001:db8:85a3::ffff' },
      ])
      expect(items[0]).not.toHaveProperty('toIp')
      // Written when the run seeded its demo database, minutes before this test on a slow
      // machine: an instant of today, not in the future.
      const created = Date.parse(items[0]!.created ?? '')
      expect(created).toBeGreaterThan(Date.now() - 86_400_000)
      expect(created).toBeLessThanOrEqual(Date.now())
    })

    it('shows another customer only its own list', async () => {
      expect(await listOf(business)).toEqual({ enabled: false, items: [] })
    })

    it('adds an IPv6 address in its normal form and lists it', async () => {
      const reply = await server.post('/rpc/ipAccessAdd', { ip: '2001:DB8:0:0::0:1' }, demo)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const item = reply.body.item as Item
      expect(item).toMatchObject({ ip: '2001:db8::1' })
      expect(item).not.toHaveProperty('toIp')
      expect((await listOf(demo)).items.at(-1)).toEqual(item)
    })

    it('adds an IPv4 range, and a range of one address as that address', async () => {
      const range = await server.post(
        '/rpc/ipAccessAdd',
        { ip: '10.0.0.1', toIp: '10.0.0.99' },
        demo,
      )
      expect(range.body.item).toMatchObject({ ip: '10.0.0.1', toIp: '10.0.0.99' })
      const single = await server.post(
        '/rpc/ipAccessAdd',
        { ip: '10.1.1.1', toIp: '10.1.1.1' },
        demo,
      )
      expect(single.body.responseCode).toBe('00')
      expect(single.body.item).not.toHaveProperty('toIp')
    })

    it('refuses the same address written another way, naming ip', async () => {
      const before = (await listOf(demo)).items.length
      const reply = await server.post('/rpc/ipAccessAdd', { ip: '2001:0db8::0001' }, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['ip'])
      expect(reply.body.errors?.[0]?.description).toMatch(/already on the whitelist/)
      expect((await listOf(demo)).items).toHaveLength(before)
    })

    const badInput: [string, { body: object; field: string }][] = [
      ['an address that is none', { body: { ip: '300.1.1.1' }, field: 'ip' }],
      ['text for an address', { body: { ip: 'office' }, field: 'ip' }],
      ['a missing address', { body: { toIp: '10.0.0.1' }, field: 'ip' }],
      ['a range across IP versions', { body: { ip: '10.0.0.1', toIp: '::1' }, field: 'toIp' }],
      ['a backwards range', { body: { ip: '10.0.0.9', toIp: '10.0.0.1' }, field: 'toIp' }],
      ['an unknown field', { body: { ip: '10.0.0.1', note: 'x' }, field: 'note' }],
    ]
    it.each(badInput)('refuses %s with VF naming the field', async (_name, { body, field }) => {
      const reply = await server.post('/rpc/ipAccessAdd', body, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([field])
      expect(reply.body).not.toHaveProperty('item')
    })

    it("deletes an entry, and not another customer's", async () => {
      const { items } = await listOf(demo)
      const target = items[1]!
      const foreign = await server.post('/rpc/ipAccessDelete', { id: target.id }, business)
      expect(foreign.body.responseCode).toBe('VF')
      expect(failedParameters(foreign)).toEqual(['id'])
      const reply = await server.post('/rpc/ipAccessDelete', { id: target.id }, demo)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((await listOf(demo)).items.map((item) => item.id)).not.toContain(target.id)
    })

    it('refuses to turn the mode on while the address in use is not on the list', async () => {
      const reply = await server.post('/rpc/ipAccessModeSet', { enable: true }, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['enable'])
      expect(reply.text).toContain('would lock you out: your current address')
      expect((await listOf(demo)).enabled).toBe(false)
    })

    it('turns the mode on and off, and keeps it per customer', async () => {
      const here = await server.post('/rpc/ipAccessAdd', { ip: '127.0.0.1' }, demo)
      expect(here.body.responseCode, here.text).toBe('00')
      const on = await server.post('/rpc/ipAccessModeSet', { enable: true }, demo)
      expect(on.body.responseCode, on.text).toBe('00')
      expect(on.body.enabled).toBe(true)
      expect((await listOf(demo)).enabled).toBe(true)
      expect((await listOf(business)).enabled).toBe(false)
      // The entry holding this address stays while the mode is on.
      const hereId = (here.body.item as Item).id
      const kept = await server.post('/rpc/ipAccessDelete', { id: hereId }, demo)
      expect(kept.body.responseCode).toBe('VF')
      expect(failedParameters(kept)).toEqual(['id'])
      expect(kept.text).toContain('would lock you out')
      const off = await server.post('/rpc/ipAccessModeSet', { enable: false }, demo)
      expect(off.body.enabled).toBe(false)
      expect((await listOf(demo)).enabled).toBe(false)
      const removed = await server.post('/rpc/ipAccessDelete', { id: hereId }, demo)
      expect(removed.body.responseCode, removed.text).toBe('00')
    })

    it('refuses to turn on an empty whitelist, naming enable', async () => {
      const reply = await server.post('/rpc/ipAccessModeSet', { enable: true }, business)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['enable'])
      expect((await listOf(business)).enabled).toBe(false)
    })

    it('keeps the last entry while the whitelist is on', async () => {
      const added = await server.post(
        '/rpc/ipAccessAdd',
        { ip: '127.0.0.1', toIp: '127.0.0.255' },
        business,
      )
      const id = (added.body.item as Item).id
      await server.post('/rpc/ipAccessModeSet', { enable: true }, business)
      const refused = await server.post('/rpc/ipAccessDelete', { id }, business)
      expect(refused.body.responseCode).toBe('VF')
      expect(failedParameters(refused)).toEqual(['id'])
      await server.post('/rpc/ipAccessModeSet', { enable: false }, business)
      const removed = await server.post('/rpc/ipAccessDelete', { id }, business)
      expect(removed.body.responseCode).toBe('00')
      expect((await listOf(business)).items).toEqual([])
    })

    it('refuses a mode that is not a boolean, naming enable', async () => {
      const reply = await server.post('/rpc/ipAccessModeSet', { enable: 'yes' }, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['enable'])
    })

    it.each(['ipAccessList', 'ipAccessAdd', 'ipAccessDelete', 'ipAccessModeSet'])(
      'answers %s without a token with 401 AU',
      async (operation) => {
        const reply = await server.post(`/rpc/${operation}`, {
          ip: '10.0.0.1',
          id: 1,
          enable: true,
        })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      },
    )
  })
}
