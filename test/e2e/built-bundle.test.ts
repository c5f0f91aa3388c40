// The built portal must run under the strict CSP: no ajv compiler (`new Function`) or eval
// in any chunk, and the HTML served with a CSP that forbids 'unsafe-eval' and inline scripts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPortal, type PortalHarness } from './browser-harness.ts'

const assets = join(import.meta.dirname, '../../dist/assets')

test('no built chunk compiles code at run time', () => {
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'))
  expect(chunks.length).toBeGreaterThan(0)
  const offenders = chunks.filter((name) => {
    const code = readFileSync(join(assets, name), 'utf8')
    return /new Function\s*\(|\beval\s*\(/.test(code)
  })
  expect(offenders).toEqual([])
})

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

test('the portal page is served with a strict CSP and the SPA fallback', async () => {
  const response = await fetch(`${portal.baseUrl}/some/deep/link`, {
    headers: { accept: 'text/html' },
  })
  expect(response.status).toBe(200)
  expect(await response.text()).toContain('<div id="root">')
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-eval')
  expect(csp).toContain("frame-ancestors 'none'")
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('strict-transport-security')).toContain('max-age=')
})

test('an unknown API path is a JSON 404, not the portal page', async () => {
  const response = await fetch(`${portal.baseUrl}/auth/nothing-here`, {
    headers: { accept: 'text/html' },
  })
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toContain('application/json')
})
