// Browser tests drive the built portal (dist/) served by the real server on a fresh PGlite
// database, in Debian's Chromium through playwright-core (DESIGN.md sections 2 and 9).
import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { onTestFinished } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/server/db/open-database.ts'
import { buildApp } from '../../src/server/app.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { openSeededPglite } from '../support/seeded-dump.ts'

const root = join(import.meta.dirname, '../..')
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface PortalHarness {
  baseUrl: string
  /** The server's database, for steps a background worker would do (running due jobs). */
  db: Database['db']
  browser: Browser
  /** A new page in its own context (fresh storage), with CSP violations collected. */
  newPage(options?: {
    width?: number
    height?: number
  }): Promise<{ page: Page; cspErrors: string[] }>
  close(): Promise<void>
}

/** The browser tests' build with the test fixtures (a test brand and a fixture screen). */
export const fixturesPortalDir = join(root, 'dist-fixtures')

export async function startPortal(env: Record<string, string> = {}): Promise<PortalHarness> {
  // PORTAL_DIR in the environment points every browser test at a portal built elsewhere.
  const portalDir = env.PORTAL_DIR ?? process.env.PORTAL_DIR ?? join(root, 'dist')
  if (!existsSync(join(portalDir, 'index.html'))) {
    throw new Error(`${portalDir} is missing: npm test builds the portal before the browser tests`)
  }
  if (!existsSync(chromiumPath)) {
    execFileSync('sh', [join(root, 'scripts/setup-browser.sh')], { stdio: 'inherit' })
  }
  // The database, the server and Chromium start side by side: the seeded demo database of the
  // global setup (test/support/seeded-databases.ts), and the worker's Chromium.
  const [database, browser] = await Promise.all([openSeededPglite(), launchBrowser()])
  // Every page of a browser test signs in from 127.0.0.1, dozens a minute: the per-client
  // limits are the integration suite's to test (test/integration/rpc/rate-limit.test.ts).
  const config = configFromEnv({ RATE_LIMIT_FACTOR: '20', ...env, PORTAL_DIR: portalDir })
  const app: FastifyInstance = await buildApp(database.db, config)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('assertion: listening on TCP')
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    db: database.db,
    browser,
    async newPage({ width = 1280, height = 900 } = {}) {
      const context = await browser.newContext({ viewport: { width, height } })
      // A finished test's pages would keep their timers, polls and sockets running beside
      // every later test of the file; they close with the test that opened them.
      closeWithTest(context)
      const page = await context.newPage()
      // E2E_CPU_THROTTLE=8 runs the page on an eighth of the CPU: races that a busy machine
      // shows now and then show every time (README, "Tests").
      if (process.env.E2E_CPU_THROTTLE) {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', {
          rate: Number(process.env.E2E_CPU_THROTTLE),
        })
      }
      const cspErrors: string[] = []
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) cspErrors.push(message.text())
      })
      return { page, cspErrors }
    },
    async close() {
      await releaseBrowser(browser)
      await app.close()
      await database.close()
    },
  }
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Under Vitest a worker runs its browser files one after the other in one process (vite.config.ts,
 * isolate: false): they share one Chromium, launched by the first and ended with the process
 * (Playwright closes what it launched when Node exits). Each file still gets fresh contexts
 * (fresh storage and cookies) and closes them all when it ends. Scripts get their own Chromium.
 */
let workerBrowser: Promise<Browser> | undefined

function launchBrowser(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  if (!process.env.VITEST) return launch()
  const current = workerBrowser
  if (current) {
    return current.then((browser) => {
      if (browser.isConnected()) return browser
      workerBrowser = launch()
      return workerBrowser
    })
  }
  workerBrowser = launch()
  workerBrowser.catch(() => (workerBrowser = undefined))
  return workerBrowser
}

/** The file's contexts close; a script's own Chromium closes with them. */
async function releaseBrowser(browser: Browser): Promise<void> {
  if (!process.env.VITEST) return browser.close()
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)))
}

function closeWithTest(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close().catch(() => undefined))
  } catch {
    // Opened outside a test (a beforeAll): it lives until the browser closes.
  }
}

/** Signs in through the login form, as a person does. */
export async function signInAs(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel(/^E-mail/).fill(username)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
