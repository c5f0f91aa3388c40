// Refusals in the reader's language (issue 16, docs/decisions.md "Refusals in the reader's
// language"): no handler writes a refusal as an English sentence, and the validator's and the
// handlers' refusals read in the language asked for, English when none is.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  describeRefusal,
  inReaderLanguage,
  refusal,
  rpcRefuse,
  validationFailure,
  type RpcFailureBody,
} from '../../../../src/server/rpc/outcome.ts'
import { asRestDenial } from '../../../../src/server/rpc/access.ts'
import { fieldErrors } from '../../../../src/server/rpc/validation-errors.ts'

const serverRoot = join(import.meta.dirname, '../../../../src/server')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

describe('the ratchet', () => {
  it('finds no refused field written as a sentence anywhere in the server', () => {
    // An object naming a parameter with a description written out, as FieldError once was.
    const sentence = /\{[^{}]*\bparameter\b[^{}]*\bdescription\s*:\s*[`'"][^{}]*\}/g
    const found = sourceFiles(serverRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(sentence)].map(
        (match) => `${file.slice(serverRoot.length + 1)}: ${match[0].slice(0, 80)}`,
      ),
    )
    expect(found).toEqual([])
  })

  it('finds an RPC failure written in English only where its reader reads English', () => {
    // IM names a method for a developer, the public API answers a merchant's server, and an
    // internal service is no person: everything else is rpcRefuse with a catalogue key.
    const english = sourceFiles(serverRoot).flatMap((file) => {
      const path = file.slice(serverRoot.length + 1)
      if (path.startsWith('public-api/') || path === 'rpc/outcome.ts') return []
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('rpcFail(') && !/rpcFail\('IM'|notInternal:/.test(line))
        .map((line) => `${path}: ${line.trim()}`)
    })
    expect(english).toEqual([])
  })
})

describe('an RPC failure of the catalogue', () => {
  const terms = [{ termsId: 3, name: 'Privacy policy' }]
  const failure = rpcRefuse('TE', 'answer.customer.acceptTerms', undefined, { terms })
  const closed = rpcRefuse(
    'CA',
    'answer.transfers.accountClosed',
    { account: '1234567' },
    { field: 'toAccount' },
  )

  it('reads in English until it is rendered, with its extra fields and nothing else', () => {
    expect(JSON.parse(JSON.stringify(failure.body))).toEqual({
      responseCode: 'TE',
      responseDescription: 'Please accept the updated terms.',
      terms,
    })
    expect(inReaderLanguage(closed, 'en')).toBe(closed)
    expect((closed.body as RpcFailureBody).responseDescription).toBe('Account 1234567 is closed.')
  })

  it('reads in the reader language once the dispatcher renders it, its fields kept', () => {
    expect(inReaderLanguage(failure, 'ru')).toEqual({
      status: 200,
      body: {
        responseCode: 'TE',
        responseDescription: 'Пожалуйста, примите обновлённые условия.',
        terms,
      },
    })
    expect(inReaderLanguage(closed, 'es').body).toEqual({
      responseCode: 'CA',
      responseDescription: 'La cuenta 1234567 está cerrada.',
      field: 'toAccount',
    })
    const blocked = rpcRefuse('TA1', 'answer.phone.tooManyCodes', undefined, {
      retryAfterSeconds: 900,
    })
    expect(inReaderLanguage(blocked, 'ua').body).toMatchObject({ retryAfterSeconds: 900 })
  })

  it('leaves a shared body as it is: the reader gets a copy', () => {
    const english = JSON.stringify(failure.body)
    inReaderLanguage(failure, 'pt')
    expect(JSON.stringify(failure.body)).toBe(english)
  })

  it('keeps its key when a REST path answers it as a message', () => {
    const denial = asRestDenial(rpcRefuse('ENOA', 'answer.auth.ipRefused', { ip: '203.0.113.7' }))
    expect(denial).toEqual({
      status: 403,
      body: {
        message:
          'Access from 203.0.113.7 is not allowed: this account only accepts its whitelisted ' +
          'IP addresses.',
      },
    })
    expect(inReaderLanguage(denial, 'ru').body).toEqual({
      message:
        'Доступ с адреса 203.0.113.7 запрещён: эта учётная запись принимает только ' +
        'разрешённые IP-адреса.',
    })
  })
})

describe('a VF answer', () => {
  const failure = validationFailure([
    refusal('amount', 'refusal.transfers.tooManyDecimals', { currency: 'USD' }),
    refusal('email', 'refusal.validation.required'),
  ])

  it('reads in English until it is rendered, with the envelope unchanged', () => {
    expect(failure.body).toEqual({
      responseCode: 'VF',
      responseDescription: 'amount: has more decimals than USD allows, email: is required',
      errors: [
        { parameter: 'amount', description: 'has more decimals than USD allows' },
        { parameter: 'email', description: 'is required' },
      ],
    })
  })

  it('reads in the reader language once the dispatcher renders it', () => {
    const body = inReaderLanguage(failure, 'es').body as RpcFailureBody
    expect(body.errors).toEqual([
      { parameter: 'amount', description: 'tiene más decimales de los que admite USD' },
      { parameter: 'email', description: 'es obligatorio' },
    ])
    expect(body.responseDescription).toBe(
      'amount: tiene más decimales de los que admite USD, email: es obligatorio',
    )
    expect(JSON.stringify(inReaderLanguage(failure, 'ru').body)).toContain('обязательно')
  })

  it('formats a limit for the language and names a country in it', () => {
    const [limit] = fieldErrors([
      { instancePath: '/amount', keyword: 'maximum', params: { limit: 1000000 } },
    ])
    expect(describeRefusal('en', limit!)).toBe('must be at most 1,000,000')
    expect(describeRefusal('ru', limit!)).toBe('должно быть не больше 1\u00a0000\u00a0000')
    const country = refusal('iban', 'refusal.transfers.ibanOfCountry', { country: 'DE' })
    expect(describeRefusal('en', country)).toBe('is not an IBAN of Germany')
    expect(describeRefusal('ua', country)).toBe('не є IBAN країни Німеччина')
  })

  it('names no allowed codes and no camelCase field in the sentence of an enum', () => {
    const [choice] = fieldErrors([
      {
        instancePath: '/transferType',
        keyword: 'enum',
        params: { allowedValues: ['wire', 'eft'] },
      },
    ])
    expect(describeRefusal('en', choice!)).toBe('is not one of the allowed values')
    const words = refusal('file[].0', 'refusal.merchant.logo.unsafeSvg', {
      file: 'a.svg',
      dangers: ['refusal.word.svgDanger.script', 'refusal.word.svgDanger.animation'],
    })
    expect(describeRefusal('ru', words)).toBe(
      'a.svg — это SVG, который содержит скрипт, содержит анимацию',
    )
  })
})
