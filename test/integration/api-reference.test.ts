// The API reference at /api/docs: generated from the same spec, served offline (no outside
// resources, no scripts), with the machine-readable spec beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/generated/operations.ts'
import { startServer, type TestServer } from './server-harness.ts'

describe('API reference', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ name: 'PGlite (memory)', kind: 'pglite' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists every operation of the spec with its path and access', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    for (const entry of operations) {
      expect(html).toContain(`id="${entry.operationId}"`)
      expect(html).toContain(`<code>${entry.path}</code>`)
    }
    expect(html).toContain('codeChallenge')
  })

  it('works offline and under the CSP: no scripts, nothing loaded from elsewhere', async () => {
    const html = await (await fetch(`${server.baseUrl}/api/docs`)).text()
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/(src|href)="https?:\/\//)
  })

  it('serves the bundled OpenAPI document', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/openapi.json`)
    expect(response.status).toBe(200)
    const spec = (await response.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(spec.openapi).toBe('3.1.0')
    expect(Object.keys(spec.paths)).toContain('/rpc/balanceInquiry')
  })
})
