// The built portal on the wire (issue 15; DESIGN.md section 10): every text file goes out in the
// encoding the browser prefers among brotli, gzip and none, from the copies the build made
// (scripts/precompress.ts), with Vary: Accept-Encoding so that no shared cache hands one
// client another's encoding. The SPA fallback (index.html for any page) is compressed too,
// hashed assets stay immutable, and the bytes decompress to the file itself.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.ts'
import { databaseTargets, startServer, type TestServer } from './server-harness.ts'

let server: TestServer
let dir: string
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}]\n`
const html = `<!doctype html><html><head><title>Portal</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-wire-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), html)
  writeFileSync(join(dir, 'assets/app-3f9a1c.js'), script)
  writeFileSync(join(dir, 'assets/logo-77aa.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  precompress(dir)
  // The database plays no part in serving files: one target is enough.
  server = await startServer(databaseTargets()[0]!, {}, { PORTAL_DIR: dir })
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A raw GET, so that the body arrives as sent (fetch would decompress it). */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
      })
      req.on('error', reject)
      req.end()
    },
  )
}

it('writes smaller brotli and gzip copies of text files only', () => {
  const js = join(dir, 'assets/app-3f9a1c.js')
  expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script)
  expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script)
  expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 5)
  expect(() => readFileSync(join(dir, 'assets/logo-77aa.png.br'))).toThrow()
})

it('sends an asset as brotli to a browser that accepts it, immutable and varying by encoding', async () => {
  const reply = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br' })
  expect(reply.status).toBe(200)
  expect(reply.headers['content-encoding']).toBe('br')
  expect(String(reply.headers['content-type'])).toMatch(/javascript/)
  expect(String(reply.headers.vary)).toMatch(/accept-encoding/i)
  expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(brotliDecompressSync(reply.body).toString()).toBe(script)
})

it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
  const gzip = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(gzip.body).toString()).toBe(script)
  const plain = await get('/assets/app-3f9a1c.js', {})
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(String(plain.headers.vary)).toMatch(/accept-encoding/i)
  expect(plain.body.toString()).toBe(script)
})

it('compresses the HTML shell of any page, which is revalidated every time', async () => {
  const reply = await get('/home', { accept: 'text/html', 'accept-encoding': 'br' })
  expect(reply.status).toBe(200)
  expect(reply.headers['content-encoding']).toBe('br')
  expect(reply.headers['cache-control']).toBe('no-cache')
  expect(brotliDecompressSync(reply.body).toString()).toBe(html)
})
