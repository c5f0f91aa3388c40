// Outside production the dispatcher holds every handler's answer to the spec
// (rpc/answer-check.ts): a mismatch is a logged 500 naming the operation and the field, so
// any test calling that operation fails with both named.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerAccounts } from '../../../src/server/db/schema-ledger.ts'
import { operations } from '../../../src/generated/operations.ts'
import { answerMismatch } from '../../../src/server/rpc/answer-check.ts'
import type { Outcome } from '../../../src/server/rpc/outcome.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

function operation(operationId: string) {
  const entry = operations.find((e) => e.operationId === operationId)
  if (!entry) throw new Error(`assertion: ${operationId} is an operation of the spec`)
  return entry
}

const account = {
  accountId: 10000001,
  type: 1001,
  currencyCode: 'USD',
  accountStatusId: 2,
  balance: '1.00',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  customerId: 1001,
  flags: {
    statementsAvailable: true,
    transactionHistoryAvailable: true,
    instructionsAvailable: true,
    cardCanBeRequested: false,
    remainingValue: '0.00',
    isPrepayment: false,
    cardIsRequested: false,
  },
}

describe('answerMismatch with the generated validators', () => {
  const cases: [string, { operationId: string; given: Outcome; want: string | undefined }][] = [
    [
      'an answer as the spec says',
      {
        operationId: 'balanceInquiry',
        given: { status: 200, body: { responseCode: '00', accounts: [account] } },
        want: undefined,
      },
    ],
    [
      'a balance as a number',
      {
        operationId: 'balanceInquiry',
        given: {
          status: 200,
          body: { responseCode: '00', accounts: [{ ...account, balance: 1 }] },
        },
        want: 'balanceInquiry answer does not match the spec: /accounts/0/balance must be string',
      },
    ],
    [
      'a missing required field',
      {
        operationId: 'balanceInquiry',
        given: {
          status: 200,
          body: { responseCode: '00', accounts: [{ ...account, flags: undefined }] },
        },
        want: 'balanceInquiry answer does not match the spec: /accounts/0 must have flags',
      },
    ],
    [
      'a failure, held to the envelope rather than the success',
      {
        operationId: 'betweenAccountsFeeGet',
        given: { status: 200, body: { responseCode: 'VF', responseDescription: 'x', errors: [] } },
        want: undefined,
      },
    ],
    [
      'a failure with a code outside the catalogue',
      {
        operationId: 'betweenAccountsFeeGet',
        given: { status: 200, body: { responseCode: 'XX', responseDescription: 'x' } },
        want: 'betweenAccountsFeeGet answer does not match the spec: /responseCode must be equal to one of the allowed values',
      },
    ],
    [
      'a status the spec does not declare',
      {
        operationId: 'authLogout',
        given: { status: 200, body: {} },
        want: 'authLogout answer does not match the spec: status 200 is not declared',
      },
    ],
    [
      'a body on a 204',
      {
        operationId: 'authLogout',
        given: { status: 204, body: { done: true } },
        want: 'authLogout answer does not match the spec: status 204 has no body',
      },
    ],
    [
      'a 204 without a body',
      { operationId: 'authLogout', given: { status: 204, body: undefined }, want: undefined },
    ],
  ]
  it.each(cases)('%s', (_name, { operationId, given, want }) => {
    expect(answerMismatch(operation(operationId), given)).toBe(want)
  })
})

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers a 500 naming the field when a handler answers outside the spec', async () => {
      const before = await server.post('/rpc/balanceInquiry', {}, token)
      expect(before.status).toBe(200)
      const accounts = before.body.accounts as { accountId: number }[]
      const first = accounts[0]!
      const [row] = await server.db
        .select({ subType: ledgerAccounts.subType })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, first.accountId))
      // A sub type the spec's enum does not have, as a faulty migration might leave it.
      await server.db
        .update(ledgerAccounts)
        .set({ subType: 'CREDIT' })
        .where(eq(ledgerAccounts.id, first.accountId))
      try {
        const after = await server.post('/rpc/balanceInquiry', {}, token)
        expect(after.status).toBe(500)
        expect(after.body).toEqual({
          responseCode: 'UE',
          responseDescription:
            'balanceInquiry answer does not match the spec: ' +
            '/accounts/0/subType must be equal to one of the allowed values',
        })
      } finally {
        await server.db
          .update(ledgerAccounts)
          .set({ subType: row?.subType ?? null })
          .where(eq(ledgerAccounts.id, first.accountId))
      }
    })
  })
}
