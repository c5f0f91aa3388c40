// A customer signs in, sees their balances, switches language and signs out; other brands
// show their own name and logo; unknown paths show the 404 page.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { signInAs, startPortal, type PortalHarness } from './browser-harness.ts'

const root = join(import.meta.dirname, '../..')
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(root, `locales/${lang}/${ns}.json`), 'utf8')) as Record<
    string,
    string
  >
const screenshots = join(root, 'test-results')

let portal: PortalHarness

beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

describe('sign-in to balances', () => {
  test('the demo customer signs in and sees USD and EUR balances with the pending hold', async () => {
    const { page, cspErrors } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    await expect.poll(() => page.getByTestId('account-card').count()).toBe(2)
    const balances = await page.getByTestId('account-balance').allTextContents()
    expect(balances).toEqual(['$1,250.75', '€980.40'])
    expect(await page.getByTestId('account-pending').allTextContents()).toEqual([
      'Pending: -$25.00*',
    ])
    expect(await page.getByTestId('brand-name').textContent()).toBe('Nova Wallet')
    await page.screenshot({ path: join(screenshots, 'home-desktop.png'), fullPage: true })
    expect(cspErrors).toEqual([])
  })

  test('a wrong password shows the server message and stays on the login page', async () => {
    const { page } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'demo@nova.example', 'not-the-password')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Invalid username or password.')
    expect(new URL(page.url()).pathname).toBe('/login')
  })

  test("in Russian the server's refusal of a wrong password reads in Russian", async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login`)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru')
    const ru = locale('ru', 'auth')
    await page.getByLabel(new RegExp(`^${ru.username}`)).fill('demo@nova.example')
    await page.getByLabel(new RegExp(`^${ru.password}`)).fill('not-the-password')
    await page.getByRole('button', { name: ru.submit }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Неверное имя пользователя или пароль.')
  })

  test('switching language translates the page and survives a reload', async () => {
    const { page } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    await page.getByRole('heading', { name: locale('en', 'home').title }).waitFor()
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await page.getByRole('heading', { name: locale('es', 'home').title }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: locale('es', 'home').title }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('es')
  })

  test('signing out returns to the login page, and home then asks to sign in', async () => {
    const { page } = await portal.newPage()
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/login')
    await page.goto(`${portal.baseUrl}/home`)
    await page.waitForURL('**/login?next=%2Fhome')
  })

  test('on a phone the menu opens from the burger and the balances stack', async () => {
    const { page } = await portal.newPage({ width: 390, height: 844 })
    await signInAs(page, portal.baseUrl, 'demo@nova.example', demoPassword)
    await page.waitForURL('**/home')
    await expect.poll(() => page.getByTestId('account-card').count()).toBe(2)
    const [first, second] = await page.getByTestId('account-card').all()
    const a = await first!.boundingBox()
    const b = await second!.boundingBox()
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1)
    await page.getByRole('button', { name: 'Open or close the menu' }).click()
    await page.getByRole('link', { name: 'Home' }).waitFor({ state: 'visible' })
    await page.screenshot({ path: join(screenshots, 'home-phone-menu.png') })
  })
})

describe('brands', () => {
  const logoSources = new Set<string>()
  for (const [id, name] of [
    ['bank', 'Nova Bank'],
    ['uk', 'Nova Money UK'],
  ] as const) {
    test(`?brand=${id} shows ${name} with its logo`, async () => {
      const { page } = await portal.newPage()
      await page.goto(`${portal.baseUrl}/login?brand=${id}`)
      const logo = page.getByRole('img', { name })
      await logo.waitFor()
      expect(
        await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true)
      logoSources.add(String(await logo.getAttribute('src')))
      await expect.poll(() => page.title()).toBe(name)
      await page.screenshot({ path: join(screenshots, `login-${id}.png`) })
    })
  }

  test('each brand has its own logo', () => {
    expect(logoSources.size).toBe(2)
  })

  test('the payments brand offers only English and Spanish', async () => {
    const { page } = await portal.newPage()
    await page.goto(`${portal.baseUrl}/login?brand=payments`)
    const select = page.getByRole('combobox', { name: 'Language' })
    await select.waitFor()
    const options = await select.locator('option').allTextContents()
    expect(options).toEqual(['English', 'Español'])
  })
})

test('an unknown path shows the 404 page', async () => {
  const { page } = await portal.newPage()
  await page.goto(`${portal.baseUrl}/no/such/page`)
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})
