// Revenue-split contracts (/revenue-split, a rendered screen; product-spec sections 3, 4 and 7)
// as business@ (Northwind) uses them: the demo contracts with their statuses and counters, a
// proposal from Harbor Retail signed with the password, and a termination Harbor Group asked
// for accepted after confirming; in English, then in Russian on a phone. axe runs on the list.
// Screenshots with SCREENSHOT_DIR set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { screenSteps, shot, text } from './screen-steps.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

describe('revenue-split contracts', () => {
  test('business@ signs a proposal with its password and accepts a termination', async () => {
    const steps = screenSteps(() => portal, 'main', 'en')
    const { screens, forms } = steps
    const page = await steps.open('business@nova.example', '/revenue-split', 'revenueSplit')
    // 190002: Harbor Retail proposes to share 5 % of its revenue with Northwind, and has signed.
    const proposal = steps.row(page, '190002')
    await proposal.filter({ hasText: 'Awaiting signature' }).waitFor()
    await page.getByText('Awaiting your answer: 2').waitFor()
    expect(await steps.rows(page).filter({ hasText: 'Harbor' }).count()).toBe(6)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'revenue-split')

    const signed = text(forms, 'options.contractStatus.SIGNED')
    await proposal.getByRole('button', { name: text(screens, 'revenueSplit.actions.sign') }).click()
    await steps.fill(page, { password: demoPassword })
    await steps.button(page, 'confirm').click()
    await expect.poll(() => proposal.textContent()).toContain(signed)
    await page.getByText('Awaiting your answer: 1').waitFor()

    // 190004: Harbor Group has asked to end its contract with Northwind.
    const ending = steps
      .row(page, '190004')
      .filter({ hasText: text(forms, 'options.contractStatus.TERMINATING') })
    await ending
      .getByRole('button', { name: text(screens, 'revenueSplit.actions.terminateNow') })
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(text(screens, 'revenueSplit.actions.terminateNowConfirm')).waitFor()
    await dialog.getByRole('button', { name: text(screens, 'confirm') }).click()
    await expect.poll(() => ending.count()).toBe(0)
    await page.getByText('Awaiting your answer: 0').waitFor()
  })

  test('the list reads in Russian on a phone', async () => {
    const steps = screenSteps(() => portal, 'main', 'ru')
    const page = await steps.open('business@nova.example', '/revenue-split', 'revenueSplit')
    await page.setViewportSize({ width: 390, height: 844 })
    await steps.row(page, '190006').filter({ hasText: 'Нужна идентификация' }).waitFor()
    // The table scrolls within its frame; the page itself is no wider than the phone.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await shot(page, 'revenue-split-ru')
  })
})
