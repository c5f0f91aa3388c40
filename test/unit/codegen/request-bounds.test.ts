// codegen/request-bounds.ts: a request integer without a maximum (or a minimum) fails codegen
// naming the operation and the field, so no operation, old or new, lets 2^63 reach a handler.
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { bundleSpec, type Json, type JsonObject } from '../../../codegen/bundle-spec.ts'
import { operationTable } from '../../../codegen/operation-table.ts'
import { checkRequestBounds } from '../../../codegen/request-bounds.ts'

const root = join(import.meta.dirname, '../../..')

/** One RPC operation, pagedList, whose JSON body has the given properties. */
function specWith(properties: JsonObject, parameters: Json[] = []): JsonObject {
  return {
    paths: {
      '/rpc/pagedList': {
        post: {
          operationId: 'pagedList',
          tags: ['test'],
          'x-access': 'public',
          parameters,
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties } } },
          },
          responses: {},
        },
      },
    },
    components: {
      schemas: {
        Id32: { type: 'integer', minimum: 1, maximum: 2147483647 },
        Loose: { type: 'object', properties: { count: { type: 'integer', minimum: 0 } } },
      },
    },
  }
}

function problemsOf(spec: JsonObject): string {
  try {
    checkRequestBounds(spec, operationTable(spec))
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

const cases: [string, { given: JsonObject; want: string[] }][] = [
  [
    'bounded integers',
    { given: specWith({ page: { type: 'integer', minimum: 1, maximum: 9 } }), want: [] },
  ],
  ['an id by $ref', { given: specWith({ id: { $ref: '#/components/schemas/Id32' } }), want: [] }],
  ['an integer enum', { given: specWith({ kind: { type: 'integer', enum: [1, 2] } }), want: [] }],
  ['a const', { given: specWith({ kind: { type: 'integer', const: 2 } }), want: [] }],
  [
    'a page number without a maximum',
    {
      given: specWith({ pageNumber: { type: 'integer', minimum: 1 } }),
      want: ['pagedList: request field pageNumber is an integer without a maximum'],
    },
  ],
  [
    'a status id without a minimum',
    {
      given: specWith({ statusId: { type: 'integer', maximum: 2147483647 } }),
      want: ['pagedList: request field statusId is an integer without a minimum'],
    },
  ],
  [
    'a number in array items',
    {
      given: specWith({ shares: { type: 'array', items: { type: 'number', minimum: 0 } } }),
      want: ['pagedList: request field shares[] is a number without a maximum'],
    },
  ],
  [
    'an integer inside a referenced schema',
    {
      given: specWith({ filter: { $ref: '#/components/schemas/Loose' } }),
      want: ['pagedList: request field filter.count is an integer without a maximum'],
    },
  ],
  [
    'a query parameter',
    {
      given: specWith({}, [{ name: 'from', in: 'query', schema: { type: 'integer', minimum: 1 } }]),
      want: ['pagedList: request field from is an integer without a maximum'],
    },
  ],
]

describe('checkRequestBounds', () => {
  test.each(cases)('%s', (_name, { given, want }) => {
    const problems = problemsOf(given)
    if (want.length === 0) expect(problems).toBe('')
    for (const line of want) expect(problems).toContain(line)
  })

  test('the project spec bounds every request number', () => {
    expect(problemsOf(bundleSpec(join(root, 'spec/openapi.yaml')))).toBe('')
  })
})
