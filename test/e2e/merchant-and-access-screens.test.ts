// The rest of the rendered screens, in two brands and two languages, as a person uses them:
// notification settings, company access with its potential users, saved payment buttons
// (a form in three steps), PBN settings, business logos (an upload with progress), the API
// and webhook request logs with their filters and pages, identity verification and its
// history, reputation (100 a page) and subscribers with their installments.
import { deflateSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { screenSteps, shot, text } from './screen-steps.ts'
import { formatMoney } from '../../src/shared/money.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await portal.db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

/** The id of an account of a demo user's customer in a currency, as the accounts page shows it. */
async function accountId(username: string, currency: string): Promise<string> {
  const [found] = await query<{ id: number }>(
    sql`select a.id from ledger_accounts a join users u on u.customer_id = a.customer_id
        where u.username = ${username} and a.currency_code = ${currency} order by a.id limit 1`,
  )
  if (!found) throw new Error(`assertion: ${username} has a ${currency} account`)
  return String(found.id)
}

/** A real PNG of the given width and height (a grey picture), big enough to show progress. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  // Random pixels barely compress, so the file is about width * height bytes.
  const raw = Buffer.alloc((width + 1) * height)
  for (let i = 0; i < raw.length; i++) raw[i] = i % (width + 1) === 0 ? 0 : (i * 7919) % 251
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const combos = [
  { brand: 'main', lang: 'en' },
  { brand: 'bank', lang: 'es' },
] as const

for (const { brand, lang } of combos) {
  describe(`${brand} in ${lang}`, () => {
    const steps = screenSteps(() => portal, brand, lang)
    const { screens, forms, label, open, fill, button, save, table, rows, row } = steps
    const { expectFieldError, deleteRow } = steps
    const yes = text(screens, 'yes')
    const no = text(screens, 'no')
    const option = (field: string, value: string | number) =>
      text(forms, `options.${field}.${value}`)
    /** The texts of one column, row by row. */
    const column = async (page: Page, index: number) =>
      (await rows(page).evaluateAll(
        (all, i) => all.slice(1).map((r) => r.querySelectorAll('td')[i]?.textContent ?? ''),
        index,
      )) as string[]
    const applyFilters = (page: Page) => button(page, 'applyFilters').click()
    const rowCount = (page: Page) => rows(page).count()

    test('notification settings: grouped, named in words, a switch turned is kept after a reload', async () => {
      const page = await open('demo@nova.example', '/profile/notifications', 'notificationSettings')
      await table(page).waitFor()
      // Each group is a heading over its settings, and every setting is named, never its id.
      const headings = await table(page).locator('tbody th').allTextContents()
      expect(headings).toEqual(
        ['transactions', 'security', 'account', 'marketing'].map((group) => option('group', group)),
      )
      expect(await table(page).textContent()).not.toContain('newSignIn')
      const newSignIn = page.getByRole('switch', { name: option('identified', 'newSignIn') })
      await expect.poll(() => newSignIn.isChecked()).toBe(true)
      await newSignIn.click({ force: true })
      await expect.poll(() => newSignIn.isChecked()).toBe(false)
      await shot(page, 'notification-settings')
      await page.reload()
      await table(page).waitFor()
      const reloaded = page.getByRole('switch', { name: option('identified', 'newSignIn') })
      await expect.poll(() => reloaded.isChecked()).toBe(false)
      // Switched back on with the keyboard.
      await reloaded.focus()
      await page.keyboard.press('Space')
      await expect.poll(() => reloaded.isChecked()).toBe(true)
    })

    test('company access: rights changed (never "uploading"), a potential user added and removed', async () => {
      const potential = await open(
        'business@nova.example',
        '/setting/company-access/potential',
        'companyPotentialUsers',
      )
      await table(potential).waitFor()
      const [id] = await column(potential, 0)
      const [, , email] = (await rows(potential)
        .nth(1)
        .evaluate((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))) as string[]
      expect(id).toMatch(/^\d+$/)

      const page = await open('business@nova.example', '/setting/company-access', 'companyAccess')
      await row(page, 'employee@nova.example')
        .getByRole('button', { name: text(screens, 'edit') })
        .click()
      const choices = await page
        .getByRole('dialog')
        .getByLabel(label('accessRights'))
        .locator('option')
        .allTextContents()
      expect(choices).toContain(option('accessRights', 3))
      expect(choices).not.toContain(option('accessRights', 5))
      await fill(page, { accessRights: option('accessRights', 3) })
      await save(page)
      await row(page, 'employee@nova.example').getByText(option('accessRights', 3)).waitFor()

      await page.getByRole('button', { name: text(screens, 'companyAccess.create') }).click()
      await fill(page, { id: '0', accessRights: option('accessRights', 1) })
      await save(page)
      await expectFieldError(page, 'id', 'minimum')
      await fill(page, { id: id! })
      await save(page)
      await row(page, email!).waitFor()
      await deleteRow(page, email!)
    })

    test('saved buttons: three steps, a refused field on its step, the server naming an earlier step, edit, delete', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/buttons/my_saved_buttons',
        'savedButtons',
      )
      const sent: Record<string, unknown>[] = []
      page.on('request', (request) => {
        if (request.url().endsWith('/rpc/savedPaymentButtonCreate'))
          sent.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>)
      })
      await page.getByRole('button', { name: text(screens, 'savedButtons.create') }).click()
      const next = () =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: text(forms, 'next') })
          .click()
      // Step 1: the name is required; Next stays on the step and says so.
      await next()
      await expectFieldError(page, 'name', 'required')
      const name = `Gift card ${lang}`
      await fill(page, { name, accountId: '999999', itemName: 'Gift card' })
      await next()
      // Step 2: the price; the currency is asked only with a price (a conditional field).
      const currency = page.getByRole('dialog').getByLabel(label('currencyCode'))
      expect(await currency.count()).toBe(0)
      await fill(page, { amount: 'ten' })
      await next()
      await expectFieldError(page, 'amount', 'pattern', 'type')
      await fill(page, { amount: '25.00' })
      await currency.first().waitFor()
      await fill(page, { currencyCode: 'EUR' })
      // Without the price the currency goes, and its value with it: the payer chooses both.
      await fill(page, { amount: '' })
      await expect.poll(() => currency.count()).toBe(0)
      await next()
      // Step 3: where the payer goes; a bad address is refused here.
      await fill(page, { returnUrl: 'not an address' })
      await save(page)
      await expectFieldError(page, 'returnUrl', 'format')
      await fill(page, { returnUrl: 'https://shop.example/thanks' })
      await save(page)
      // The account is not the merchant's: the server names it, and the form goes back to step 1.
      const input = page.getByRole('dialog').getByLabel(label('accountId')).first()
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
      await fill(page, { accountId: await accountId('business@nova.example', 'EUR') })
      await next()
      await next()
      await save(page)
      await row(page, name).waitFor()
      // The hidden currency was not sent; the button takes its account's currency.
      expect(sent.at(-1)).not.toHaveProperty('currencyCode')
      expect(sent.at(-1)).not.toHaveProperty('amount')
      const cells = await row(page, name).locator('td').allTextContents()
      expect(cells.slice(2, 4)).toEqual(['—', 'EUR'])

      await row(page, name)
        .getByRole('button', { name: text(screens, 'edit') })
        .click()
      await fill(page, { name: `${name} 2` })
      await save(page)
      await row(page, `${name} 2`).waitFor()
      await deleteRow(page, `${name} 2`)
    })

    test('PBN settings: a bad URL is refused on the field, a new secret is shown once', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/buttons/pbn_settings',
        'pbnSettings',
      )
      await fill(page, { notifyUrl: 'no url' })
      await save(page)
      await expectFieldError(page, 'notifyUrl', 'format')
      await fill(page, { notifyUrl: `https://shop.example/pbn-${lang}`, secret: true })
      await save(page)
      const secret = String(await page.getByTestId('result-secretKey').textContent())
      expect(secret.length).toBeGreaterThan(20)
      await page
        .getByRole('button', { name: text(screens, 'close'), exact: true })
        .last()
        .click()
      await page.reload()
      // The route guard asks who is looking before the screen loads its record: more than
      // the poll's default second on a busy machine.
      await expect
        .poll(() => page.getByLabel(label('notifyUrl')).inputValue(), { timeout: 10_000 })
        .toBe(`https://shop.example/pbn-${lang}`)
    })

    test('business logos: a file that is no image is refused on the field; an upload shows progress, becomes the default, and is deleted', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/buttons/business_logos',
        'businessLogos',
      )
      await page.getByRole('button', { name: text(screens, 'businessLogos.create') }).click()
      const name = `Logo ${lang}`
      await fill(page, { name })
      const files = page.getByRole('dialog').getByLabel(label('file[]'))
      await files.setInputFiles({
        name: 'not-a-picture.png',
        mimeType: 'image/png',
        buffer: Buffer.from('just some text'),
      })
      await page.getByRole('dialog').getByText('not-a-picture.png').waitFor()
      await save(page)
      // The server reads the bytes, not the name: the refusal is shown under the file field.
      await expect.poll(() => files.getAttribute('aria-invalid')).toBe('true')
      const errorId = String(await files.getAttribute('aria-describedby'))
      expect(await page.locator(`[id="${errorId}"]`).textContent()).not.toBe('')

      // Watch for the progress bar: on this machine the upload may take a moment only.
      await page.evaluate(() => {
        const seen = window as unknown as { progressSeen?: boolean }
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="upload-progress"]')) seen.progressSeen = true
        }).observe(document.body, { childList: true, subtree: true })
      })
      await files.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: png(1200, 1200),
      })
      await save(page)
      await row(page, name).waitFor()
      expect(await page.evaluate(() => (window as { progressSeen?: boolean }).progressSeen)).toBe(
        true,
      )
      await expect.poll(() => row(page, name).getByText(no, { exact: true }).count()).toBe(1)

      await row(page, name)
        .getByRole('button', { name: text(screens, 'edit') })
        .click()
      await fill(page, { isDefault: true })
      await save(page)
      await expect.poll(() => row(page, name).getByText(yes, { exact: true }).count()).toBe(1)
      await expect
        .poll(() => row(page, 'Northwind mark').getByText(no, { exact: true }).count())
        .toBe(1)
      await deleteRow(page, name)
    })

    test('API request log: filtered by key and by dates', async () => {
      const page = await open('business@nova.example', '/merchant/internal/api_key', 'apiKeys')
      await page.getByRole('button', { name: text(screens, 'apiKeys.create') }).click()
      await fill(page, { name: `Filter ${lang}` })
      await save(page)
      const key = String(await page.getByTestId('result-key').textContent())
      await page
        .getByRole('button', { name: text(screens, 'close'), exact: true })
        .last()
        .click()
      const [keyId] = (await row(page, `Filter ${lang}`).evaluate((r) =>
        [...r.querySelectorAll('td')].map((td) => td.textContent),
      )) as string[]
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(`${portal.baseUrl}/public-api/v1/balances`, {
          headers: { 'x-api-key': key },
        })
        expect(answer.status).toBe(200)
      }

      await page.goto(`${portal.baseUrl}/merchant/internal/api_log`)
      await table(page).waitFor()
      expect(await rowCount(page)).toBeGreaterThan(3)
      await fill(page, { apiKeyId: keyId! })
      await applyFilters(page)
      await expect.poll(() => rowCount(page)).toBe(3)

      // A month of the demo server's calls: the last week only.
      await fill(page, { apiKeyId: '' })
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)
      await fill(page, { fromDate: weekAgo })
      await applyFilters(page)
      await expect.poll(() => rowCount(page)).toSatisfy((n: number) => n > 3 && n < 20)
    })

    test('webhook log: pages by cursor, and a query and dates narrow it', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/internal/webhook_log',
        'webhookLog',
      )
      await expect.poll(() => rowCount(page)).toBe(21)
      const firstPage = await column(page, 0)
      await button(page, 'next').click()
      await expect.poll(async () => (await column(page, 0))[0]).not.toBe(firstPage[0])
      await button(page, 'previous').click()
      await expect.poll(async () => (await column(page, 0))[0]).toBe(firstPage[0])

      await fill(page, { query: 'allowed_ip.changed' })
      await applyFilters(page)
      await expect
        .poll(async () => new Set(await column(page, 3)))
        .toEqual(new Set(['allowed_ip.changed']))
      const recent = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10)
      await fill(page, { query: '', fromDate: recent })
      await applyFilters(page)
      await expect.poll(() => rowCount(page)).toSatisfy((n: number) => n > 1 && n < 21)
    })

    test('identity verification: a bad e-mail is refused, a request is created and found in the history', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/security/verification',
        'identityVerification',
      )
      const fee = String(await page.getByTestId('summary-fee').textContent())
      expect(fee).toBe(
        text(screens, 'identityVerification.summary.fee').replace(
          '{{value}}',
          formatMoney('2', 'EUR', lang),
        ),
      )
      await page.getByRole('button', { name: text(screens, 'identityVerification.create') }).click()
      const email = `verify-${lang}@mail.example`
      await fill(page, {
        accountId: await accountId('business@nova.example', 'EUR'),
        email: 'nobody',
        firstName: 'Ines',
      })
      await save(page)
      await expectFieldError(page, 'email', 'format')
      await fill(page, { email })
      await save(page)
      await row(page, email).waitFor()

      await page.goto(`${portal.baseUrl}/merchant/security/verification/history`)
      await table(page).waitFor()
      await fill(page, { email })
      await applyFilters(page)
      await expect.poll(() => rowCount(page)).toBe(2)
      await row(page, email).getByText(option('status', 'pending')).waitFor()
    })

    test('reputation: 100 a page, a second page, and an e-mail found with spaces around it', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/security/reputation',
        'reputation',
      )
      await expect.poll(() => rowCount(page)).toBe(101)
      await page.getByRole('button', { name: text(screens, 'paging.next') }).click()
      await expect.poll(() => rowCount(page)).toBe(26)
      await fill(page, { email: '  ava.kowalski@mail.example  ' })
      await applyFilters(page)
      await expect.poll(() => rowCount(page)).toBe(2)
      await row(page, 'ava.kowalski@mail.example').waitFor()
    })

    test('subscribers: one cancelled after the confirmation, and its installments opened', async () => {
      const page = await open(
        'business@nova.example',
        '/merchant/accounts/subscribers',
        'subscribers',
      )
      const active = rows(page)
        .filter({ hasText: option('status', 'active') })
        .first()
      const email = String(await active.locator('td').first().textContent())
      await active
        .getByRole('button', { name: text(screens, 'subscribers.actions.cancel') })
        .click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(screens, 'confirm') })
        .click()
      await row(page, email).getByText(option('status', 'cancelled')).waitFor()

      await row(page, email)
        .getByRole('button', { name: text(screens, 'subscribers.actions.installments') })
        .click()
      await page.getByRole('heading', { name: text(screens, 'installments.title') }).waitFor()
      const chosen = new URL(page.url()).searchParams.get('subscriberId')
      expect(chosen).toMatch(/^\d+$/)
      await expect.poll(() => page.getByLabel(label('subscriberId')).inputValue()).toBe(chosen)
      await expect.poll(() => rowCount(page)).toBeGreaterThan(1)
      expect(new Set(await column(page, 0))).toEqual(new Set([chosen]))
    })
  })
}
