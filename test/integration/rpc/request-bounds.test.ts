// Numbers far out of range (codegen/request-bounds.ts, issue 11): 2^31 in a 32-bit status
// id, 2^63 or 1e308 as a page number, -2^63 anywhere, are VF naming the field; before, the
// page number reached a handler's assertion and the status id overflowed its column (500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const huge = [2 ** 31, 2 ** 53, 2 ** 63, 1e308, -(2 ** 63)]

interface BoundedField {
  path: string
  as: string
  body: (value: number) => unknown
  want: string
}

const fields: [string, BoundedField][] = [
  [
    'pageNumber of transactionHistoryList',
    {
      path: '/rpc/transactionHistoryList',
      as: 'payroll@nova.example',
      body: (value) => ({ pageNumber: value, pageSize: 20 }),
      want: 'pageNumber',
    },
  ],
  [
    'pageNumber of subscriberList',
    {
      path: '/rpc/subscriberList',
      as: 'business@nova.example',
      body: (value) => ({ pageNumber: value }),
      want: 'pageNumber',
    },
  ],
  [
    'notifyStatusId of ipnSettingsUpdate',
    {
      path: '/rpc/ipnSettingsUpdate',
      as: 'business@nova.example',
      body: (value) => ({ notifyUrl: 'https://shop.example/ipn', notifyStatusId: value }),
      want: 'notifyStatusId',
    },
  ],
  [
    'a status id of ipnMessageList',
    {
      path: '/rpc/ipnMessageList',
      as: 'business@nova.example',
      body: (value) => ({ statusIds: [1, value] }),
      want: 'statusIds.1',
    },
  ],
]

const cases: [string, number, BoundedField][] = fields.flatMap(([name, field]) =>
  huge.map((value): [string, number, BoundedField] => [name, value, field]),
)

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    const tokens = new Map<string, string>()
    beforeAll(async () => {
      server = await startServer(target)
      for (const user of ['payroll@nova.example', 'business@nova.example']) {
        tokens.set(user, (await server.signIn(user)).accessToken)
      }
    })
    afterAll(async () => {
      await server?.close()
    })

    it.each(cases)(
      'answers %s of %d with VF naming it',
      async (_name, value, { path, as, body, want }) => {
        const reply = await server.post(path, body(value), tokens.get(as))
        expect(reply.status, reply.text).toBe(200)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual([want])
      },
    )
  })
}
