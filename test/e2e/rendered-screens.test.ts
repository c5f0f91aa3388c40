// Every rendered screen (spec/screens), driven as a person does it, in two brands and two
// languages: open it and see its list, create through the popup, have a bad field refused
// with the message on that field, edit, delete, and page. Texts are read from the locale
// files, so the same steps check the Spanish screens as well as the English ones.
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/db/seed-demo.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'

const root = join(import.meta.dirname, '../..')
type Texts = Record<string, unknown>
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(root, `locales/${lang}/${ns}.json`), 'utf8')) as Texts
const text = (texts: Texts, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts)
  if (typeof value !== 'string') throw new Error(`no text for ${key}`)
  return value
}
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

interface Combo {
  brand: string
  lang: string
}
const combos: Combo[] = [
  { brand: 'main', lang: 'en' },
  { brand: 'bank', lang: 'es' },
]

for (const { brand, lang } of combos) {
  describe(`${brand} in ${lang}`, () => {
    const screens = locale(lang, 'screens')
    const forms = locale(lang, 'forms')
    const label = (field: string) => new RegExp(`^${escape(text(forms, `fields.${field}`))}`)

    async function open(user: string, route: string, screenId: string): Promise<Page> {
      const { page } = await portal.newPage()
      await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
      await signInAs(page, portal.baseUrl, user, demoPassword)
      await page.waitForURL('**/home')
      // The person picks the language once; it is remembered for the next pages.
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
      await page.goto(`${portal.baseUrl}${route}`)
      await page.getByRole('heading', { name: text(screens, `${screenId}.title`) }).waitFor()
      return page
    }

    async function fill(page: Page, values: Record<string, string | boolean>) {
      const dialog = page.getByRole('dialog')
      const scope = (await dialog.count()) > 0 ? dialog : page
      for (const [field, value] of Object.entries(values)) {
        const input = scope.getByLabel(label(field)).first()
        if (typeof value === 'boolean') await input.setChecked(value)
        else if ((await input.evaluate((el) => el.tagName)) === 'SELECT') {
          await input.selectOption({ label: value })
        } else await input.fill(value)
      }
    }

    const save = (page: Page) => page.getByRole('button', { name: text(screens, 'save') }).click()
    const table = (page: Page) => page.getByTestId('resource-table')
    const row = (page: Page, content: string) =>
      table(page).getByRole('row').filter({ hasText: content })

    /** The field is marked invalid and shows the message of one of the rules it breaks. */
    async function expectFieldError(page: Page, field: string, ...rules: string[]) {
      const input = page.getByRole('dialog').getByLabel(label(field)).first()
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
      const errorId = String(await input.getAttribute('aria-describedby'))
        .split(' ')
        .find((id) => id.endsWith('-error'))
      const shown = String(await page.locator(`[id="${errorId}"]`).textContent())
      const messages = rules.map((rule) => text(forms, `errors.${rule}`).split('{{')[0]!.trim())
      expect(
        messages.some((message) => shown.startsWith(message)),
        `${field}: "${shown}"`,
      ).toBe(true)
    }

    async function deleteRow(page: Page, content: string) {
      await row(page, content)
        .getByRole('button', { name: text(screens, 'delete') })
        .click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(screens, 'confirm') })
        .click()
      await expect.poll(() => row(page, content).count()).toBe(0)
    }

    test('IP whitelist: add, refuse a bad address, delete, switch the mode', async () => {
      const page = await open('demo@nova.example', '/setting', 'ipWhitelist')
      await page.getByRole('button', { name: text(screens, 'ipWhitelist.create') }).click()
      await fill(page, { ip: '999.1.1.1' })
      await save(page)
      await expectFieldError(page, 'ip', 'pattern')
      await fill(page, { ip: '203.0.113.7' })
      await save(page)
      await row(page, '203.0.113.7').waitFor()
      const mode = page.getByLabel(text(screens, 'ipWhitelist.toggle'))
      await mode.click()
      await expect.poll(() => mode.isChecked()).toBe(true)
      await deleteRow(page, '203.0.113.7')
      await mode.click()
      await expect.poll(() => mode.isChecked()).toBe(false)
    })

    test('payout blacklist: add with the success text, refuse a bad e-mail, delete', async () => {
      const page = await open('demo@nova.example', '/payout-blacklist', 'payoutBlacklist')
      await page.getByRole('button', { name: text(screens, 'payoutBlacklist.create') }).click()
      await fill(page, { email: 'not-an-email', blockType: '1' })
      await save(page)
      await expectFieldError(page, 'email', 'format')
      const email = `blocked-${lang}@example.com`
      await fill(page, { email })
      await save(page)
      await page
        .getByTestId('success-notice')
        .getByText(`User with email ${email} has been added to black list`)
        .waitFor()
      await row(page, email).waitFor()
      await deleteRow(page, email)
    })

    test('login history: 20 a page, then the next page', async () => {
      for (let i = 0; i < 21; i++) {
        await fetch(`${portal.baseUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client: 'spa',
            username: 'admin@nova.example',
            password: demoPassword,
            codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          }),
        })
      }
      const page = await open('admin@nova.example', '/login-history', 'loginHistory')
      await expect.poll(() => table(page).getByRole('row').count()).toBe(21)
      await page.getByRole('button', { name: text(screens, 'paging.next') }).click()
      await expect.poll(() => table(page).getByRole('row').count()).toBeGreaterThan(1)
    })

    test('legal documents: listed, and the agreement downloads as a PDF', async () => {
      const page = await open('demo@nova.example', '/legal', 'legalDocuments')
      await table(page).waitFor()
      const download = page.waitForEvent('download')
      await table(page)
        .getByRole('button', { name: text(screens, 'legalDocuments.actions.download') })
        .first()
        .click()
      const file = await download
      const path = await file.path()
      expect(readFileSync(path).subarray(0, 4).toString()).toBe('%PDF')
    })

    test('webhooks: a signed ping and a signed delivery after a real event, seen in the webhook log', async () => {
      const received: { headers: IncomingHttpHeaders; body: string }[] = []
      const receiver = createServer((req, res) => {
        let body = ''
        req.on('data', (chunk) => (body += chunk))
        req.on('end', () => {
          received.push({ headers: req.headers, body })
          res.writeHead(200).end('ok')
        })
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook-${lang}`
      try {
        const page = await open('business@nova.example', '/merchant/internal/webhooks', 'webhooks')
        await page.getByRole('button', { name: text(screens, 'webhooks.create') }).click()
        await fill(page, { name: `Orders ${lang}`, url: 'not a url' })
        await save(page)
        await expectFieldError(page, 'url', 'format', 'pattern')
        await fill(page, { url })
        await save(page)
        const secret = String(await page.getByTestId('result-secret').textContent())
        await page
          .getByRole('button', { name: text(screens, 'close'), exact: true })
          .last()
          .click()
        await row(page, url)
          .getByRole('button', { name: text(screens, 'webhooks.actions.ping') })
          .click()
        await expect.poll(() => received.length).toBe(1)
        const verify = (delivery: (typeof received)[number]) => {
          const timestamp = String(delivery.headers['x-webhook-timestamp'])
          const expected = createHmac('sha256', secret)
            .update(`${timestamp}.${delivery.body}`)
            .digest('hex')
          return delivery.headers['x-webhook-signature'] === `sha256=${expected}`
        }
        expect(verify(received[0]!)).toBe(true)

        // A real event: an API key is created in the portal; the worker delivers it.
        await page.goto(`${portal.baseUrl}/merchant/internal/api_key`)
        await page.getByRole('button', { name: text(screens, 'apiKeys.create') }).click()
        await fill(page, { name: `Event ${lang}` })
        await save(page)
        await page.getByTestId('result-key').waitFor()
        await runDueJobs(portal.db, { allowPrivateNetworks: true })
        const event = received.find((d) => JSON.parse(d.body).type === 'api_key.created')
        expect(event, 'the api_key.created delivery').toBeDefined()
        expect(verify(event!)).toBe(true)

        await page.goto(`${portal.baseUrl}/merchant/internal/webhook_log`)
        await page.getByRole('heading', { name: text(screens, 'webhookLog.title') }).waitFor()
        await row(page, 'api_key.created').first().waitFor()

        await page.goto(`${portal.baseUrl}/merchant/internal/webhooks`)
        await row(page, url)
          .getByRole('button', { name: text(screens, 'edit') })
          .click()
        await fill(page, { name: `Orders ${lang} EU` })
        await save(page)
        await row(page, `Orders ${lang} EU`).waitFor()
        await deleteRow(page, `Orders ${lang} EU`)
      } finally {
        receiver.close()
      }
    })

    test('a public-API call with a key made in the portal appears in the API request log', async () => {
      const page = await open('business@nova.example', '/merchant/internal/api_key', 'apiKeys')
      await page.getByRole('button', { name: text(screens, 'apiKeys.create') }).click()
      await fill(page, { name: `Log ${lang}` })
      await save(page)
      const key = String(await page.getByTestId('result-key').textContent())
      const response = await fetch(`${portal.baseUrl}/public-api/v1/balances`, {
        headers: { 'x-api-key': key },
      })
      expect(response.status).toBe(200)
      await page.goto(`${portal.baseUrl}/merchant/internal/api_log`)
      await page.getByRole('heading', { name: text(screens, 'apiLog.title') }).waitFor()
      await row(page, '/public-api/v1/balances').first().waitFor()
    })

    test('API keys: create with the key shown once, edit, delete', async () => {
      const page = await open('business@nova.example', '/merchant/internal/api_key', 'apiKeys')
      await page.getByRole('button', { name: text(screens, 'apiKeys.create') }).click()
      await fill(page, { name: `Shop ${lang}` })
      await save(page)
      await page.getByTestId('result-key').waitFor()
      await page
        .getByRole('button', { name: text(screens, 'close'), exact: true })
        .last()
        .click()
      await row(page, `Shop ${lang}`).waitFor()
      await row(page, `Shop ${lang}`)
        .getByRole('button', { name: text(screens, 'edit') })
        .click()
      await fill(page, { name: `Shop ${lang} 2` })
      await save(page)
      await row(page, `Shop ${lang} 2`).waitFor()
      await deleteRow(page, `Shop ${lang} 2`)
    })

    test('allowed IPs: a bad range is refused on the field, a good one is listed and deleted', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/internal/allowed_ips',
        'allowedIps',
      )
      await page.getByRole('button', { name: text(screens, 'allowedIps.create') }).click()
      await fill(page, { name: 'Office', ipFrom: 'x.y' })
      await save(page)
      await expectFieldError(page, 'ipFrom', 'pattern')
      await fill(page, { ipFrom: '198.51.100.1' })
      await save(page)
      await row(page, '198.51.100.1').waitFor()
      await deleteRow(page, '198.51.100.1')
    })

    test('subscribers: 50 a page and a second page', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/accounts/subscribers',
        'subscribers',
      )
      await expect.poll(() => table(page).getByRole('row').count()).toBe(51)
      await page.getByRole('button', { name: text(screens, 'paging.next') }).click()
      await expect.poll(() => table(page).getByRole('row').count()).toBeLessThan(51)
    })

    test('IPN history: 25, then "load more"', async () => {
      const page = await open('business@nova.example', '/merchant/ipn/history', 'ipnHistory')
      await expect.poll(() => table(page).getByRole('row').count()).toBe(26)
      await page.getByRole('button', { name: text(screens, 'loadMore') }).click()
      await expect.poll(() => table(page).getByRole('row').count()).toBeGreaterThan(26)
    })

    test('IPN settings: a bad URL is refused, a new secret is shown once', async () => {
      const page = await open('business@nova.example', '/merchant/ipn/settings', 'ipnSettings')
      await fill(page, { notifyUrl: 'nope' })
      await page.getByRole('button', { name: text(screens, 'save') }).click()
      await expect
        .poll(() => page.getByLabel(label('notifyUrl')).getAttribute('aria-invalid'))
        .toBe('true')
      await fill(page, { notifyUrl: 'https://shop.example/ipn', secret: true })
      await page.getByRole('button', { name: text(screens, 'save') }).click()
      await page.getByTestId('result-secretKey').waitFor()
    })

    for (const [route, screenId, user] of [
      ['/profile/notifications', 'notificationSettings', 'demo@nova.example'],
      ['/setting/company-access', 'companyAccess', 'business@nova.example'],
      ['/merchant/buttons/my_saved_buttons', 'savedButtons', 'business@nova.example'],
      ['/merchant/buttons/pbn_settings', 'pbnSettings', 'business@nova.example'],
      ['/merchant/buttons/business_logos', 'businessLogos', 'business@nova.example'],
      ['/merchant/internal/api_log', 'apiLog', 'business@nova.example'],
      ['/merchant/internal/webhook_log', 'webhookLog', 'business@nova.example'],
      ['/merchant/security/verification', 'identityVerification', 'business@nova.example'],
      [
        '/merchant/security/verification/history',
        'identityVerificationHistory',
        'business@nova.example',
      ],
      ['/merchant/security/reputation', 'reputation', 'business@nova.example'],
    ] as const) {
      test(`${screenId} opens with its list or form and no error`, async () => {
        const page = await open(user, route, screenId)
        await page.waitForLoadState('networkidle')
        expect(await page.getByRole('alert').count()).toBe(0)
      })
    }
  })
}
