// Post-login routing (product-spec section 2), one demo user per branch, signed in through
// the login form: where each person lands is what they see first. Then the acting customer:
// choosing a company, a read-only user sent to the saved buttons from the full-access
// merchant pages, and a customer chosen without rights refused.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const onboarding = locale('en', 'onboarding')
const access = locale('en', 'access')
const screens = locale('en', 'screens')
const oldWeb = 'https://old.wallet.nova.example'

async function signIn(username: string, next?: string): Promise<Page> {
  const { page } = await portal.newPage()
  // The old web is another site: the test answers for it.
  await page.route(`${oldWeb}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Old web</h1>' }),
  )
  await page.goto(`${portal.baseUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`)
  await page.getByLabel(/^E-mail/).fill(username)
  await page.getByLabel(/^Password/).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return page
}

const heading = (page: Page, key: string) =>
  page.getByRole('heading', { name: text(onboarding, key) }).waitFor()

describe('in the order of the product', () => {
  test('1. the old web', async () => {
    const page = await signIn('old-web@nova.example')
    await page.waitForURL(`${oldWeb}/**`)
  })

  test('2. an administrator: the admin overview', async () => {
    const page = await signIn('admin@nova.example')
    await page.waitForURL('**/admin-overview')
    await page.getByRole('heading', { name: text(screens, 'adminOverview.title') }).waitFor()
  })

  test('3. a business without related accounts: the old web with its authorized user', async () => {
    const page = await signIn('no-related@nova.example')
    await page.waitForURL(`${oldWeb}/**`)
    expect(new URL(page.url()).searchParams.get('authorizedUserId')).toMatch(/^\d+$/)
  })

  test('4. a business with one company: home when its self-certification is pending', async () => {
    const page = await signIn('business@nova.example')
    await page.waitForURL('**/home')
  })

  test('4. a company without accounts: its documents', async () => {
    const page = await signIn('labs@nova.example')
    await page.waitForURL('**/company-documents')
    await page.getByRole('heading', { name: text(screens, 'companyDocuments.title') }).waitFor()
  })

  test('4. a company without a self-certification: the business splash', async () => {
    const page = await signIn('tax-none@nova.example')
    await page.waitForURL('**/self-certification-business-splash')
    await page
      .getByRole('heading', { name: text(screens, 'selfCertificationBusinessSplash.title') })
      .waitFor()
  })

  test('4. payroll@, a company kept here without a self-certification: the business splash', async () => {
    // It once ended at /login?reason=failed: its company was not marked as kept here.
    const page = await signIn('payroll@nova.example')
    await page.waitForURL('**/self-certification-business-splash')
    await page
      .getByRole('heading', { name: text(screens, 'selfCertificationBusinessSplash.title') })
      .waitFor()
  })

  test("the README's other demo sign-ins reach their page, never the login screen", async () => {
    // Those no other test signs in through the form (invited@ has no password before its
    // activation link is followed).
    const landings: [string, string][] = [
      ['review@nova.example', '/home'],
      ['fatca-director@nova.example', '/self-certification-splash'],
    ]
    for (const [username, path] of landings) {
      const page = await signIn(username)
      await page.waitForURL(`**${path}`)
      expect(new URL(page.url()).pathname).toBe(path)
      await page.close()
    }
  })

  test('4. a company needing KYC: KYC, which for a company is its documents', async () => {
    const page = await signIn('business-kyc@nova.example')
    // /kyc is the person's KYC page; a business is sent on to its company documents.
    await page.waitForURL('**/company-documents')
    await page.getByRole('heading', { name: text(screens, 'companyDocuments.title') }).waitFor()
  })

  test('4. several companies: the list, and the start page of the one chosen', async () => {
    const page = await signIn('group@nova.example')
    await page.waitForURL('**/company')
    await heading(page, 'companyChoice.title')
    const choose = (name: string) =>
      page
        .getByTestId('company-entry')
        .filter({ hasText: name })
        .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
        .click()
    await expect.poll(() => page.getByText(/^Harbor (Group|Retail|Labs) Ltd$/).count()).toBe(3)
    await choose('Harbor Labs Ltd')
    await page.waitForURL('**/company-documents')
    expect(await page.evaluate(() => sessionStorage.getItem('portal.actingCustomer'))).toMatch(
      /^\d+$/,
    )
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await choose('Harbor Retail Ltd')
    await page.waitForURL('**/home')
    // Home shows the chosen company's accounts.
    await page.getByTestId('account-card').filter({ hasText: 'EUR' }).waitFor()
    await page.getByText('€1,200.00').first().waitFor()
  })

  test('5. a personal profile to update, then KYC, then the self-certification', async () => {
    await (await signIn('profile-update@nova.example')).waitForURL('**/profile-update')
    await (await signIn('kyc@nova.example')).waitForURL('**/kyc')
    const page = await signIn('fatca@nova.example')
    await page.waitForURL('**/self-certification-splash')
    await page
      .getByRole('heading', { name: text(screens, 'selfCertificationSplash.title') })
      .waitFor()
  })

  test('6. the remembered path, else home', async () => {
    await (await signIn('demo@nova.example', '/payout-blacklist')).waitForURL('**/payout-blacklist')
    await (await signIn('demo@nova.example')).waitForURL('**/home')
  })

  test('7. pending terms: accepted, then the routing goes on', async () => {
    const page = await signIn('terms@nova.example')
    await page.waitForURL('**/terms')
    await page.getByRole('heading', { name: text(access, 'terms.pendingTitle') }).waitFor()
    const accept = page.getByRole('button', { name: text(access, 'terms.accept') })
    expect(await accept.isDisabled()).toBe(true)
    const boxes = page.getByRole('checkbox')
    expect(await boxes.count()).toBe(2)
    for (const box of await boxes.all()) await box.check()
    await accept.click()
    await page.waitForURL('**/home')
  })
})

