// News from the bank (/announcements, a rendered screen) as a person uses it: demo@ reads the
// news in Russian on a phone, marks one read and sees it read after a reload; business@ in
// English declines the fee schedule after confirming, and the answer stays with no buttons left
// to change it. axe runs on each state. Screenshots with SCREENSHOT_DIR set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { screenSteps, shot, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

describe('news from the bank', () => {
  test('demo@ reads the news in Russian at 390 px and marks one read', async () => {
    const steps = screenSteps(() => portal, 'nova', 'ru')
    const page = await steps.open('demo@nova.example', '/announcements', 'announcements')
    await page.setViewportSize({ width: 390, height: 844 })
    const news = steps.row(page, 'Отправляйте деньги кому угодно за границу')
    await news.waitFor()
    // Only what is for a personal customer: not the business's fee schedule.
    await steps.row(page, 'Короткая пауза в оплате картой').waitFor()
    expect(await steps.row(page, 'Новые тарифы с 1 января').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    await news
      .getByRole('button', { name: text(steps.screens, 'announcements.actions.read') })
      .click()
    await expect
      .poll(() =>
        news
          .getByRole('button', { name: text(steps.screens, 'announcements.actions.read') })
          .count(),
      )
      .toBe(0)
    await expect.poll(() => news.textContent()).toContain(text(steps.screens, 'yes'))
    await page.reload()
    await news.waitFor()
    expect(await news.textContent()).toContain(text(steps.screens, 'yes'))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, 'announcements-ru')
  })

  test('business@ declines the fee schedule once, after confirming', async () => {
    const steps = screenSteps(() => portal, 'nova', 'en')
    const page = await steps.open('business@nova.example', '/announcements', 'announcements')
    const fees = steps.row(page, 'New fee schedule from 1 January')
    await fees.waitFor()
    await fees.getByRole('button', { name: 'Decline', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Decline this? Your answer cannot be changed later.').waitFor()
    // The dialog has faded in (axe reads colours mid-fade as too faint).
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)))
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: text(steps.screens, 'confirm') }).click()
    await expect.poll(() => fees.textContent()).toContain('Declined')
    expect(await fees.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0)
    expect(await fees.getByRole('button', { name: 'Decline', exact: true }).count()).toBe(0)
    // The confirmation has closed, as the person sees it (axe must not read it mid-close).
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'announcements-en')
  })
})
