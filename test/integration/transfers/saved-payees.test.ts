// What external transfers leave behind (product-spec sections 3, 5, 7 and 9): a submit with a
// templateName saves a payment template and a payee; recent transfers of every type offer
// the transfers worth repeating (not returned ones), hide items flagged isDisabled (the flag
// of their type and permission withdrawn), and give the details to fill a new one. The demo
// customer starts with the seeded wire, card, crypto and returned Interac transfers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { setFlags } from './external-test-kit.ts'

interface Template {
  id: number
  templateName: string
  transferType: string
  permission: string
  isDisabled: boolean
  amount?: string
  wireStatus?: string
  eftStatus?: string
  details?: Record<string, unknown>
}
interface Recent {
  transactionId: number
  type: string
  beneficiaryName?: string
  destination?: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: Record<string, number>
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
    })
    afterAll(async () => {
      await server?.close()
    })
    const templates = async (body: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/paymentTemplateList', body, token)
      return reply.body.templates as Template[]
    }
    const recent = async (body: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/recentTransferList', body, token)
      return reply.body.transfers as Recent[]
    }

    it('lists the seeded templates with their states, filtered by type and permission', async () => {
      const all = await templates()
      expect(all.map((t) => t.templateName).sort()).toEqual([
        'Cold wallet',
        'Jamie in Berlin',
        'My Lakeshore card',
        'Returned payee (test)',
      ])
      expect(all.find((t) => t.transferType === 'wire')).toMatchObject({
        templateName: 'Jamie in Berlin',
        permission: '3d',
        wireStatus: 'valid',
        isDisabled: false,
        amount: '150.00',
        details: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
      })
      expect((await templates({ types: ['oct'] })).map((t) => t.templateName)).toEqual([
        'My Lakeshore card',
      ])
      expect((await templates({ permission: 'own' })).map((t) => t.transferType).sort()).toEqual([
        'crypto_eft',
        'oct',
      ])
    })

    it('saves a template and a payee with a submit, and replaces a template of the same name', async () => {
      const submit = (amount: string, key: string) =>
        server.post(
          '/rpc/eftTransferSubmit',
          {
            accountId: ids.EUR,
            amount,
            currencyCode: 'EUR',
            countryCode: 'FR',
            beneficiaryName: 'Atelier Moreau',
            accountNumber: 'FR1420041010050500013M02606',
            permission: '3d',
            templateName: 'Atelier rent',
            idempotencyKey: key,
          },
          token,
        )
      expect((await submit('40.00', 'saved-eft-1')).body.responseCode).toBe('00')
      expect((await submit('45.00', 'saved-eft-2')).body.responseCode).toBe('00')
      const saved = (await templates({ types: ['eft'] })).filter(
        (t) => t.templateName === 'Atelier rent',
      )
      expect(saved).toMatchObject([{ amount: '45.00', eftStatus: 'valid', isDisabled: false }])
      const payees = await server.post('/rpc/beneficiaryList', { countryCode: 'FR' }, token)
      expect(payees.body.beneficiaries).toMatchObject([
        {
          name: 'Atelier Moreau',
          countryCode: 'FR',
          currencyCode: 'EUR',
          permission: '3d',
          eftStatus: 'valid',
          isDisabled: false,
          details: { transferType: 'eft', accountNumber: 'FR1420041010050500013M02606' },
        },
      ])
    })

    it('offers recent transfers of every type but not returned ones, newest first', async () => {
      const list = await recent({ limit: 10 })
      expect(list.map((t) => t.type)).toEqual(['eft', 'eft', 'crypto_eft', 'oct', 'wire'])
      expect(list[4]).toMatchObject({
        beneficiaryName: 'Jamie Fischer',
        destination: 'DE89370400440532013000',
        countryCode: 'DE',
        amount: '150.00',
        currencyCode: 'USD',
        isDisabled: false,
      })
      expect(list[3]?.destination).toBe('414720******0008')
      expect((await recent({ search: 'jamie' })).map((t) => t.type)).toEqual(['wire'])
      expect((await recent({ countryCode: 'DE' })).map((t) => t.type)).toEqual(['wire'])
      expect((await recent({ types: ['oct', 'interac'] })).map((t) => t.type)).toEqual(['oct'])
      expect(await recent({ limit: 2 })).toHaveLength(2)
    })

    it('hides what the customer may no longer send, and disables its template', async () => {
      await setFlags(server, 'demo@nova.example', { ToCard: false })
      expect((await recent({ limit: 10 })).map((t) => t.type)).not.toContain('oct')
      expect((await templates({ types: ['oct'] }))[0]?.isDisabled).toBe(true)
      await setFlags(server, 'demo@nova.example', { ToCard: true })
      expect((await recent({ limit: 10 })).map((t) => t.type)).toContain('oct')
    })

    it('gives the details of a recent transfer to fill a new one', async () => {
      const wire = (await recent({ types: ['wire'] }))[0]!
      const reply = await server.post(
        '/rpc/recentTransferDetailsGet',
        { transactionId: wire.transactionId },
        token,
      )
      expect(reply.body).toMatchObject({
        responseCode: '00',
        type: 'wire',
        hasRequirements: false,
        isAddressValid: true,
        details: {
          accountId: ids.USD,
          amount: '150.00',
          currencyCode: 'USD',
          countryCode: 'DE',
          beneficiaryName: 'Jamie Fischer',
          iban: 'DE89370400440532013000',
          swift: 'COBADEFFXXX',
          permission: '3d',
        },
      })
      const eft = (await recent({ types: ['eft'] }))[0]!
      const noAddress = await server.post(
        '/rpc/recentTransferDetailsGet',
        { transactionId: eft.transactionId },
        token,
      )
      expect(noAddress.body).toMatchObject({ type: 'eft', isAddressValid: false })
      const business = (await server.signIn('business@nova.example')).accessToken
      const foreign = await server.post(
        '/rpc/recentTransferDetailsGet',
        { transactionId: wire.transactionId },
        business,
      )
      expect(failedParameters(foreign)).toEqual(['transactionId'])
    })
  })
}
