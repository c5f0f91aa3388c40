// What app.ts adds around the routes: security headers on every answer and VF, never a 500,
// for a body that is not JSON at all (DESIGN.md section 11).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from './server-harness.ts'

function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name, values)
  }
  return map
}

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

    // A JSON answer is never rendered: its CSP allows nothing at all, and no cache keeps it.
    const paths = ['/rpc/ping', '/auth/login', '/rpc/nope', '/api?method=ping']
    it.each(paths)(
      'sends the API answer headers on %s: nothing allowed, not stored',
      async (path) => {
        const reply = await server.post(path, {})
        const csp = directives(reply.headers.get('content-security-policy'))
        expect(csp.get('default-src')).toEqual(["'none'"])
        expect(csp.get('frame-ancestors')).toEqual(["'none'"])
        expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
        expect(reply.headers.get('x-frame-options')).toBe('DENY')
        expect(reply.headers.get('strict-transport-security')).toContain('max-age=31536000')
        expect(reply.headers.get('cache-control')).toBe('no-store')
      },
    )

    // A document (here the API reference, a page with its own script) gets the strict CSP.
    it('sends the strict CSP on a document: script-src self only, no eval', async () => {
      const reply = await fetch(`${server.baseUrl}/api/docs`)
      const header = reply.headers.get('content-security-policy')
      expect(header).not.toContain('unsafe-eval')
      const csp = directives(header)
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
      expect(reply.headers.get('strict-transport-security')).toContain('max-age=31536000')
    })

    const malformed: [string, { given: string; want: number }][] = [
      // RPC outcomes, parse errors included, travel as HTTP 200 with their code; the token
      // service is REST and answers 400 (docs/decisions.md).
      ['an RPC operation', { given: '/rpc/balanceInquiry', want: 200 }],
      ['the legacy form', { given: '/api?method=balanceInquiry', want: 200 }],
      ['the token service', { given: '/auth/login', want: 400 }],
    ]
    it.each(malformed)(
      'answers malformed JSON on %s with VF, not 500',
      async (_name, { given, want }) => {
        const reply = await server.postText(given, '{"accountId": ', token)
        expect(reply.status).toBe(want)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['body'])
      },
    )

    it('answers an unknown path with a JSON 404 and no portal', async () => {
      const response = await fetch(`${server.baseUrl}/accounts`, {
        headers: { accept: 'text/html' },
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Not found' })
    })
  })
}
