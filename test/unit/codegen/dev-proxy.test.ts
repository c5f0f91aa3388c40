// The dev server (`vite`) proxies every server path to the API server: the prefixes come from
// the spec's paths through codegen, so an operation added under a new prefix is reachable in
// development without touching vite.config.ts.
import { describe, expect, it } from 'vitest'
import spec from '../../../src/generated/spec.json' with { type: 'json' }
import config from '../../../vite.config.ts'

describe('the dev proxy', () => {
  const proxy = (config.server?.proxy ?? {}) as Record<string, unknown>

  it('covers the first segment of every path of the spec', () => {
    const prefixes = new Set(Object.keys(spec.paths).map((path) => `/${path.split('/')[1]}`))
    expect(prefixes.size).toBeGreaterThan(10)
    for (const prefix of prefixes) expect(Object.keys(proxy), prefix).toContain(prefix)
  })

  it('covers the server routes outside the spec and the realtime socket', () => {
    expect(Object.keys(proxy)).toEqual(expect.arrayContaining(['/api', '/samples', '/realtime']))
    expect(proxy['/realtime']).toMatchObject({ ws: true })
  })
})
