// A screen's access: against the x-access of the operation that fills it, by
// `npm run brands:check` on a copy of the project with one screen opened too wide.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const run = promisify(execFile)
let copy: string | undefined

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
  copy = undefined
})

/** A project root sharing the schemas, with spec and brands of its own, one screen changed. */
function projectWithScreen(file: string, change: (text: string) => string): string {
  copy = mkdtempSync(join(tmpdir(), 'screen-access-'))
  symlinkSync(join(root, 'schemas'), join(copy, 'schemas'))
  cpSync(join(root, 'spec'), join(copy, 'spec'), { recursive: true })
  cpSync(join(root, 'brands'), join(copy, 'brands'), { recursive: true })
  const path = join(copy, 'spec/screens', file)
  writeFileSync(path, change(readFileSync(path, 'utf8')))
  return copy
}

async function brandsCheck(dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [join(root, 'codegen/brands-check.ts'), dir])
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, output: failed.stderr }
  }
}

test('a screen that lets in read-only users of a full-access list fails, naming the line', async () => {
  // webhookList is rights:2: a read-only (1) user opening the screen would only be refused.
  const dir = projectWithScreen('webhooks.yaml', (text) =>
    text.replace('access: rights:2 customer:business\n', 'access: rights:1,2 customer:business\n'),
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toContain('spec/screens/webhooks.yaml:8: access: "rights:1,2 customer:business"')
  expect(output).toContain('webhookList (x-access rights:2)')
  expect(output).toContain('rights 1')
}, 30_000)

test('the old "session" access is refused with the vocabulary it must use', async () => {
  const dir = projectWithScreen('reputation.yaml', (text) =>
    text.replace('access: rights:1,2,3,4 customer:business\n', 'access: session\n'),
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toMatch(/spec\/screens\/reputation\.yaml:\d+: access: must match pattern/)
}, 30_000)

/** The project copy with one more screen file. */
function projectWithNewScreen(file: string, text: string): string {
  const dir = projectWithScreen('webhooks.yaml', (same) => same)
  writeFileSync(join(dir, 'spec/screens', file), text)
  return dir
}

test('a page whose panel refuses some of the page’s users fails, naming the panel', async () => {
  // webhooks is rights:2; a page open to every signed-in user would show it to read-only users.
  const dir = projectWithNewScreen(
    'merchant-page.yaml',
    'id: merchantPage\nroute: /merchant-page\nmenu: none\naccess: user\nkind: page\npanels: [webhooks, apiKeys]\n',
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toContain('spec/screens/merchant-page.yaml')
  expect(output).toContain(
    'lets in people panel "webhooks" (access rights:2 customer:business) refuses',
  )
}, 30_000)

test('a page naming an unknown panel fails with the nearest id', async () => {
  const dir = projectWithNewScreen(
    'merchant-page.yaml',
    'id: merchantPage\nroute: /merchant-page\nmenu: none\naccess: rights:2\nkind: page\npanels: [webhook]\n',
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toContain('no screen "webhook"; did you mean "webhooks"?')
}, 30_000)

test('a panel shown only to whom it admits may admit fewer than its page', async () => {
  // The company's users (right 2) on a page that uploaders (5) open too: shown to full access.
  const dir = projectWithNewScreen(
    'merchant-page.yaml',
    'id: merchantPage\nroute: /merchant-page\nmenu: none\naccess: user\nkind: page\npanels: [profileDetails, { id: webhooks, ifAdmitted: true }]\n',
  )
  const { code, output } = await brandsCheck(dir)
  expect(output).not.toContain('merchant-page.yaml')
  expect(code).toBe(0)
}, 30_000)
