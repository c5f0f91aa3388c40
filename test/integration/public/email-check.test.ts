// emailCheck: the public e-mail existence check of registration (product-spec section 5: the
// e-mail rule before lookups, the existence statuses, an array treated as null).
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
      const reply = await server.post('/rpc/emailCheck', body)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return { checked: reply.body.checked, status: reply.body.status }
    }

    const cases: [string, { given: Record<string, unknown>; want: object }][] = [
      [
        'a user’s e-mail',
        { given: { email: 'demo@nova.example' }, want: { checked: true, status: 1 } },
      ],
      [
        'a user’s e-mail in other case and with spaces',
        { given: { email: ' Demo@Nova.Example ' }, want: { checked: true, status: 1 } },
      ],
      [
        'an unknown e-mail',
        { given: { email: 'nobody@nova.example' }, want: { checked: true, status: 0 } },
      ],
      ['an empty e-mail', { given: { email: '' }, want: { checked: false } }],
      ['no e-mail', { given: {}, want: { checked: false } }],
      ['a null e-mail', { given: { email: null }, want: { checked: false } }],
      [
        'an e-mail that arrives as an array',
        { given: { email: ['demo@nova.example'] }, want: { checked: false } },
      ],
    ]
    it.each(cases)('answers %s', async (_name, { given, want }) => {
      expect(await check(given)).toEqual({ status: undefined, ...want })
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['five characters', { given: { email: 'a@b.c' }, want: ['email'] }],
      ['no @', { given: { email: 'demo.nova.example' }, want: ['email'] }],
      ['no dot', { given: { email: 'demo@nova' }, want: ['email'] }],
      ['a number', { given: { email: 42 }, want: ['email'] }],
      ['an unknown field', { given: { email: '', username: 'x' }, want: ['username'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/emailCheck', given)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
      expect(reply.body.status).toBeUndefined()
    })
  })
}
