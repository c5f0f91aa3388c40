// The dispatcher's check of every string before validation (src/server/rpc/text-input.ts):
// text PostgreSQL cannot hold (NUL, a lone UTF-16 surrogate) is named by its field, the way
// validation-errors.ts names fields; valid Unicode, surrogate pairs included, passes.
import { describe, expect, it } from 'vitest'
import { renderMessage } from '../../../../src/server/messages/messages.ts'
import {
  requestTextErrors,
  textErrors,
  textProblem,
} from '../../../../src/server/rpc/text-input.ts'

describe('textProblem', () => {
  const cases: [string, { given: string; want: 'nul' | 'surrogate' | undefined }][] = [
    ['plain text', { given: 'Lunch with Ana', want: undefined }],
    ['accents and CJK', { given: 'Ștefan 東京', want: undefined }],
    ['an emoji (a surrogate pair)', { given: 'pay \ud83d\udcb8 now', want: undefined }],
    ['the empty string', { given: '', want: undefined }],
    ['a NUL', { given: 'Lunch\u0000', want: 'nul' }],
    ['a lone high surrogate', { given: '\ud800', want: 'surrogate' }],
    ['a lone low surrogate', { given: 'x\udc00y', want: 'surrogate' }],
    ['a pair in the wrong order', { given: '\udcb8\ud83d', want: 'surrogate' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    const problem = textProblem(given)
    if (want === undefined) expect(problem).toBeUndefined()
    if (want === 'nul') expect(problem && renderMessage('en', problem)).toMatch(/NUL/)
    if (want === 'surrogate') expect(problem && renderMessage('en', problem)).toMatch(/surrogate/)
  })
})

describe('textErrors', () => {
  const cases: [string, { given: unknown; want: string[] }][] = [
    ['a clean body', { given: { note: 'Lunch', rows: [{ name: 'Ana' }] }, want: [] }],
    ['a top-level field', { given: { note: 'a\u0000b' }, want: ['note'] }],
    ['a nested field', { given: { data: { name: '\ud800' } }, want: ['data.name'] }],
    [
      'an array item',
      { given: { rows: [{ name: 'ok' }, { name: 'x\u0000' }] }, want: ['rows.1.name'] },
    ],
    ['a string body', { given: '\u0000', want: ['body'] }],
    [
      'several fields, in order',
      { given: { a: '\u0000', b: 'ok', c: '\udfff' }, want: ['a', 'c'] },
    ],
    ['a key', { given: { ['na\u0000me']: 'Ana' }, want: ['na\ufffdme'] }],
    ['numbers and booleans', { given: { n: 1, b: true, z: null }, want: [] }],
    [
      'a file part: its bytes are not text',
      { given: { file: { filename: 'a.csv', data: Buffer.from([0, 0xd8]) } }, want: [] },
    ],
    [
      'a file part named with a NUL',
      {
        given: { file: { filename: 'a\u0000.csv', data: Buffer.from('x') } },
        want: ['file.filename'],
      },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(textErrors(given).map((error) => error.parameter)).toEqual(want)
  })

  it('walks a body nested 200,000 levels deep without overflowing the stack', () => {
    let deep: unknown = '\u0000'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    const [error] = textErrors(deep)
    expect(error?.parameter).toMatch(/^0(\.0)+$/)
  })

  it('names at most 20 fields', () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']))
    expect(textErrors(body)).toHaveLength(20)
  })
})

describe('requestTextErrors', () => {
  it('names path and query parameters by name, then body fields', () => {
    const errors = requestTextErrors(
      { params: { deviceId: 'd\u0000' }, query: { recipient: ['ok', 'x\ud800'], page: '1' } },
      { note: '\u0000' },
    )
    expect(errors.map((error) => error.parameter)).toEqual(['deviceId', 'recipient', 'note'])
  })

  it('passes a request without parameters or body', () => {
    expect(requestTextErrors({}, undefined)).toEqual([])
  })
})
