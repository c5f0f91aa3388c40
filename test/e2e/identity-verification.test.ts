// The identity check in the browser (product-spec sections 2, 4 and 7): the demo customer, not
// verified and without an identity document, is warned by the banner, starts a check from
// /unverified-account, sends a selfie and a document on the run's page on a phone-sized
// screen with the keyboard, sees that we are checking, and once the built-in provider's job
// has run, sees the identity confirmed; the banner follows. A run opened on a desktop-sized
// screen without signing in shows the refusal of the same picture sent twice, and a wrong
// link says so.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { kycRequests, users } from '../../src/server/db/schema.ts'
import type { Db } from '../../src/server/db/open-database.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import {
  BuiltInIdentity,
  sameFileReason,
} from '../../src/server/adapters/identity/built-in-identity.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'

let portal: PortalHarness
const identity = locale('en', 'identity')
const verification = locale('en', 'verification')

/** A 1x1 PNG (the selfie) and a file that starts as a JPEG does (the document). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])

beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

async function customerIdOf(username: string): Promise<number> {
  const [row] = await portal.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, username))
  return row!.customerId
}

/** The provider decides a while after the files arrive; make that time pass. */
const letProviderDecide = () => runDueJobs(portal.db, { now: new Date(Date.now() + 600_000) })

const runState = (page: Page) => page.getByTestId('identity-run').getAttribute('data-state')

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** The ids or texts of what Tab reaches, in order, until `last` is focused. */
async function tabUntil(page: Page, last: string, limit = 20): Promise<string[]> {
  const reached: string[] = []
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return el?.id || el?.textContent?.trim() || ''
    })
    reached.push(focused)
    if (focused === last) return reached
  }
  throw new Error(`Tab never reached ${last}: ${reached.join(', ')}`)
}

