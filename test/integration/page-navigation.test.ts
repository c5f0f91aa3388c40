// A page address never gives a person the API's raw answer (issue 16 item 5): reloading
// /company, whose address is also the API's company read, shows the portal; every page of
// the portal, rendered or hand-written, loads as the portal when the browser navigates to it.
// The portal's own calls to the same addresses (fetch) still reach the API, and addresses
// that are only the API's (a health probe, a file) answer as they did.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { screenRoutes } from '../../src/generated/screen-routes.ts'
import { databaseTargets, startServer, type TestServer } from './server-harness.ts'

let server: TestServer
let dir: string
const html = '<!doctype html><html><head><title>Portal page</title></head><body></body></html>'

/** The hand-written pages of src/portal/app/router.tsx, without parameters. */
const handWrittenPages = [
  '/login',
  '/register',
  '/activate',
  '/confirm-email',
  '/account-recovery',
  '/terms',
  '/mailbox',
  '/home',
  '/unverified-account',
  '/limited-account',
  '/company',
  '/auth/sei',
  '/merchant',
  '/setting/devices',
  '/setting/two-step-verification',
  '/profile/password',
  '/transfer/account',
  '/transfer/p2p',
  '/transfer/external',
  '/transfer/approved',
  '/history',
  '/statements',
  '/transfer/mass',
  '/no-such-page',
]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-pages-'))
  writeFileSync(join(dir, 'index.html'), html)
  // Serving pages reads no database: one target is enough.
  server = await startServer(databaseTargets()[0]!, {}, { PORTAL_DIR: dir })
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const navigation = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'sec-fetch-dest': 'document',
}
const portalCall = { accept: '*/*', 'sec-fetch-dest': 'empty' }

it('loads every page of the portal as the portal when the browser navigates to it', async () => {
  const pages = [...new Set([...handWrittenPages, ...screenRoutes.map((screen) => screen.route)])]
  expect(pages.length).toBeGreaterThan(80)
  const notPortal: string[] = []
  for (const page of pages) {
    const reply = await fetch(`${server.baseUrl}${page}`, { headers: navigation })
    const body = await reply.text()
    if (reply.status !== 200 || body !== html) notPortal.push(`${page}: ${reply.status} ${body}`)
  }
  expect(notPortal).toEqual([])
})

it("shows the page when /company is reloaded, and answers the portal's own call with JSON", async () => {
  const page = await fetch(`${server.baseUrl}/company`, { headers: navigation })
  expect(page.headers.get('content-type')).toContain('text/html')
  expect(await page.text()).toBe(html)
  // A browser that sends no Sec-Fetch headers is told apart by what it accepts.
  const older = await fetch(`${server.baseUrl}/company`, { headers: { accept: 'text/html' } })
  expect(await older.text()).toBe(html)

  const call = await fetch(`${server.baseUrl}/company`, { headers: portalCall })
  expect(call.status).toBe(401)
  expect(call.headers.get('content-type')).toContain('application/json')
})

it('keeps the API-only addresses answering a navigation as the API', async () => {
  const health = await fetch(`${server.baseUrl}/healthz`, { headers: navigation })
  expect(health.headers.get('content-type')).toContain('application/json')
  // A file read (a PDF, an attachment) is what a browser tab opened on it must show.
  const file = await fetch(`${server.baseUrl}/pdf/api/files/unknown-file`, { headers: navigation })
  expect(await file.text()).not.toBe(html)
  // A page navigation never turns an RPC or a write into a page.
  const rpc = await fetch(`${server.baseUrl}/rpc/balanceInquiry`, {
    method: 'POST',
    headers: { ...navigation, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(rpc.headers.get('content-type')).toContain('application/json')
})
