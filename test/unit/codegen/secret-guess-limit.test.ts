// codegen/operation-table.ts: an operation open to a payment secret's holder (x-access
// paymentSecret) answers 429 once its caller guessed wrong too often
// (src/server/rpc/secret-guesses.ts), so codegen fails when it does not declare that 429.
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../codegen/bundle-spec.ts'
import { operationTable } from '../../../codegen/operation-table.ts'

/** One RPC operation, secretRead, open to paymentSecret, with the given responses. */
function specWith(responses: JsonObject): JsonObject {
  return {
    paths: {
      '/rpc/secretRead': {
        post: { operationId: 'secretRead', tags: ['test'], 'x-access': 'paymentSecret', responses },
      },
    },
  }
}

describe('a paymentSecret operation', () => {
  it('without a 429 fails codegen, naming the operation', () => {
    expect(() => operationTable(specWith({ '200': { description: 'ok' } }))).toThrow(
      "secretRead: x-access paymentSecret needs a '429' response (RateLimitedRpc)",
    )
  })

  it('with its 429 is in the table', () => {
    const table = operationTable(specWith({ '200': { description: 'ok' }, '429': {} }))
    expect(table.map((entry) => [entry.operationId, entry.responseStatuses])).toEqual([
      ['secretRead', ['200', '429']],
    ])
  })
})
