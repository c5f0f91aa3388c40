// Budget: JS for the login route <= 170 KB gzip (DESIGN.md section 10). Serves the built
// portal with the real server, opens /login in Chromium, and sums the gzip size of every
// script the browser actually loaded. Run on demand: `npm run bench:login-bundle`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startPortal } from '../../test/e2e/browser-harness.ts'

const budgetBytes = 170 * 1024
const root = join(import.meta.dirname, '../..')

const portal = await startPortal()
try {
  const { page } = await portal.newPage()
  const scripts: { url: string; bytes: number; gzipBytes: number }[] = []
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
  const gzipTotal = scripts.reduce((sum, s) => sum + s.gzipBytes, 0)
  const result = {
    measuredAt: new Date().toISOString(),
    route: '/login',
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: gzipTotal,
    budgetBytes,
    ratioOfBudget: Number((gzipTotal / budgetBytes).toFixed(3)),
  }
  mkdirSync(join(root, 'bench-results'), { recursive: true })
  writeFileSync(join(root, 'bench-results/login-bundle.json'), JSON.stringify(result, null, 2))
  for (const s of result.scripts)
    console.log(`${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${s.url}`)
  console.log(
    `login route JS: ${(gzipTotal / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts; ` +
      `budget 170 KB; ratio ${result.ratioOfBudget}`,
  )
} finally {
  await portal.close()
}