describe('the acting customer', () => {
  test('a read-only employee acting for the company is sent from the API keys to the saved buttons', async () => {
    const page = await signIn('employee@nova.example')
    await page.waitForURL('**/self-certification-splash')
    await page.getByTestId('company-switch').click()
    await page.waitForURL('**/company')
    await page
      .getByText(/Northwind/)
      .first()
      .waitFor()
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Northwind/ })
      .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    await page.goto(`${portal.baseUrl}/merchant/internal/api_key`)
    await page.waitForURL('**/merchant/buttons/my_saved_buttons')
    await page.getByRole('heading', { name: text(screens, 'savedButtons.title') }).waitFor()
  })

  test('a customer chosen in the address without rights on it is refused', async () => {
    const page = await signIn('demo@nova.example')
    await page.waitForURL('**/home')
    const [foreign] = (
      (await portal.db.execute(
        sql`select customer_id as id from users where username = 'business@nova.example'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows
    await page.goto(`${portal.baseUrl}/home?fromCustomerId=${foreign!.id}`)
    await page
      .getByRole('alert')
      .filter({ hasText: 'You have no access to this customer.' })
      .waitFor()
    expect(await page.getByTestId('account-card').count()).toBe(0)
  })
})

describe('the menu and the routes by access (spec/README.md, Screens)', () => {
  const transfers = locale('en', 'transfers')
  const mass = locale('en', 'mass')
  const common = locale('en', 'common')
  const businessOnly = [
    text(screens, 'companyAccess.title'),
    text(screens, 'companyPotentialUsers.title'),
    text(transfers, 'approved.title'),
  ]

  /**
   * The menu's groups and sub-groups opened, once the acting customer is known (the Transfers
   * and Settings groups, and their pages every signed-in person may open).
   */
  async function openMenu(page: Page) {
    const menu = page.getByRole('navigation', { name: text(common, 'menu.label') })
    await menu.getByText(text(screens, 'menu.transfers'), { exact: true }).waitFor()
    await menu.getByText(text(screens, 'menu.settings'), { exact: true }).waitFor()
    const expandAll = async () => {
      for (;;) {
        const closed = menu.locator('button[aria-expanded="false"]:visible')
        if ((await closed.count()) === 0) return
        await closed.first().click()
      }
    }
    await expandAll()
    await menu.getByRole('link', { name: text(screens, 'loginHistory.title') }).waitFor()
    // Groups that join once the company's access list has loaded come closed: each count opens
    // what is closed first, as a person looking for an item would.
    return async (name: string) => {
      await expandAll()
      return menu.getByRole('link', { name, exact: true }).count()
    }
  }

  test('a personal customer sees no company pages, approval queue or mass transfers', async () => {
    const page = await signIn('demo@nova.example')
    await page.waitForURL('**/home')
    const count = await openMenu(page)
    for (const name of [...businessOnly, text(mass, 'menu')]) expect(await count(name)).toBe(0)
    // Merchant tools are for business customers (issue 16, docs/decisions.md).
    expect(await count(text(screens, 'apiKeys.title'))).toBe(0)
    expect(await count(text(screens, 'savedButtons.title'))).toBe(0)
    // A screen with a fallbackRoute sends there; a page without one is not found.
    await page.goto(`${portal.baseUrl}/setting/company-access`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home')
    await page.goto(`${portal.baseUrl}/transfer/approved`)
    await page.getByRole('heading', { name: text(common, 'notFound.title') }).waitFor()
  })

  test('a business with full access sees them all', async () => {
    const page = await signIn('business@nova.example')
    await page.waitForURL('**/home')
    const count = await openMenu(page)
    // The company's pages join the menu once its access list has loaded.
    for (const name of [...businessOnly, text(mass, 'menu'), text(screens, 'apiKeys.title')]) {
      await expect.poll(() => count(name)).toBe(1)
    }
  })

  test('a read-only user of a company sees neither its users nor its full-access pages', async () => {
    const page = await signIn('employee@nova.example')
    await page.waitForURL('**/self-certification-splash')
    await page.getByTestId('company-switch').click()
    await page
      .getByTestId('company-entry')
      .filter({ hasText: /Northwind/ })
      .getByRole('button', { name: text(onboarding, 'companyChoice.choose') })
      .click()
    await page.waitForURL((url) => !url.pathname.endsWith('/company'))
    await page.goto(`${portal.baseUrl}/home`)
    const count = await openMenu(page)
    expect(await count(text(transfers, 'approved.title'))).toBe(0)
    expect(await count(text(screens, 'companyAccess.title'))).toBe(0)
    expect(await count(text(screens, 'apiKeys.title'))).toBe(0)
    expect(await count(text(screens, 'reputation.title'))).toBe(1)
  })
})

describe('signing in to a partner (OAuth, sei)', () => {
  const callback = 'http://localhost:4000/callback'
  const request = (clientId: string) =>
    `/auth/sei?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback,
      state: 'st-42',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`

  test('the request waits for the login, the person allows, and the partner gets the code', async () => {
    const { page } = await portal.newPage()
    await page.route(`${callback}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Partner</h1>' }),
    )
    await page.goto(`${portal.baseUrl}${request('sei-demo')}`)
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('next'))
    await page.getByLabel(/^E-mail/).fill('demo@nova.example')
    await page.getByLabel(/^Password/).fill(demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/oauth/authorize/**')
    await page.getByRole('heading', { name: text(access, 'oauth.title') }).waitFor()
    await page.getByRole('button', { name: text(access, 'oauth.allow') }).click()
    await page.waitForURL(`${callback}**`)
    const answer = new URL(page.url())
    expect(answer.searchParams.get('state')).toBe('st-42')
    expect(answer.searchParams.get('code')).toBeTruthy()
    // The portal signed out before handing over.
    await page.goto(`${portal.baseUrl}/home`)
    await page.waitForURL('**/login**')
  })

  test('an unknown partner goes to the root', async () => {
    const page = await signIn('demo@nova.example')
    await page.waitForURL('**/home')
    await page.goto(`${portal.baseUrl}${request('nobody')}`)
    await page.waitForURL((url) => url.pathname === '/home')
  })
})
