// What the log may say about a failed request (src/server/error-log.ts): a failed query's
// bound values, which its message and stack repeat, never reach the log; the SQL, the
// database's message and code and the stack frames do.
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { loggedError } from '../../../src/server/error-log.ts'

const sealed = 'v1.AAAAAAAAAAAAAAAA.c2VjcmV0LWNpcGhlcnRleHQ'

function failedInsert(): Error {
  const cause = Object.assign(new Error('refused by a trigger'), { code: 'P0001' })
  return new DrizzleQueryError(
    'insert into "webhooks" ("name", "url", "secret_sealed") values ($1, $2, $3)',
    ['Orders', 'https://merchant.example/hooks/token-123', sealed],
    cause,
  )
}

describe('loggedError', () => {
  it('keeps the SQL and drops the bound values from the message and the stack', () => {
    const logged = loggedError(failedInsert())
    const text = JSON.stringify(logged)
    expect(logged.message).toBe(
      'Failed query: insert into "webhooks" ("name", "url", "secret_sealed") values ($1, $2, $3)',
    )
    expect(text).not.toContain(sealed)
    expect(text).not.toContain('token-123')
    expect(text).not.toContain('params')
    expect(logged.stack).toMatch(/^\s+at /)
  })

  it("keeps the cause's message and code", () => {
    expect(loggedError(failedInsert()).cause).toMatchObject({
      type: 'Error',
      message: 'refused by a trigger',
      code: 'P0001',
    })
  })

  it('cuts a very long message', () => {
    expect(loggedError(new Error('x'.repeat(10_000))).message.length).toBeLessThan(2100)
  })

  it('says nothing of a thrown non-Error', () => {
    expect(loggedError({ password: 'hunter2' })).toEqual({
      type: 'object',
      message: 'a non-Error was thrown',
      stack: '',
    })
  })
})
