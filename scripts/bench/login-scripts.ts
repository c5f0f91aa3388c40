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
}

export interface LoginScripts {
  /** Largest first. */
  scripts: LoadedScript[]
  gzipBytes: number
  ratioOfBudget: number
}

export async function loginScripts(portal: PortalHarness): Promise<LoginScripts> {
  const { page } = await portal.newPage()
  const scripts: LoadedScript[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.body()
    scripts.push({
      url: new URL(response.url()).pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body).length,
    })
  })
  await page.goto(`${portal.baseUrl}/login`, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await page.context().close()
  const gzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0)
  return {
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes,
    ratioOfBudget: Number((gzipBytes / loginBudgetBytes).toFixed(3)),
  }
}

/** Kilobytes with one decimal, as the benchmarks print sizes. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** Writes bench-results/<name>.json (git-ignored). */
export function writeBenchResult(name: string, result: unknown): void {
  mkdirSync(join(root, 'bench-results'), { recursive: true })
  writeFileSync(join(root, `bench-results/${name}.json`), JSON.stringify(result, null, 2))
}
