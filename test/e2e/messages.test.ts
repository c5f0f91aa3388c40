// Support messages (/messages, a rendered screen over the built-in help desk) as a person uses
// them: demo@ sees the agent's unread answer as new, marks it read, replies and opens a new
// ticket, in English at 1280 px; in Russian on a phone the list reads in Russian and fits the
// screen. axe runs on each state. Screenshots with SCREENSHOT_DIR set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startPortal, type PortalHarness } from './browser-harness.ts'
import { seriousViolations } from './axe-sweep.ts'
import { escape, screenSteps, shot, text } from './screen-steps.ts'

let portal: PortalHarness
beforeAll(async () => {
  portal = await startPortal()
})
afterAll(async () => {
  await portal?.close()
})

describe('support messages', () => {
  test('demo@ reads the agent’s answer, replies and writes a new message', async () => {
    const steps = screenSteps(() => portal, 'nova', 'en')
    const page = await steps.open('demo@nova.example', '/messages', 'messages')
    const card = steps.row(page, 'When will my debit card arrive?')
    await card.waitFor()
    expect(await card.textContent()).toContain('New')
    expect(await card.textContent()).toContain('delivery times of each country are attached')
    expect(await steps.row(page, 'Statement for my visa application').textContent()).toContain(
      'Closed',
    )
    expect(await seriousViolations(page)).toEqual([])

    const markRead = card.getByRole('button', { name: 'Mark as read', exact: true })
    await markRead.click()
    await expect.poll(() => markRead.count()).toBe(0)

    await card.getByRole('button', { name: 'Reply', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(/^Your reply/).fill('Thank you, I will wait for it.')
    await dialog.getByRole('button', { name: text(steps.screens, 'confirm') }).click()
    await expect.poll(() => card.textContent()).toContain('Thank you, I will wait for it.')
    expect(await card.textContent()).toContain('Open')

    await steps.button(page, 'messages.create').click()
    await dialog.getByLabel(/^Subject/).fill('Change of address')
    await dialog.getByLabel(/^Message/).fill('I moved to Leeds; how do I change my address?')
    await steps.save(page)
    const added = steps.row(page, 'Change of address')
    await added.waitFor()
    expect(await added.textContent()).toContain('I moved to Leeds')
    // The form's dialog has closed, as the person sees it (axe read it mid-close, unnamed).
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'messages-en')
  })

  test('demo@ reads the list in Russian on a phone', async () => {
    const steps = screenSteps(() => portal, 'nova', 'ru')
    const page = await steps.open('demo@nova.example', '/messages', 'messages')
    await page.setViewportSize({ width: 390, height: 844 })
    const statement = steps.row(page, 'Statement for my visa application')
    await statement.waitFor()
    const closed = text(steps.forms, 'options.supportStatus.closed')
    expect(await statement.textContent()).toMatch(new RegExp(escape(closed)))
    await page
      .getByRole('columnheader', { name: text(steps.screens, 'messages.columns.derivedStatus') })
      .waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'messages-ru')
  })
})