describe('an identity check from the portal', () => {
  test('the demo customer verifies their identity on a phone and the banner follows', async () => {
    const customerId = await customerIdOf('demo@nova.example')
    await portal.db.execute(sql`update customers set verified = false where id = ${customerId}`)
    await portal.db.execute(sql`
      update uploaded_documents set status_id = 5
      where customer_id = ${customerId} and document_type_id = 1`)
    const { page } = await portal.newPage({ width: 390, height: 844 })
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')

    // The missing identity is the one thing left: the banner warns and leads on.
    const banner = page.getByTestId('verification-banner')
    await expect.poll(() => banner.getAttribute('data-state')).toBe('hasRequiredActions')
    await banner.getByRole('link', { name: text(verification, 'banner.more') }).click()
    await page.waitForURL('**/unverified-account')
    await page.getByText(text(verification, 'unverified.identityCheck')).waitFor()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: 'test-results/unverified-account-390.png', fullPage: true })
    await page.getByRole('button', { name: text(identity, 'start') }).click()

    await page.waitForURL('**/identity-verification/**')
    await page.getByRole('heading', { name: text(identity, 'run.title') }).waitFor()
    expect(await runState(page)).toBe('created')
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: 'test-results/identity-run-390.png', fullPage: true })

    // Everything is reached with the keyboard, in reading order.
    await page.locator('body').focus()
    const reached = await tabUntil(page, text(identity, 'run.form.submit'))
    const fields = reached.filter((id) => id.startsWith('identity-') || id.startsWith('mantine-'))
    expect(reached.indexOf('identity-selfie')).toBeLessThan(reached.indexOf('identity-document'))
    expect(fields.length).toBeGreaterThanOrEqual(3)

    await page
      .getByLabel(text(identity, 'run.form.documentType'))
      .selectOption({ label: text(identity, 'documentType.2') })
    await page
      .getByLabel(new RegExp(`^${escape(text(identity, 'run.form.selfie'))}`))
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await page
      .getByLabel(new RegExp(`^${escape(text(identity, 'run.form.document'))}`))
      .setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    await page.getByRole('button', { name: text(identity, 'run.form.submit') }).focus()
    await page.keyboard.press('Enter')

    await page.getByText(text(identity, 'run.checking.title')).waitFor()
    expect(await runState(page)).toBe('inProgress')
    const [request] = await portal.db
      .select({ status: kycRequests.status })
      .from(kycRequests)
      .where(eq(kycRequests.customerId, customerId))
    expect(request?.status).toBe('inProgress')
    await page.screenshot({ path: 'test-results/identity-run-390-checking.png', fullPage: true })

    // The page asks again while the check runs, and shows the outcome once it is known.
    await letProviderDecide()
    await page.getByText(text(identity, 'run.completed.title')).waitFor({ timeout: 15_000 })
    expect(await runState(page)).toBe('completed')
    await page.screenshot({ path: 'test-results/identity-run-390-done.png', fullPage: true })

    // Back in the account: every document confirmed, the bank's final review, no banner.
    await page.getByRole('link', { name: text(identity, 'run.toHome') }).click()
    await page.waitForURL('**/home')
    await page.getByText('USD').first().waitFor()
    // Home may first show the verification state it read before the check; it asks again.
    await expect.poll(() => banner.count()).toBe(0)
    await page.goto(`${portal.baseUrl}/unverified-account`)
    const state = page.getByTestId('verification-state')
    await expect.poll(() => state.getAttribute('data-state')).toBe('finalReview')
  })

  test('a run opened on a desktop screen shows the refusal of one picture sent twice', async () => {
    const customerId = await customerIdOf('kyc@nova.example')
    const adapter = new BuiltInIdentity(15_000)
    const run = await portal.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [row] = await tx
        .insert(kycRequests)
        .values({ customerId, provider: adapter.provider })
        .returning({ id: kycRequests.id })
      return adapter.start(tx, { requestId: row!.id, customerId }, new Date())
    })
    const { page } = await portal.newPage({ width: 1366, height: 900 })
    await page.goto(`${portal.baseUrl}${run.url}`)
    await page.getByRole('heading', { name: text(identity, 'run.title') }).waitFor()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: 'test-results/identity-run-1366.png', fullPage: true })

    // Without files the form names both fields and sends nothing.
    await page.getByRole('button', { name: text(identity, 'run.form.submit') }).click()
    await page.getByText(text(identity, 'run.form.selfieError')).waitFor()
    await page.getByText(text(identity, 'run.form.documentError')).waitFor()

    const same = { name: 'me.png', mimeType: 'image/png', buffer: png }
    await page
      .getByLabel(new RegExp(`^${escape(text(identity, 'run.form.selfie'))}`))
      .setInputFiles(same)
    await page
      .getByLabel(new RegExp(`^${escape(text(identity, 'run.form.document'))}`))
      .setInputFiles(same)
    await page.getByRole('button', { name: text(identity, 'run.form.submit') }).click()
    await page.getByText(text(identity, 'run.checking.title')).waitFor()
    await letProviderDecide()
    await page.getByText(text(identity, 'run.failed.title')).waitFor({ timeout: 15_000 })
    await page.getByText(sameFileReason).waitFor()
    expect(await runState(page)).toBe('failed')
    await page.screenshot({ path: 'test-results/identity-run-1366-refused.png', fullPage: true })
  })

  test('a wrong link says it does not work', async () => {
    const { page } = await portal.newPage({ width: 390, height: 844 })
    await page.goto(
      `${portal.baseUrl}/identity-verification/00000000-0000-4000-8000-000000000000/${'A'.repeat(43)}`,
    )
    await page.getByText(text(identity, 'run.invalid.title')).waitFor()
    expect(await runState(page)).toBe('invalid')
  })

  test('a video identification job shows where it stands, to its customer only', async () => {
    const customerId = await customerIdOf('demo@nova.example')
    await portal.db.execute(sql`
      update kyc_profiles set video_identity_job_id = 'VID-2041', video_identity_status_id = 26,
        video_identity_created_at = now() - interval '2 days'
      where customer_id = ${customerId}`)
    const { page } = await portal.newPage({ width: 390, height: 844 })
    // Reached from a link: sign in first, then back to the job.
    await page.goto(`${portal.baseUrl}/video-identity-job/VID-2041`)
    await page.waitForURL('**/login**')
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    await page.goto(`${portal.baseUrl}/video-identity-job/VID-2041`)
    const job = page.getByTestId('video-identity-job')
    await expect.poll(() => job.getAttribute('data-state')).toBe('rejected')
    await job.getByText(text(identity, 'video.stage.rejected.label')).waitFor()
    await job.getByRole('button', { name: text(identity, 'start') }).waitFor()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: 'test-results/video-identity-job-390.png', fullPage: true })
    await page.goto(`${portal.baseUrl}/video-identity-job/VID-9999`)
    await expect.poll(() => job.getAttribute('data-state')).toBe('unknown')
  })
})
