// Row actions with a form (schemas/screen.schema.json, actions[].form): codegen builds the
// form of the request's fields the row does not give, with its dictionary options, and
// `npm run brands:check` refuses a form action that names a field its operation lacks, one
// whose every field comes from the row, and a link that asks for a form.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'
import bundle from '../../../src/generated/screens.json' with { type: 'json' }

const root = join(import.meta.dirname, '../../..')
const run = promisify(execFile)
let copy: string | undefined

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
  copy = undefined
})

type Form = { schema: string; choices?: Record<string, { operation: string; value: string }> }
const forms = bundle.forms as unknown as Record<string, Record<string, Form>>
const schemas = bundle.schemas as unknown as Record<string, { properties?: object }>
const fieldsOf = (key: string) => Object.keys(schemas[forms.main![key]!.schema]!.properties ?? {})

test("a row action's form asks for what the row does not give, with its options", () => {
  expect(fieldsOf('profilePhones.actions.confirm')).toEqual(['code'])
  expect(fieldsOf('profileEmails.actions.confirm')).toEqual(['confirmationCode'])
  expect(fieldsOf('profileAddresses.actions.move')).toEqual(['address'])
  expect(forms.main!['profileAddresses.actions.move']!.choices).toEqual({
    'address.countryCode': {
      operation: 'countries',
      items: 'countries',
      value: 'code',
      label: 'name',
    },
  })
  // The row gives a REST operation's path parameter: the form asks for the body only.
  expect(fieldsOf('revenueSplit.actions.sign')).toEqual(['password'])
  // A path parameter comes from the row too: the reply's form asks for the text only.
  expect(fieldsOf('messages.actions.reply')).toEqual(['content'])
  expect(forms.main!['profilePhones.create']!.choices?.countryCode).toMatchObject({
    operation: 'phoneCodes',
    value: 'callingCode',
  })
})

test('brands:check refuses form actions that cannot work, naming the line', async () => {
  copy = mkdtempSync(join(tmpdir(), 'action-forms-'))
  symlinkSync(join(root, 'schemas'), join(copy, 'schemas'))
  cpSync(join(root, 'spec'), join(copy, 'spec'), { recursive: true })
  cpSync(join(root, 'brands'), join(copy, 'brands'), { recursive: true })
  writeFileSync(
    join(copy, 'spec/screens/bad-actions.yaml'),
    [
      'id: badActions',
      'route: /bad-actions',
      'menu: none',
      'access: user',
      'kind: resource',
      'list: { operation: emailInquiry, items: emails, rowKey: emailId, columns: [{ field: emailAddress }] }',
      'actions:',
      '  - id: confirm',
      '    operation: emailConfirm',
      '    from: { emailId: emailId, mailId: emailId }',
      '    form: true',
      '  - id: send',
      '    operation: emailConfirmRequest',
      '    from: { emailId: emailId }',
      '    form: true',
      '  - id: open',
      '    link: /profile',
      '    form: true',
      '',
    ].join('\n'),
  )
  let output = ''
  try {
    await run(process.execPath, [join(root, 'codegen/brands-check.ts'), copy])
  } catch (error) {
    output = (error as { stderr: string }).stderr
  }
  expect(output).toContain('bad-actions.yaml:10: emailConfirm takes no "mailId"')
  expect(output).toContain(
    'bad-actions.yaml:15: every field of emailConfirmRequest comes from the row',
  )
  expect(output).toContain('bad-actions.yaml:18: a link opens a screen, not a form')
}, 60_000)
