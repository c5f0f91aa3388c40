// Every sign-in flow of product-spec section 4, in the browser as a person does it, with the
// phone played by the test: an authenticator code computed here (RFC 6238), the SMS read
// from the demo outbox, a push approved or refused through the device endpoint, a device
// linked and approved for verifyDevice and strict migration, and the soft-migration notice.
// Then the session: a silent refresh, logging out, and the idle sign-out.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { demoSmsPhone, demoTotpSecret } from '../../src/server/demo/auth.ts'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { locale, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

const auth = locale('en', 'signin')
const login = locale('en', 'auth')
const common = locale('en', 'common')

/** RFC 6238 with HMAC-SHA1, 30-second steps, six digits, written here from the RFC. */
function totp(secretBase32: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

test('the TOTP of this file matches RFC 6238 test vectors', () => {
  // Appendix B, SHA-1, secret "12345678901234567890", 8 digits truncated to our 6.
  expect(totp(demoTotpSecret, 59_000)).toBe('287082')
  expect(totp(demoTotpSecret, 1_111_111_109_000)).toBe('081804')
})

interface MailboxMessage {
  channel: string
  subject: string
  body: string
  data?: Record<string, string>
  createdAt: string
}

async function mailbox(recipient: string): Promise<MailboxMessage[]> {
  const answer = await fetch(
    `${portal.baseUrl}/demo/mailbox?recipient=${encodeURIComponent(recipient)}`,
  )
  expect(answer.status).toBe(200)
  const body = (await answer.json()) as { messages: MailboxMessage[] }
  return body.messages
}

/** The newest message that satisfies a test, waiting for it to arrive. */
async function newest(
  recipient: string,
  accept: (message: MailboxMessage) => boolean,
  after = 0,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined
  await expect
    .poll(async () => {
      found = (await mailbox(recipient))
        .filter((m) => accept(m) && Date.parse(m.createdAt) >= after)
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]
      return found !== undefined
    })
    .toBe(true)
  return found!
}

