// Success texts in the reader's language (issue 16, docs/decisions.md "Success texts in the
// reader's language"): a success's responseDescription and a REST message a person reads are
// texts of the catalogue, rendered by the dispatcher in the request's language, and an answer
// kept for a retry keeps its text's key.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  answerFromKept,
  inReaderLanguage,
  keptAnswer,
  rpcOk,
  rpcRefuse,
  rpcSay,
} from '../../../../src/server/rpc/outcome.ts'

const serverRoot = join(import.meta.dirname, '../../../../src/server')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** A body as the wire carries it: JSON, so without the symbol that keeps a text's key. */
function wire(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body)) as unknown
}

/** The lines of the server matching a pattern, outside the files a reader of English reads. */
function linesOutside(pattern: RegExp, allowed: (path: string) => boolean): string[] {
  return sourceFiles(serverRoot).flatMap((file) => {
    const path = file.slice(serverRoot.length + 1)
    if (allowed(path)) return []
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${path}: ${line.trim()}`)
  })
}

describe('the ratchet', () => {
  it('finds a responseDescription written out only where its reader reads English', () => {
    // rpcSay (success) and rpcRefuse (failure) write it from a key; the spec check's 500
    // names a field for a developer, and the public API answers a merchant's server.
    const written = linesOutside(
      /\bresponseDescription\s*:/,
      (path) =>
        path === 'rpc/outcome.ts' ||
        path === 'rpc/answer-check.ts' ||
        path.startsWith('public-api/'),
    )
    expect(written).toEqual([])
  })

  it('finds a REST message written out only where no person reads it', () => {
    // Internal services (internal-user*), the public API and the demo's own mailbox read
    // English; every other REST message is restMessage with a key.
    const written = linesOutside(
      /\b(reply|restFailure)\(\s*[0-9]+,\s*\{\s*message\b/,
      (path) =>
        path.startsWith('public-api/') ||
        /^auth\/internal-user/.test(path) ||
        path === 'outbox/demo-mailbox-list.ts',
    )
    expect(written).toEqual([])
  })
})

describe('a success text of the catalogue', () => {
  const blacklisted = rpcOk<'blacklistAdd'>({
    ...rpcSay('answer.security.blacklisted', { email: 'payee@mail.example' }),
    user: { email: 'payee@mail.example', blockType: 1 },
  })

  it('reads in English until it is rendered, and the wire sees no key', () => {
    expect(wire(blacklisted.body)).toEqual({
      responseCode: '00',
      responseDescription: 'User with email payee@mail.example has been added to black list',
      user: { email: 'payee@mail.example', blockType: 1 },
    })
    expect(inReaderLanguage(blacklisted, 'en')).toBe(blacklisted)
  })

  it('reads in the reader language once the dispatcher renders it, its fields kept', () => {
    expect(wire(inReaderLanguage(blacklisted, 'ru').body)).toEqual({
      responseCode: '00',
      responseDescription: 'Пользователь с e-mail payee@mail.example добавлен в чёрный список',
      user: { email: 'payee@mail.example', blockType: 1 },
    })
    const pinChanged = rpcOk<'cardPinChange'>(rpcSay('answer.common.successfully'))
    expect(wire(inReaderLanguage(pinChanged, 'es').body)).toEqual({
      responseCode: '00',
      responseDescription: 'Realizado correctamente',
    })
  })

  it('keeps its key through a stored answer, and the stored field never reaches the wire', () => {
    const kept = keptAnswer(blacklisted.body as object)
    const stored = JSON.parse(JSON.stringify(kept)) as Record<string, unknown>
    expect(stored.answerText).toEqual({
      key: 'answer.security.blacklisted',
      params: { email: 'payee@mail.example' },
    })
    const again = { status: 200, body: answerFromKept(stored) }
    expect(Object.keys(again.body)).not.toContain('answerText')
    expect(inReaderLanguage(again, 'ua').body).toMatchObject({
      responseDescription: 'Користувача з e-mail payee@mail.example додано до чорного списку',
    })
  })

  it('keeps a failure key the same way, and a plain body stays plain', () => {
    const closed = rpcRefuse('CA', 'answer.approvals.targetClosed')
    const stored = JSON.parse(JSON.stringify(keptAnswer(closed.body))) as object
    const ru = inReaderLanguage({ status: 200, body: answerFromKept(stored) }, 'ru')
    expect(wire(ru.body)).toEqual({
      responseCode: 'CA',
      responseDescription: 'Счёт получателя закрыт; перевод отменён.',
    })
    expect(keptAnswer({ approveType: 1 })).toEqual({ approveType: 1 })
    // A key the catalogue no longer has leaves the stored English as it was.
    const gone = { responseDescription: 'Old text', answerText: { key: 'answer.gone.text' } }
    const old = { status: 200, body: answerFromKept(gone) }
    expect(wire(inReaderLanguage(old, 'ru').body)).toEqual({ responseDescription: 'Old text' })
  })
})
