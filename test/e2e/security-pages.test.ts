// The hand-written security pages and the demo mailbox (issue 5), driven in Chromium as a
// person does it, in two brands and two languages: link a device (its QR code and link),
// approve it with the e-mailed code and unlink it; change the payment approval mode with the
// texted code and the sign-in mode with an authenticator's first code (the new tokens keep
// the session); change the password with the code read on the mailbox page and sign in with
// it; wrong and canceled confirmations show "Confirmation canceled". Each language gets a
// fresh server, so both start from the same demo data. Screenshots go to .tmp/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { totpAt } from '../../src/server/auth/totp.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'
import { escape, locale, text } from './screen-steps.ts'
import { mailedCode } from './mailed-code.ts'

const shots = join(import.meta.dirname, '../../.tmp/security-pages')
mkdirSync(shots, { recursive: true })

/** demo@nova.example's confirmed phone (src/server/demo/seed.ts): its two-step codes go there by SMS. */
const demoPhone = '+447700900123'

const combos = [
  { brand: 'main', lang: 'en' },
  { brand: 'bank', lang: 'es' },
]

for (const { brand, lang } of combos) {
  describe(`${brand} in ${lang}`, () => {
    let portal: PortalHarness
    beforeAll(async () => {
      portal = await startPortal()
    })
    afterAll(async () => {
      await portal?.close()
    })

    const texts = locale(lang, 'security')
    const screens = locale(lang, 'screens')
    const auth = locale(lang, 'auth')
    /** A text with its {{values}} filled in, as i18next does. */
    const say = (key: string, values: Record<string, string> = {}) =>
      Object.entries(values).reduce(
        (shown, [name, value]) => shown.replaceAll(`{{${name}}}`, value),
        text(texts, key),
      )
    const exactly = (value: string) => new RegExp(`^${escape(value)}`)
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: join(shots, `${name}-${brand}-${lang}.png`),
        fullPage: true,
        animations: 'disabled',
      })

    /** Signed in: post-login routing may go on to home or to a step the person owes. */
    const signedIn = (url: URL) => !url.pathname.startsWith('/login')

    async function open(user: string, route: string, titleKey: string, width = 1280) {
      const { page, cspErrors } = await portal.newPage({ width })
      await page.goto(`${portal.baseUrl}/login?brand=${brand}`)
      await signInAs(page, portal.baseUrl, user, demoPassword)
      await page.waitForURL(signedIn)
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
      await page.goto(`${portal.baseUrl}${route}`)
      await page.getByRole('heading', { level: 1, name: say(titleKey) }).waitFor()
      return { page, cspErrors }
    }

    const dialog = (page: Page) => page.getByRole('dialog')
    // The code is a text field: in Spanish the QR image's label starts with the same word.
    const codeField = (page: Page) =>
      dialog(page).getByRole('textbox', { name: exactly(say('code.label')) })
    const submitCode = (page: Page, code: string) =>
      codeField(page)
        .fill(code)
        .then(() =>
          dialog(page)
            .getByRole('button', { name: say('code.submit') })
            .click(),
        )

    test('link a device: QR code and link, approve with the e-mailed code, unlink', async () => {
      const { page, cspErrors } = await open(
        'devices@nova.example',
        '/setting/devices',
        'devices.title',
      )
      const cards = page.getByTestId('device-card')
      await cards.first().waitFor()
      const before = await cards.count()
      await shot(page, 'devices')

      // Keyboard: Tab reaches the button, Enter opens the popup, and focus stays inside it.
      const linkButton = page.getByRole('button', { name: say('linkDevice.title'), exact: true })
      let reached = false
      for (let tab = 0; tab < 60 && !reached; tab++) {
        await page.keyboard.press('Tab')
        reached = await linkButton.evaluate((button) => button === document.activeElement)
      }
      expect(reached, 'the link button is reachable by Tab').toBe(true)
      await page.keyboard.press('Enter')
      const name = `Test phone ${lang}`
      const focusInside = () => dialog(page).evaluate((d) => d.contains(document.activeElement))
      // The popup takes the focus once it has opened (its name field has data-autofocus).
      await expect.poll(focusInside).toBe(true)
      for (let tab = 0; tab < 8; tab++) {
        await page.keyboard.press('Tab')
        expect(await focusInside(), 'focus stays in the popup').toBe(true)
      }
      await dialog(page)
        .getByLabel(exactly(say('linkDevice.name')))
        .fill(name)
      await dialog(page)
        .getByRole('button', { name: say('linkDevice.create') })
        .click()

      const qr = dialog(page).getByRole('img', { name: say('linkDevice.qrLabel', { name }) })
      // A grey placeholder holds the place until uqr has loaded and drawn the code.
      await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
      const link = await dialog(page).getByTestId('qr-code-text').inputValue()
      expect(link).toMatch(/^novapay:\/\/link-device\?device=.+&secret=.+/)
      await cards.filter({ hasText: name }).waitFor()
      expect(await cards.count()).toBe(before + 1)
      await shot(page, 'link-device-qr')

      await dialog(page)
        .getByRole('button', { name: say('linkDevice.sendCode') })
        .click()
      await codeField(page).waitFor()
      await submitCode(page, 'wrong1')
      await dialog(page).getByText(say('code.wrong')).waitFor()
      const code = await mailedCode(
        portal.baseUrl,
        'devices@nova.example',
        'Approve your new device',
      )
      await submitCode(page, code)
      await page
        .getByTestId('success-notice')
        .getByText(say('linkDevice.approved', { name }))
        .waitFor()
      await cards.filter({ hasText: name }).getByText(say('devices.status.approved')).waitFor()

      await cards
        .filter({ hasText: name })
        .getByRole('button', { name: say('devices.unlinkNamed', { name }) })
        .click()
      await dialog(page)
        .getByRole('button', { name: text(screens, 'confirm') })
        .click()
      await page
        .getByTestId('success-notice')
        .getByText(say('devices.unlinked', { name }))
        .waitFor()
      await expect.poll(() => cards.filter({ hasText: name }).count()).toBe(0)
      expect(await cards.count()).toBe(before)
      expect(cspErrors).toEqual([])
    })

    test('devices: a pending one approved from the list, an empty list, a failed load', async () => {
      const { page } = await open('devices@nova.example', '/setting/devices', 'devices.title')
      const card = page.getByTestId('device-card').filter({ hasText: 'New phone' })
      await card.getByRole('button', { name: say('devices.approve') }).click()
      await dialog(page)
        .getByRole('button', { name: say('linkDevice.sendCode') })
        .click()
      // The code is in the mailbox once the popup asks for it; older ones are superseded.
      await codeField(page).waitFor()
      await submitCode(
        page,
        await mailedCode(portal.baseUrl, 'devices@nova.example', 'Approve your new device'),
      )
      await card.getByText(say('devices.status.approved')).waitFor()
      await expect
        .poll(() => card.getByRole('button', { name: say('devices.approve') }).count())
        .toBe(0)

      // A person with no device sees the empty state; a failed load offers to try again.
      const empty = await open('demo@nova.example', '/setting/devices', 'devices.title')
      await empty.page.getByTestId('devices-empty').getByText(say('devices.empty')).waitFor()
      let failing = true
      await empty.page.route('**/auth/devices', (route) =>
        failing ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
      )
      await empty.page.reload()
      await empty.page.getByRole('alert').getByText(say('devices.loadFailed')).waitFor()
      failing = false
      await empty.page.getByRole('button', { name: say('retry') }).click()
      await empty.page.getByTestId('devices-empty').waitFor()
    })

    test('the mailbox page says so when the server has no demo mailbox', async () => {
      const { page } = await portal.newPage()
      await page.route('**/demo/mailbox?**', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"message":"Not found."}',
        }),
      )
      await page.goto(`${portal.baseUrl}/mailbox?brand=${brand}`)
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
      await page.reload()
      await page.getByTestId('mailbox-unavailable').getByText(say('mailbox.unavailable')).waitFor()
      expect(await page.getByLabel(exactly(say('mailbox.recipient'))).count()).toBe(0)
      await page.context().close()
    })

    test('payment approval mode: the texted code confirms it; a canceled code is refused', async () => {
      const { page } = await open(
        'demo@nova.example',
        '/setting/two-step-verification',
        'twoStep.title',
      )
      const current = page.getByTestId('current-transaction')
      await expect.poll(() => current.textContent()).toBe(say('twoStep.modes.simple'))
      await shot(page, 'two-step')
      const choose = () =>
        page
          .getByLabel(exactly(say('twoStep.transaction.choose')))
          .selectOption({ label: say('twoStep.modes.approvalCode') })
      const change = () =>
        page.getByRole('button', { name: say('twoStep.transaction.submit') }).click()

      // Canceling the code popup leaves the mode as it was.
      await choose()
      await change()
      await codeField(page).waitFor()
      await dialog(page)
        .getByRole('button', { name: say('code.cancel') })
        .click()
      await page.getByTestId('confirmation-canceled').getByText(say('canceled')).waitFor()
      expect(await current.textContent()).toBe(say('twoStep.modes.simple'))

      await choose()
      await change()
      await codeField(page).waitFor()
      await submitCode(page, 'wrong1')
      await dialog(page).getByText(say('code.wrong')).waitFor()
      await submitCode(
        page,
        await mailedCode(portal.baseUrl, demoPhone, 'Confirm your two-step setting'),
      )
      await page.getByTestId('success-notice').getByText(say('twoStep.success')).waitFor()
      await expect.poll(() => current.textContent()).toBe(say('twoStep.modes.approvalCode'))
    })

    test('sign-in mode: the authenticator QR code, its first code, new tokens kept', async () => {
      const { page } = await open(
        'director@nova.example',
        '/setting/two-step-verification',
        'twoStep.title',
      )
      await expect
        .poll(() => page.getByTestId('current-login').textContent())
        .toBe(say('twoStep.modes.no'))
      await page
        .getByLabel(exactly(say('twoStep.login.choose')))
        .selectOption({ label: say('twoStep.modes.otp') })
      await page.getByRole('button', { name: say('twoStep.login.submit') }).click()
      await dialog(page)
        .getByRole('img', { name: say('twoStep.authenticatorQrLabel') })
        .waitFor()
      const uri = await dialog(page).getByTestId('qr-code-text').inputValue()
      const secret = new URL(uri).searchParams.get('secret')
      expect(uri.startsWith('otpauth://totp/')).toBe(true)
      await shot(page, 'two-step-authenticator')
      await submitCode(page, totpAt(secret!, Date.now()))
      // The change ended the old sign-ins; the answer's tokens carry on (product-spec 7).
      await page.waitForURL('**/home')
      await page.goto(`${portal.baseUrl}/setting/two-step-verification`)
      await expect
        .poll(() => page.getByTestId('current-login').textContent())
        .toBe(say('twoStep.modes.otp'))
    })

    test('change the password with the code from the mailbox page, then sign in with it', async () => {
      const user = 'recovery@nova.example'
      const newPassword = `New-Pass-${lang}-2026!`
      const { page } = await open(user, '/profile/password', 'password.title')
      const fill = async (current: string, next: string, repeat: string) => {
        await page.getByLabel(exactly(say('password.current'))).fill(current)
        await page.getByLabel(exactly(say('password.new'))).fill(next)
        await page.getByLabel(exactly(say('password.repeat'))).fill(repeat)
        await page.getByRole('button', { name: say('password.submit') }).click()
      }
      await fill(demoPassword, newPassword, `${newPassword}x`)
      await page.getByText(say('password.repeatMismatch')).waitFor()
      await shot(page, 'password')

      // Five wrong codes cancel the request: "Confirmation canceled" (product-spec 8).
      await fill(demoPassword, newPassword, newPassword)
      await dialog(page).getByText(say('password.approvalTitle')).waitFor()
      for (let attempt = 1; attempt < 5; attempt++) {
        await submitCode(page, `wrong${attempt}`)
        await dialog(page).getByText(say('code.wrong')).waitFor()
      }
      await submitCode(page, 'wrong5')
      await page.getByTestId('confirmation-canceled').getByText(say('canceled')).waitFor()
      expect(await dialog(page).count()).toBe(0)

      await fill(demoPassword, newPassword, newPassword)
      await dialog(page).getByText(say('password.approvalTitle')).waitFor()
      // The customer's language is the page's since they read it: the mail is written in it.
      const subject = text(locale(lang, 'messages'), 'mail.passwordChangeCode.subject')
      const code = await codeFromMailboxPage(user, subject)
      await submitCode(page, code)
      await dialog(page).getByText(say('password.updated'), { exact: true }).waitFor()
      await dialog(page).getByText(say('password.relinkAdvice')).waitFor()
      await shot(page, 'password-updated')
      await dialog(page)
        .getByRole('button', { name: say('password.signInAgain') })
        .click()
      // The sign-in page is in the person's language now.
      await page.waitForURL('**/login**')
      await page.getByLabel(exactly(text(auth, 'username'))).fill(user)
      await page.getByLabel(exactly(text(auth, 'password'))).fill(newPassword)
      await page.getByRole('button', { name: text(auth, 'submit') }).click()
      await page.waitForURL(signedIn)
    })

    /** Opens the public mailbox page in a fresh tab, as a person reads their e-mail. */
    async function codeFromMailboxPage(recipient: string, subject: string): Promise<string> {
      const { page } = await portal.newPage()
      await page.goto(`${portal.baseUrl}/mailbox?brand=${brand}`)
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
      await page.reload()
      await page.getByLabel(exactly(say('mailbox.recipient'))).fill(recipient)
      await page.getByRole('button', { name: say('mailbox.show') }).click()
      const message = page.getByTestId('mailbox-message').filter({ hasText: subject }).first()
      await message.waitFor()
      await shot(page, 'mailbox')
      const code = String(await message.getByTestId('mailbox-code').first().textContent())
      expect(code).toMatch(/^\d{6}$/)
      await page.context().close()
      return code
    }

    test('a 390 px wide phone shows the pages without sideways scrolling', async () => {
      const pages: [string, string, string][] = [
        ['devices@nova.example', '/setting/devices', 'devices.title'],
        ['demo@nova.example', '/setting/two-step-verification', 'twoStep.title'],
      ]
      for (const [user, route, title] of pages) {
        const { page } = await open(user, route, title, 390)
        await page.waitForLoadState('networkidle')
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        await shot(page, `phone${route.replaceAll('/', '-')}`)
        expect(overflow, `${route} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
        await page.context().close()
      }
      const { page } = await portal.newPage({ width: 390 })
      const query = new URLSearchParams({ brand, recipient: demoPhone })
      await page.goto(`${portal.baseUrl}/mailbox?${query.toString()}`)
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang)
      await page.reload()
      await page.getByRole('button', { name: say('mailbox.refresh') }).waitFor()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await shot(page, 'phone-mailbox')
    })
  })
}