async function signInForm(username: string): Promise<Page> {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/login`)
  await page.getByLabel(/^E-mail/).fill(username)
  await page.getByLabel(/^Password/).fill(demoPassword)
  await page.getByRole('button', { name: text(login, 'submit') }).click()
  return page
}

/**
 * Signed in: these demo users have given no FATCA/CRS self-certification yet, so post-login
 * routing (step 5) sends them to its splash.
 */
const landed = (page: Page) => page.waitForURL('**/self-certification-splash')

const confirm = (page: Page) => page.getByRole('button', { name: text(auth, 'confirm') }).click()

describe('sign-in flows', () => {
  test('otp: the authenticator code, a wrong one refused first', async () => {
    const page = await signInForm('otp@nova.example')
    await page.getByText(text(auth, 'otpPrompt')).waitFor()
    const code = page.getByLabel(new RegExp(`^${text(auth, 'otpLabel')}`))
    const right = totp(demoTotpSecret)
    await code.fill(right === '000000' ? '111111' : '000000')
    await confirm(page)
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true')
    await code.fill(totp(demoTotpSecret))
    await confirm(page)
    await landed(page)
  })

  test('sms: the masked phone and the identifier shown, the code read from the SMS', async () => {
    const started = Date.now()
    const page = await signInForm('sms@nova.example')
    const prompt = page.getByText(/^We sent a code to /)
    await prompt.waitFor()
    const shown = String(await prompt.textContent())
    expect(shown).toMatch(/\*{3,}456/)
    const identifier = /starts with (\d{2})/.exec(shown)?.[1]
    const phone = `+${demoSmsPhone.countryCode}${demoSmsPhone.number}`
    const sms = await newest(phone, (m) => m.channel === 'sms', started - 1000)
    const [, id, code] = /(\d{2})-(\d{6})/.exec(sms.body) ?? []
    expect(id).toBe(identifier)
    await page.getByLabel(new RegExp(`^${text(auth, 'smsLabel')}`)).fill(code!)
    await confirm(page)
    await landed(page)
  })

  const isLoginPush = (m: MailboxMessage) =>
    m.channel === 'push' && m.data?.kind === 'loginApproval'

  /** The keys of the sign-in pushes push@ has had so far. */
  async function pushKeys(): Promise<Set<string | undefined>> {
    return new Set((await mailbox('push@nova.example')).filter(isLoginPush).map((m) => m.data?.key))
  }

  async function pushDecision(started: number, result: boolean, reason?: string) {
    await answerPush(await newest('push@nova.example', isLoginPush, started - 1000), result, reason)
  }

  async function answerPush(push: MailboxMessage, result: boolean, reason?: string) {
    const answer = await fetch(`${portal.baseUrl}/auth/login/${push.data!.key}/confirm`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result, ...(reason ? { reason } : {}) }),
    })
    expect(answer.status).toBe(204)
  }

  test('push: the page waits and goes home when the phone approves', async () => {
    const started = Date.now()
    const page = await signInForm('push@nova.example')
    await page.getByText(text(auth, 'pushWaiting')).waitFor()
    await pushDecision(started, true)
    await landed(page)
  })

  test('push: a refusal with its reason is shown; sending again waits anew', async () => {
    // Told apart by their keys, not by when they came: the push of this sign-in, then the
    // one sent again, which is the one the phone answers.
    const earlier = await pushKeys()
    const page = await signInForm('push@nova.example')
    await page.getByText(text(auth, 'pushWaiting')).waitFor()
    const first = await newest(
      'push@nova.example',
      (m) => isLoginPush(m) && !earlier.has(m.data?.key),
    )
    await page.getByRole('button', { name: text(auth, 'pushResend') }).click()
    await page.getByText(text(auth, 'pushSentAgain')).waitFor()
    const again = await newest(
      'push@nova.example',
      (m) => isLoginPush(m) && !earlier.has(m.data?.key) && m.data?.key !== first.data?.key,
    )
    await answerPush(again, false, 'That was not me')
    await page.getByText(text(auth, 'pushRefused')).waitFor()
    await page.getByText('That was not me').waitFor()
    expect(page.url()).toContain('/login')
  })

  async function linkDevice(page: Page, username: string, name: string) {
    await page.getByText(text(auth, 'deviceIntro')).waitFor()
    await page.getByLabel(new RegExp(`^${text(auth, 'deviceName')}`)).fill(name)
    await page.getByLabel(new RegExp(`^${text(auth, 'deviceType')}`)).selectOption('ios')
    await page.getByRole('button', { name: text(auth, 'deviceLink') }).click()
    await page.getByRole('img', { name: text(auth, 'deviceQr') }).waitFor()
    const sent = Date.now()
    await page.getByRole('button', { name: text(auth, 'sendApproveCode') }).click()
    const mail = await newest(username, (m) => m.channel === 'email', sent - 1000)
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1]
    expect(code, mail.body).toBeDefined()
    await page.getByLabel(new RegExp(`^${text(auth, 'approveCode')}`)).fill(code!)
    await confirm(page)
  }

  test('verifyDevice: a phone is linked with its QR code and approved, then home', async () => {
    const page = await signInForm('verify@nova.example')
    await linkDevice(page, 'verify@nova.example', 'Test phone')
    await landed(page)
  })

  test('soft migration: the notice with the days left, continued later', async () => {
    const page = await signInForm('soft@nova.example')
    await page.getByText(text(auth, 'migrationTitle')).waitFor()
    await page.getByText(/14 days are left/).waitFor()
    await page.getByRole('button', { name: text(auth, 'migrationLater') }).click()
    await landed(page)
  })

  test('strict migration: no way in until a phone is linked, then sign in again', async () => {
    const page = await signInForm('strict@nova.example')
    await linkDevice(page, 'strict@nova.example', 'Strict phone')
    await page.getByText(text(auth, 'deviceLinkedSignInAgain')).waitFor()
    expect(page.url()).toContain('/login')
    // Now the account signs in with the phone it linked.
    const started = Date.now()
    await page.getByLabel(/^E-mail/).fill('strict@nova.example')
    await page.getByLabel(/^Password/).fill(demoPassword)
    await page.getByRole('button', { name: text(login, 'submit') }).click()
    await page.getByText(text(auth, 'pushWaiting')).waitFor()
    const push = await newest(
      'strict@nova.example',
      (m) => m.channel === 'push' && m.data?.kind === 'loginApproval',
      started - 1000,
    )
    const answer = await fetch(`${portal.baseUrl}/auth/login/${push.data!.key}/confirm`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: true }),
    })
    expect(answer.status).toBe(204)
    await landed(page)
  })
})

describe('the session', () => {
  async function signedIn(timing?: { refreshLeadMs?: number; idleTimeoutMs?: number }) {
    const { page } = await portal.newPage()
    if (timing)
      await page.addInitScript(
        (value) => localStorage.setItem('portal.timing', value),
        JSON.stringify(timing),
      )
    await page.goto(`${portal.baseUrl}/login`)
    await page.getByLabel(/^E-mail/).fill('demo@nova.example')
    await page.getByLabel(/^Password/).fill(demoPassword)
    await page.getByRole('button', { name: text(login, 'submit') }).click()
    await page.waitForURL('**/home')
    return page
  }
  const storedTokens = (page: Page) =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('portal.session') ?? 'null'))

  test('tokens refresh silently before they expire', async () => {
    // Refresh 299 s before the 300 s expiry: within a second or two.
    const page = await signedIn({ refreshLeadMs: 299_000 })
    const first = await storedTokens(page)
    await expect
      .poll(async () => (await storedTokens(page))?.refreshToken, { timeout: 10_000 })
      .not.toBe(first.refreshToken)
    expect(page.url()).toContain('/home')
    await page.reload()
    await page.getByRole('heading', { name: locale('en', 'home').title as string }).waitFor()
  })

  test('after the idle time the person is signed out and told why', async () => {
    const page = await signedIn({ idleTimeoutMs: 1500 })
    await page.waitForURL('**/login?reason=idle', { timeout: 10_000 })
    await page.getByText(text(common, 'errors.idle')).waitFor()
  })

  test('logging out ends the session on the server too', async () => {
    const page = await signedIn()
    const tokens = await storedTokens(page)
    await page.getByRole('button', { name: text(common, 'signOut') }).click()
    await page.waitForURL('**/login')
    const answer = await fetch(`${portal.baseUrl}/rpc/balanceInquiry`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens.accessToken}`,
      },
      body: '{}',
    })
    expect(answer.status).toBe(401)
  })
})

describe('a sign-in handed over in the address', () => {
  test('code and codeVerifier sign in without the form', async () => {
    const { createHash, randomBytes } = await import('node:crypto')
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const login = await fetch(`${portal.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client: 'spa',
        username: 'demo@nova.example',
        password: demoPassword,
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
      }),
    })
    const { code } = (await login.json()) as { code: string }
    const { page } = await portal.newPage()
    await page.goto(
      `${portal.baseUrl}/login?${new URLSearchParams({ code, codeVerifier: verifier })}`,
    )
    await page.waitForURL('**/home')
    // The code is spent: the address no longer carries it.
    expect(page.url()).not.toContain('codeVerifier')
  })

  test('a wrong verifier is refused and the form stays', async () => {
    const { page } = await portal.newPage()
    const verifier = 'x'.repeat(43)
    await page.goto(`${portal.baseUrl}/login?code=not-a-code&codeVerifier=${verifier}`)
    await page.getByRole('alert').waitFor()
    expect(page.url()).toContain('/login')
    await page.getByLabel(/^E-mail/).waitFor()
  })
})
