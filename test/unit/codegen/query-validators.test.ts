// The generated query validators (codegen/query-validators.ts) read a query string as
// Fastify's own validation would: digits become the integers the spec declares, defaults
// are filled in, and a bad parameter is named by its path.
import { describe, expect, it } from 'vitest'
import { query_webhookRequestList } from '../../../src/generated/query-validators.js'

describe('query_webhookRequestList', () => {
  const cases: [string, { given: Record<string, unknown>; want: Record<string, unknown> }][] = [
    [
      'coerces ids and integers and fills the default limit',
      { given: { customerId: '1001' }, want: { customerId: 1001, limit: 20 } },
    ],
    [
      'keeps text as text',
      {
        given: { customerId: '7', limit: '5', query: '42', fromDate: '2026-03-01' },
        want: { customerId: 7, limit: 5, query: '42', fromDate: '2026-03-01' },
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    const query = { ...given }
    expect(query_webhookRequestList(query)).toBe(true)
    expect(query).toEqual(want)
  })

  const refusals: [string, { given: Record<string, unknown>; want: string[] }][] = [
    ['a missing customer', { given: {}, want: [''] }],
    ['an id that is not one', { given: { customerId: 'x' }, want: ['/customerId'] }],
    ['a limit out of range', { given: { customerId: '1', limit: '0' }, want: ['/limit'] }],
    [
      'a day that does not exist',
      { given: { customerId: '1', fromDate: '2026-02-30' }, want: ['/fromDate'] },
    ],
    [
      'a parameter given twice',
      { given: { customerId: '1', limit: ['2', '3'] }, want: ['/limit'] },
    ],
  ]
  it.each(refusals)('refuses %s', (_name, { given, want }) => {
    expect(query_webhookRequestList({ ...given })).toBe(false)
    expect(query_webhookRequestList.errors?.map((error) => error.instancePath)).toEqual(want)
  })
})
