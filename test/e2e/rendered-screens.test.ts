// Every rendered screen (spec/screens), driven as a person does it, in two brands and two
// languages: open it and see its list, create through the popup, have a bad field refused
// with the message on that field, edit, delete, and page. Texts are read from the locale
// files, so the same steps check the Spanish screens as well as the English ones.
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, screenSteps, text } from './screen-steps.ts'

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
    const { screens, forms, label, open, fill, save, table, row, expectFieldError, deleteRow } =
      screenSteps(() => portal, brand, lang)

    test('IP whitelist: add, refuse a bad address, delete, switch the mode', async () => {
      const page = await open('demo@nova.example', '/setting', 'ipWhitelist')
      await page.getByRole('button', { name: text(screens, 'ipWhitelist.create') }).click()
      await fill(page, { ip: '999.1.1.1' })
      await save(page)
      await expectFieldError(page, 'ip', 'pattern')
      await fill(page, { ip: '203.0.113.7' })
      await save(page)
      await row(page, '203.0.113.7').waitFor()
      // This machine (127.0.0.1) is not on the list: turning it on would lock the person out.
      const mode = page.getByLabel(text(screens, 'ipWhitelist.toggle'))
      const closePopup = () =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: text(screens, 'close'), exact: true })
          .last()
          .click()
      await mode.click()
      // The server's refusal, in the page's language: its words before the address.
      const lockout = text(locale(lang, 'messages'), 'refusal.security.lockout')
        .split('{{')[0]!
        .trim()
      await page.getByRole('dialog').getByText(lockout, { exact: false }).waitFor()
      await closePopup()
      await expect.poll(() => mode.isChecked()).toBe(false)
      await page.getByRole('button', { name: text(screens, 'ipWhitelist.create') }).click()
      await fill(page, { ip: '127.0.0.1' })
      await save(page)
      await row(page, '127.0.0.1').waitFor()
      await mode.click()
      await expect.poll(() => mode.isChecked()).toBe(true)
      // With the whitelist on, the entry holding this address stays.
      await row(page, '127.0.0.1')
        .getByRole('button', { name: text(screens, 'delete') })
        .click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(screens, 'confirm') })
        .click()
      await page.getByRole('dialog').getByText(lockout, { exact: false }).waitFor()
      await closePopup()
      await deleteRow(page, '203.0.113.7')
      await mode.click()
      await expect.poll(() => mode.isChecked()).toBe(false)
      await deleteRow(page, '127.0.0.1')
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
      // The server's success text, in the page's language, with the e-mail in it.
      const added = text(locale(lang, 'messages'), 'answer.security.blacklisted')
      await page
        .getByTestId('success-notice')
        .getByText(added.replace('{{email}}', email))
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
      // The browser and the system in words, never the raw user-agent header.
      const headers = await table(page).getByRole('columnheader').allTextContents()
      expect(headers).toEqual(
        expect.arrayContaining([text(forms, 'fields.browser'), text(forms, 'fields.system')]),
      )
      expect(await table(page).textContent()).not.toContain('Mozilla/5.0')
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
      // The statuses are named choices, not bare numbers.
      const named = (field: string, value: number) =>
        text(forms, `ipnSettingsUpdate.options.${field}.${value}`)
      const notifyFor = page.getByLabel(text(forms, 'ipnSettingsUpdate.notifyStatusId'), {
        exact: true,
      })
      await expect
        .poll(() => notifyFor.locator('option').allTextContents())
        .toEqual(expect.arrayContaining([1, 2, 3].map((id) => named('notifyStatusId', id))))
      await notifyFor.selectOption({ label: named('notifyStatusId', 2) })
      const sending = page.getByLabel(text(forms, 'ipnSettingsUpdate.statusId'), { exact: true })
      expect(await sending.locator('option').allTextContents()).toEqual(
        expect.arrayContaining([named('statusId', 1), named('statusId', 2)]),
      )
      await fill(page, { notifyUrl: 'nope' })
      await page.getByRole('button', { name: text(screens, 'save') }).click()
      await expect
        .poll(() => page.getByLabel(label('notifyUrl')).getAttribute('aria-invalid'))
        .toBe('true')
      await fill(page, { notifyUrl: 'https://shop.example/ipn', secret: true })
      await page.getByRole('button', { name: text(screens, 'save') }).click()
      await page.getByTestId('result-secretKey').waitFor()
    })
  })
}
