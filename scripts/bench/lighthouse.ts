// Budget (issue 15): Lighthouse, mobile settings, performance >= 95 and accessibility >= 95 on
// /login and on a signed-in /home. The built portal (dist/, built here when missing) is
// served by the real server in a process of its own (rpc-server.ts) over a fresh demo
// database; Lighthouse's node API drives the Debian Chromium through chrome-launcher, the
// network closed. The signed-in run puts the demo customer's session in the tab's
// sessionStorage the way the portal keeps it (src/portal/api/session-store.ts) before the
// page's first script, and starts with an empty HTTP cache. Prints the four category scores,
// LCP, TBT and CLS; writes bench-results/lighthouse.json and each page's HTML report. Run on
// demand: `npm run bench:lighthouse`. The machine may be shared: Lighthouse simulates a slow
// phone from what it measured, and a busy machine still lowers the performance score.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import { startChild, stop } from './server-process.ts'

const root = join(import.meta.dirname, '../..')
const chromePath = '/usr/bin/chromium'
const budget = { performance: 95, accessibility: 95 }
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

interface PageFigures {
  url: string
  finalUrl: string
  scores: Record<(typeof categories)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
  ratioOfBudget: { performance: number; accessibility: number }
}

function ensureBuilt(): void {
  if (existsSync(join(root, 'dist/index.html'))) return
  console.log('dist/ is missing: building the portal (npm run build)')
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}

function figures(name: string, result: RunnerResult | undefined): PageFigures {
  if (!result) throw new Error(`Lighthouse gave no result for ${name}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN)
  const scores = Object.fromEntries(categories.map((c) => [c, score(c)])) as PageFigures['scores']
  const report = Array.isArray(result.report) ? result.report[0] : result.report
  writeFileSync(join(root, `bench-results/lighthouse-${name}.html`), report ?? '')
  return {
    url: lhr.requestedUrl ?? '',
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    ratioOfBudget: {
      performance: Number((scores.performance / budget.performance).toFixed(3)),
      accessibility: Number((scores.accessibility / budget.accessibility).toFixed(3)),
    },
  }
}

/** A tab whose every document starts with the demo customer's session, the cache empty. */
async function signedInTab(port: number, session: Record<string, unknown>): Promise<Page> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  const page = await browser.newPage()
  await page.evaluateOnNewDocument((value: string) => {
    try {
      sessionStorage.setItem('portal.session', value)
    } catch {
      // about:blank, where Lighthouse starts, has no storage of its own.
    }
  }, JSON.stringify(session))
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
  return page
}

function print(name: string, f: PageFigures): void {
  const s = f.scores
  console.log(
    `${name.padEnd(6)} performance ${s.performance}, accessibility ${s.accessibility}, ` +
      `best practices ${s['best-practices']}, SEO ${s.seo}; LCP ${f.lcpMs} ms, ` +
      `TBT ${f.tbtMs} ms, CLS ${f.cls}; ratio to the 95 budget: performance ` +
      `${f.ratioOfBudget.performance}, accessibility ${f.ratioOfBudget.accessibility}`,
  )
}

ensureBuilt()
mkdirSync(join(root, 'bench-results'), { recursive: true })
const server = await startChild('rpc-server.ts', {
  NODE_ENV: 'production',
  DEMO: 'true',
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  DATABASE_URL: '',
  BENCH_PORTAL_DIR: join(root, 'dist'),
})
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'error' })
try {
  const base = `http://127.0.0.1:${server.port}`
  const flags: Flags = {
    port: chrome.port,
    formFactor: 'mobile',
    output: 'html',
    logLevel: 'error',
    onlyCategories: [...categories],
  }
  const login = figures('login', await lighthouse(`${base}/login`, flags))
  const session = {
    accessToken: server.token,
    refreshToken: server.refreshToken,
    expiresAtMs: Date.now() + (server.expiresIn ?? 300) * 1000,
  }
  const page = await signedInTab(chrome.port, session)
  const home = figures(
    'home',
    await lighthouse(`${base}/home`, { ...flags, disableStorageReset: true }, undefined, page),
  )
  if (!new URL(home.finalUrl).pathname.startsWith('/home')) {
    throw new Error(`the signed-in run ended on ${home.finalUrl}, not /home`)
  }
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1m: Number(loadavg()[0]!.toFixed(2)) },
    lighthouse: 'mobile (Lighthouse defaults: Moto G Power screen, simulated slow 4G, 4x CPU)',
    budget,
    pages: { login, home },
  }
  writeFileSync(join(root, 'bench-results/lighthouse.json'), JSON.stringify(report, null, 2))
  print('/login', login)
  print('/home', home)
  const met = [login, home].every(
    (f) =>
      f.scores.performance >= budget.performance && f.scores.accessibility >= budget.accessibility,
  )
  console.log(`budget (performance >= 95, accessibility >= 95): ${met ? 'met' : 'NOT met'}`)
  console.log(`load average (1 min) ${report.machine.loadAverage1m} on ${report.machine.cpus} cpus`)
} finally {
  chrome.kill()
  await stop(server.child)
}
