// pbnSettingsGet/Update and ipnSettingsGet/Update: where notifications go, and their signing
// keys, shown once by the update that makes them and masked ever after (DESIGN.md section 11).
// ipnSecretOf/pbnSecretOf give the delivery job the key the merchant was shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { merchantIpnSettings } from '../../../src/server/db/schema-merchant.ts'
import { ipnSecretOf, pbnSecretOf } from '../../../src/server/merchant/merchant-secrets.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
      customerId = (await server.post('/rpc/getCustomerInfo', {}, token)).body.customer!.customerId
    })
    afterAll(async () => {
      await server?.close()
    })

    const call = async (operation: string, body: Record<string, unknown> = {}, as = token) => {
      const reply = await server.post(`/rpc/${operation}`, body, as)
      expect(reply.status).toBe(200)
      return reply
    }

    it('starts with IPN defaults (status ids 1) and no key', async () => {
      const reply = await call('ipnSettingsGet')
      expect(reply.body.settings).toEqual({ notifyStatusId: 1, statusId: 1, hasSecret: false })
    })

    it('shows a new IPN key once, then only its hint, and signs with that key', async () => {
      const first = await call('ipnSettingsUpdate', {
        notifyUrl: 'https://shop.example/ipn',
        notifyStatusId: 3,
      })
      expect(first.body.responseCode, first.text).toBe('00')
      const secretKey = first.body.secretKey as string
      // 32 random bytes in base64url: made on the first update even without the flag.
      expect(secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const hint = `****${secretKey.slice(-4)}`
      expect(first.body.settings).toEqual({
        notifyUrl: 'https://shop.example/ipn',
        notifyStatusId: 3,
        statusId: 1,
        hasSecret: true,
        secretHint: hint,
      })

      const read = await call('ipnSettingsGet')
      expect(read.text).not.toContain(secretKey)
      expect(read.body.settings).toMatchObject({ hasSecret: true, secretHint: hint })

      const changed = await call('ipnSettingsUpdate', { notifyUrl: 'https://shop.example/ipn2' })
      expect(changed.body).not.toHaveProperty('secretKey')
      expect(changed.body.settings).toMatchObject({ notifyStatusId: 1, secretHint: hint })

      expect(await ipnSecretOf(server.db, customerId)).toBe(secretKey)
      // Stored sealed, never as the key itself.
      const [row] = await server.db
        .select()
        .from(merchantIpnSettings)
        .where(eq(merchantIpnSettings.customerId, customerId))
      expect(JSON.stringify(row)).not.toContain(secretKey)
    })

    it('regenerates the IPN key on the secret flag; the old one stops working', async () => {
      const before = await ipnSecretOf(server.db, customerId)
      const reply = await call('ipnSettingsUpdate', {
        notifyUrl: 'https://shop.example/ipn',
        secret: true,
      })
      const secretKey = reply.body.secretKey as string
      expect(secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(secretKey).not.toBe(before)
      expect(await ipnSecretOf(server.db, customerId)).toBe(secretKey)
      expect(reply.body.settings).toMatchObject({ secretHint: `****${secretKey.slice(-4)}` })
    })

    it('keeps PBN settings per merchant, with their own key', async () => {
      const empty = await call('pbnSettingsGet')
      expect(empty.body.settings).toEqual({ enabled: false, hasSecret: false })

      const made = await call('pbnSettingsUpdate', {
        notifyUrl: 'https://shop.example/pbn',
        enabled: true,
      })
      expect(made.body.responseCode, made.text).toBe('00')
      const secretKey = made.body.secretKey as string
      expect(secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(await pbnSecretOf(server.db, customerId)).toBe(secretKey)
      expect(await ipnSecretOf(server.db, customerId)).not.toBe(secretKey)

      const read = await call('pbnSettingsGet')
      expect(read.text).not.toContain(secretKey)
      expect(read.body.settings).toEqual({
        notifyUrl: 'https://shop.example/pbn',
        enabled: true,
        hasSecret: true,
        secretHint: `****${secretKey.slice(-4)}`,
      })

      // Omitted fields keep their values; no new key without the flag.
      const paused = await call('pbnSettingsUpdate', { enabled: false })
      expect(paused.body).not.toHaveProperty('secretKey')
      expect(paused.body.settings).toMatchObject({ notifyUrl: 'https://shop.example/pbn' })
      const regenerated = await call('pbnSettingsUpdate', { secret: true })
      expect(regenerated.body.secretKey).not.toBe(secretKey)

      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect((await call('pbnSettingsGet', {}, demo)).body.settings).toEqual({
        enabled: false,
        hasSecret: false,
      })
    })

    it('refuses enabling PBN without an address, and bad input, with VF naming the field', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const enabled = await call('pbnSettingsUpdate', { enabled: true }, demo)
      expect(failedParameters(enabled)).toEqual(['notifyUrl'])
      expect((await call('pbnSettingsGet', {}, demo)).body.settings).toMatchObject({
        hasSecret: false,
      })
      const url = await call('ipnSettingsUpdate', { notifyUrl: 'not a url' })
      expect(failedParameters(url)).toEqual(['notifyUrl'])
      // The statuses are named choices (1 completed, 2 refunded, 3 failed; 1 sending, 2 paused).
      const status = await call('ipnSettingsUpdate', {
        notifyUrl: 'https://shop.example/ipn',
        notifyStatusId: 7,
      })
      expect(failedParameters(status)).toEqual(['notifyStatusId'])
      const missing = await call('ipnSettingsUpdate', { statusId: 2 })
      expect(failedParameters(missing)).toEqual(['notifyUrl'])
      const flag = await call('pbnSettingsUpdate', { secret: 'yes' })
      expect(failedParameters(flag)).toEqual(['secret'])
    })

    it('answers 401 AU without a token', async () => {
      for (const operation of ['ipnSettingsGet', 'pbnSettingsGet', 'pbnSettingsUpdate']) {
        const reply = await server.post(`/rpc/${operation}`, {})
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      }
    })
  })
}
