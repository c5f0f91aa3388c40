// `npm run brands:check` as a brand manager meets it: a copy of the project with a mistake
// in an overlay or a screen file, and the command names the file, the line and the fix.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const run = promisify(execFile)
let copy: string | undefined

/** A project root sharing the spec and schemas, with its own brands and screens to break. */
function projectCopy(): string {
  copy = mkdtempSync(join(tmpdir(), 'brands-check-'))
  symlinkSync(join(root, 'schemas'), join(copy, 'schemas'))
  cpSync(join(root, 'spec'), join(copy, 'spec'), { recursive: true })
  cpSync(join(root, 'brands'), join(copy, 'brands'), { recursive: true })
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

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
  copy = undefined
})

test('the project as it is passes', async () => {
  const { code, output } = await brandsCheck(projectCopy())
  expect(code).toBe(0)
  expect(output).toMatch(/6 brands, their overlays and \d+ screens are valid/)
})

test('a misspelled field in an overlay: the file, the line and the field it meant', async () => {
  const dir = projectCopy()
  writeFileSync(
    join(dir, 'brands/bank/overlays/saved-buttons.yaml'),
    ['form: savedPaymentButtonCreate', 'fields:', '  itemNumbr:', '    hidden: true', ''].join(
      '\n',
    ),
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toContain('brands/bank/overlays/saved-buttons.yaml:3:')
  expect(output).toContain('"itemNumber"')
})

test('an unknown form and a bad option are named with their lines', async () => {
  const dir = projectCopy()
  const file = join(dir, 'brands/payments/overlays/register-business.yaml')
  const text = readFileSync(file, 'utf8')
  writeFileSync(
    file,
    text
      .replace('form: businessAccountCreate', 'form: businessAccountCreat')
      .replace('registrationWebcamStudios', 'registrationWebcam'),
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toMatch(/register-business\.yaml:\d+: unknown form "businessAccountCreat"/)
  expect(output).toContain('did you mean "businessAccountCreate"')
})

test('a screen step naming no field, a condition on no field, and a link to no screen', async () => {
  const dir = projectCopy()
  const buttons = join(dir, 'spec/screens/saved-buttons.yaml')
  writeFileSync(
    buttons,
    readFileSync(buttons, 'utf8').replace('[name, accountId,', '[nme, accountId,'),
  )
  writeFileSync(
    buttons,
    readFileSync(buttons, 'utf8').replace(
      '{ field: amount, filled: true }',
      '{ field: amout, filled: true }',
    ),
  )
  const subscribers = join(dir, 'spec/screens/subscribers.yaml')
  writeFileSync(
    subscribers,
    readFileSync(subscribers, 'utf8').replace(
      'link: /merchant/accounts/installments',
      'link: /merchant/accounts/instalments',
    ),
  )
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toMatch(
    /saved-buttons\.yaml:\d+: step 1: "nme" is no field of savedPaymentButtonCreate; did you mean "name"\?/,
  )
  expect(output).toMatch(
    /saved-buttons\.yaml:\d+: fields in no step would never be shown: add name/,
  )
  expect(output).toMatch(
    /saved-buttons\.yaml:\d+: visibleWhen: "amout" is no field of savedPaymentButtonCreate; did you mean "amount"\?/,
  )
  expect(output).toMatch(
    /subscribers\.yaml:\d+: no screen has the route "\/merchant\/accounts\/instalments"; did you mean "\/merchant\/accounts\/installments"\?/,
  )
})

test('a wizard: a misspelled section field, a signed-in access, an overlay on a list item', async () => {
  const dir = projectCopy()
  const business = join(dir, 'spec/screens/register-business.yaml')
  writeFileSync(
    business,
    readFileSync(business, 'utf8').replace('form: [legalInformation]', 'form: [legalInformaton]'),
  )
  const personal = join(dir, 'spec/screens/register-personal.yaml')
  writeFileSync(personal, readFileSync(personal, 'utf8').replace('access: public', 'access: user'))
  const overlay = join(dir, 'brands/bank/overlays/register-business.yaml')
  writeFileSync(overlay, `${readFileSync(overlay, 'utf8')}  personList.emial:\n    hidden: true\n`)
  const { code, output } = await brandsCheck(dir)
  expect(code).toBe(1)
  expect(output).toMatch(
    /register-business\.yaml:\d+: the request has no field "legalInformaton"; did you mean "legalInformation"\?/,
  )
  expect(output).toMatch(/register-personal\.yaml:\d+: a wizard is for people not signed in yet/)
  expect(output).toMatch(
    /bank\/overlays\/register-business\.yaml:\d+: businessAccountCreate has no field "personList\.emial"; did you mean "email"\?/,
  )
})
