// Codegen's screen forms (codegen/forms.ts): a row action's form (form: true) is a form of the
// bundle (<screen>.actions.<id>) with its options' sources in its meta, a dictionary's with its
// `where` and a row's list; an option for a field the form does not show, and a condition on
// an option's row for a field without options, and a form's part on an action without a form,
// are reported where they stand; so is a panel acting for the customer in the address (actsFor)
// on a page that does not.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleSpec } from '../../../codegen/bundle-spec.ts'
import { buildScreens, type Problem, type ScreensBundle } from '../../../codegen/forms.ts'

const root = join(import.meta.dirname, '../../..')
let copy: string
let bundle: ScreensBundle
let problems: Problem[]

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'screen-form-options-'))
  for (const dir of ['schemas', 'locales', 'brands']) symlinkSync(join(root, dir), join(copy, dir))
  cpSync(join(root, 'spec'), join(copy, 'spec'), { recursive: true })
  writeFileSync(
    join(copy, 'spec/screens/broken-upload.yaml'),
    [
      'id: brokenUpload',
      'route: /broken-upload',
      'menu: none',
      'access: rights:1,2,3,4,5',
      'kind: resource',
      'list: { operation: addressInquiry, items: addresses, columns: [{ field: city }] }',
      'actions:',
      '  - id: upload',
      '    operation: customerDocumentCreate',
      '    form: true',
      '    from: { addressId: addressId }',
      '    options:',
      '      addressId: { row: x, value: id, label: name }',
      '    visibleWhen:',
      '      backPage: { field: number, option: needsBackPage }',
      '  - id: remove',
      '    operation: confirmAddress',
      '    from: { addressId: addressId }',
      '    omit: [x]',
      '',
    ].join('\n'),
  )
  // A page whose panel acts for the customer in the address, the page itself not.
  writeFileSync(
    join(copy, 'spec/screens/broken-acts-for.yaml'),
    [
      'id: brokenActsFor',
      'route: /broken-acts-for',
      'menu: none',
      'access: admin',
      'kind: page',
      'panels: [adminCustomerFiles]',
      '',
    ].join('\n'),
  )
  const result = buildScreens(copy, bundleSpec(join(copy, 'spec/openapi.yaml')), ['main'])
  bundle = result.bundle
  problems = result.problems
}, 120_000)

afterAll(() => rmSync(copy, { recursive: true, force: true }))

describe('screen form options', () => {
  it('gives a row action its form, with the sources of its options', () => {
    const meta = bundle.forms.main!['kycAddresses.actions.uploadProof']!
    expect(meta.choices).toEqual({
      documentTypeId: {
        operation: 'documentTypes',
        items: 'documentCategories.documentTypes',
        value: 'documentTypeId',
        label: 'name',
        where: { categoryId: 2 },
      },
    })
    // The row's address is sent, not shown.
    const schema = bundle.schemas[meta.schema] as { properties: Record<string, unknown> }
    expect(Object.keys(schema.properties)).not.toContain('addressId')
    expect(bundle.forms.main!['kycDocuments.actions.upload']!.rowChoices).toEqual({
      documentTypeId: { row: 'documentTypes', value: 'documentTypeId', label: 'name' },
    })
  })

  it('reports options and option conditions that name no usable field', () => {
    const mine = problems.filter((p) => p.file.endsWith('broken-upload.yaml'))
    expect(mine.map((p) => p.message)).toEqual([
      'options: "addressId" is not shown in this form (it is in from, fixed or omit)',
      'visibleWhen: "number" has no options whose rows "option" could read',
      "omit is a form's: add form: true",
    ])
    expect(mine.every((p) => p.line > 1)).toBe(true)
    const elsewhere = problems.filter((p) => !/broken-(upload|acts-for)\.yaml$/.test(p.file))
    expect(elsewhere).toEqual([])
  })

  it('reports a panel acting for the customer in the address on a page that does not', () => {
    const mine = problems.filter((p) => p.file.endsWith('broken-acts-for.yaml'))
    expect(mine.map((p) => p.message)).toEqual([
      'panel "adminCustomerFiles" acts for the customer of "customerId": give the page actsFor: customerId',
    ])
  })
})
