// The verification banner and pages (product-spec sections 2 and 4): the demo customer is put
// in each of the ten verification states by changing its records as the bank's back office
// would, and after a reload sees the banner the state calls for (or none), the page it leads
// to, and the unverified-account page sending a verified customer home.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { users } from '../../src/server/db/schema.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'

let portal: PortalHarness
let page: Page
let customerId: number
const texts = locale('en', 'verification')

beforeAll(async () => {
  portal = await startPortal()
  const [row] = await portal.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'demo@nova.example'))
  customerId = row!.customerId
  ;({ page } = await portal.newPage())
  await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
  await page.waitForURL('**/home')
})
afterAll(async () => {
  await portal?.close()
})

/** The demo customer as seeded: verified, nothing to do. */
async function reset(): Promise<void> {
  await portal.db.execute(sql`
    update customers set verified = true, limited = false where id = ${customerId}`)
  await portal.db.execute(sql`delete from customer_limit_reasons where customer_id = ${customerId}`)
  await portal.db.execute(sql`delete from kyc_requests where customer_id = ${customerId}`)
  await portal.db.execute(sql`
    update kyc_profiles set duplicate_documents = 'none' where customer_id = ${customerId}`)
  await portal.db.execute(sql`
    update customer_addresses set card_document_required = false where customer_id = ${customerId}`)
  await portal.db.execute(sql`
    update uploaded_documents set status_id = 2 where customer_id = ${customerId}`)
  await portal.db.execute(sql`
    update customer_phones set confirmed_at = now() where customer_id = ${customerId}`)
}

/** Sets the proof of address upload's status (document type 11 in the demo data). */
const proofStatus = (statusId: number) =>
  portal.db.execute(sql`
    update uploaded_documents set status_id = ${statusId}
    where customer_id = ${customerId} and document_type_id = 11`)

const limit = (requiredCategoryIds: number[]) =>
  portal.db.execute(sql`
    insert into customer_limit_reasons (customer_id, action_type_id, required_category_ids)
    values (${customerId}, 1, ${JSON.stringify(requiredCategoryIds)}::jsonb)`)

/** The ten states, each with the change that brings it about and whether the banner warns. */
const states: { state: string; banner: boolean; arrange: () => Promise<unknown> }[] = [
  { state: 'checked', banner: false, arrange: async () => {} },
  {
    state: 'limited',
    banner: true,
    arrange: async () => {
      await portal.db.execute(sql`update customers set limited = true where id = ${customerId}`)
      await limit([1])
    },
  },
  {
    // Limited, with nothing left to upload: the documents are in review.
    state: 'processing',
    banner: false,
    arrange: async () => {
      await portal.db.execute(sql`update customers set limited = true where id = ${customerId}`)
      await limit([])
    },
  },
  {
    state: 'duplicateDocuments',
    banner: true,
    arrange: () =>
      portal.db.execute(sql`
        update kyc_profiles set duplicate_documents = 'flagged' where customer_id = ${customerId}`),
  },
  {
    state: 'duplicateDocumentsUploaded',
    banner: true,
    arrange: () =>
      portal.db.execute(sql`
        update kyc_profiles set duplicate_documents = 'uploaded' where customer_id = ${customerId}`),
  },
  {
    // The card issuer asks for a proof of the address, and the one on file is still pending.
    state: 'someCardDocumentRequired',
    banner: true,
    arrange: async () => {
      await portal.db.execute(sql`
        update customer_addresses set card_document_required = true
        where customer_id = ${customerId}`)
      await proofStatus(41)
    },
  },
  {
    state: 'hasRequiredActions',
    banner: true,
    arrange: () =>
      portal.db.execute(sql`
        update customer_phones set confirmed_at = null where customer_id = ${customerId}`),
  },
  {
    // Not verified, one document confirmed and the other still pending: not finished.
    state: 'unverified',
    banner: true,
    arrange: async () => {
      await portal.db.execute(sql`update customers set verified = false where id = ${customerId}`)
      await proofStatus(41)
    },
  },
  {
    state: 'verificationProcessing',
    banner: false,
    arrange: async () => {
      await portal.db.execute(sql`update customers set verified = false where id = ${customerId}`)
      await portal.db.execute(sql`
        insert into kyc_requests (customer_id, provider, status)
        values (${customerId}, 'jmo', 'inProgress')`)
    },
  },
  {
    // Not verified yet, every document confirmed.
    state: 'finalReview',
    banner: false,
    arrange: () =>
      portal.db.execute(sql`update customers set verified = false where id = ${customerId}`),
  },
]

const banner = () => page.getByTestId('verification-banner')

describe('the demo customer in each verification state', () => {
  for (const { state, banner: warns, arrange } of states) {
    test(`${state}: ${warns ? 'the banner warns and leads on' : 'no banner'}`, async () => {
      await reset()
      await arrange()
      const profileLoaded = page.waitForResponse('**/rpc/profileInquiry')
      await page.goto(`${portal.baseUrl}/home`)
      await profileLoaded
      await page.getByRole('heading', { level: 1 }).waitFor()
      if (warns) {
        await expect.poll(() => banner().getAttribute('data-state')).toBe(state)
        const title = text(texts, `banner.${state}.title`)
        await banner().getByText(title).waitFor()
        await banner()
          .getByRole('link', { name: text(texts, 'banner.more') })
          .click()
        if (state === 'limited' || state === 'unverified') {
          await page.waitForURL(`**/${state}-account`)
          await page.getByTestId('verification-state').waitFor()
          const shown = page.getByTestId('verification-state')
          expect(await shown.getAttribute('data-state')).toBe(state)
          // The page says it already: no banner over it.
          expect(await banner().count()).toBe(0)
        } else {
          // A verified customer with something to do is led to where it is done.
          await page.waitForURL('**/kyc')
        }
      } else {
        // The home page has loaded its accounts before the banner could have appeared.
        await page.getByText('USD').first().waitFor()
        expect(await banner().count()).toBe(0)
      }
    })
  }

  test('the required-action banner counts; unverified-account offers verification', async () => {
    await reset()
    await portal.db.execute(sql`
      update customer_phones set confirmed_at = null where customer_id = ${customerId}`)
    await page.goto(`${portal.baseUrl}/home`)
    await banner().getByText('1 item of your profile needs your attention.').waitFor()
    // Not verified as well: the page explains the state, counts and leads to KYC.
    await portal.db.execute(sql`update customers set verified = false where id = ${customerId}`)
    await page.goto(`${portal.baseUrl}/unverified-account`)
    await page.getByText(text(texts, 'state.hasRequiredActions.title')).waitFor()
    await page.getByText('1 action needs you.').waitFor()
    await page.getByRole('link', { name: text(texts, 'unverified.toKyc') }).click()
    await page.waitForURL('**/kyc')
  })

  test('a limited account lists its reasons; a verified customer is sent home', async () => {
    await reset()
    await portal.db.execute(sql`update customers set limited = true where id = ${customerId}`)
    await limit([1])
    await page.goto(`${portal.baseUrl}/limited-account`)
    await page.getByText(text(texts, 'limited.reasons')).waitFor()
    await page.getByText(new RegExp(`^${escape(text(texts, 'restrictionReason.1'))}$`)).waitFor()
    await reset()
    await page.goto(`${portal.baseUrl}/unverified-account`)
    await page.waitForURL('**/home')
    await page.goto(`${portal.baseUrl}/limited-account`)
    await page.waitForURL('**/home')
  })
})
