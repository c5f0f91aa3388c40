// Payment instructions (product-spec sections 3, 5 and 7): one per active payment account with
// a valid IBAN carrying the account, viewed per user; marking needs both ids, of the same
// account, of the caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from '../transfers/transfer-test-kit.ts'

/** ISO 13616 check: country and check digits moved to the end, letters as 10-35, mod 97 is 1. */
function isValidIban(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  return /^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30}$/.test(iban) && BigInt(digits) % 97n === 1n
}

interface Instruction {
  id: number
  accountId: number
  bankAccountNumber: string
  currencyCode: string
  viewed: boolean
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
    const list = async (body: Record<string, unknown> = {}, as = token) => {
      const reply = await server.post('/rpc/paymentInstructionList', body, as)
      return reply.body.instructions as Instruction[]
    }

    it('gives each active payment account one instruction with a valid IBAN, stable across reads', async () => {
      const first = await list()
      expect(first.map((i) => i.currencyCode)).toEqual(['USD', 'EUR'])
      for (const instruction of first) {
        expect(isValidIban(instruction.bankAccountNumber), instruction.bankAccountNumber).toBe(true)
        expect(instruction.bankAccountNumber).toContain(String(instruction.accountId))
        expect(instruction.viewed).toBe(false)
      }
      expect(await list()).toEqual(first)
      expect(await list({ accountId: ids.EUR })).toEqual([first[1]])
    })

    it('marks an instruction viewed for this user only', async () => {
      const [usd] = await list({ accountId: ids.USD })
      const reply = await server.post(
        '/rpc/paymentInstructionMarkViewed',
        { instructionId: usd!.id, accountId: ids.USD },
        token,
      )
      expect(reply.body.responseCode).toBe('00')
      const again = await server.post(
        '/rpc/paymentInstructionMarkViewed',
        { instructionId: usd!.id, accountId: ids.USD },
        token,
      )
      expect(again.body.responseCode).toBe('00')
      expect((await list()).map((i) => i.viewed)).toEqual([true, false])
    })

    it('refuses an instruction of another account, and an account of someone else', async () => {
      const [usd] = await list({ accountId: ids.USD })
      const mismatched = await server.post(
        '/rpc/paymentInstructionMarkViewed',
        { instructionId: usd!.id, accountId: ids.EUR },
        token,
      )
      expect(failedParameters(mismatched)).toEqual(['instructionId'])
      const business = (await server.signIn('business@nova.example')).accessToken
      const foreign = await server.post(
        '/rpc/paymentInstructionMarkViewed',
        { instructionId: usd!.id, accountId: ids.USD },
        business,
      )
      expect(failedParameters(foreign)).toEqual(['accountId'])
    })
  })
}
