// The JS of the login route (DESIGN.md section 10, budget 170 KB gzip): opens /login in
// Chromium on a started portal and lists every script the browser loaded with its gzip size.
// Shared by bench:login-bundle, which prints it, and bench:form, which checks that the
// wizard's chunks are not among them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { PortalHarness } from '../../test/e2e/browser-harness.ts'

export const loginBudgetBytes = 170 * 1024
const root = join(import.meta.dirname, '../..')

export interface LoadedScript {
  /** The script's path on the server (/assets/index-abc.js). */
  url: string
  bytes: number
  gzipBytes: number
  /** The body as it came over the network: brotli from the server's build-time copies. */
  wireBytes: number
  /** The content-encoding it came in. */
  encoding: string
}

export interface LoginScripts {
  /** Largest first. */
  scripts: LoadedScript[]
  gzipBytes: number
  ratioOfBudget: number
  /** Every response of the route (HTML, scripts, styles, images) as sent on the wire. */
  wireBytes: number
  scriptWireBytes: number
}

export async function loginScripts(portal: PortalHarness): Promise<LoginScripts> {
  const { page } = await portal.newPage()
  const scripts: LoadedScript[] = []
  const pending: Promise<unknown>[] = []
  let wireBytes = 0
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then(async (sizes) => {
        wireBytes += sizes.responseBodySize
        if (request.resourceType() !== 'script') return
        const response = await request.response()
        const body = (await response?.body()) ?? Buffer.alloc(0)
        scripts.push({
          url: new URL(request.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
          wireBytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'none',
        })
      }),
    )
  })
  await page.goto(`${portal.baseUrl}/login`, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await Promise.all(pending)
  await page.context().close()
  const gzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0)
  return {
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes,
    ratioOfBudget: Number((gzipBytes / loginBudgetBytes).toFixed(3)),
    wireBytes,
    scriptWireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
  }
}

/** Kilobytes with one decimal, as the benchmarks print sizes. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** Writes bench-results/<name>.json (git-ignored). */
export function writeBenchResult(name: string, result: unknown): void {
  mkdirSync(join(root, 'bench-results'), { recursive: true })
  writeFileSync(join(root, `bench-results/${name}.json`), JSON.stringify(result, null, 2))
}
