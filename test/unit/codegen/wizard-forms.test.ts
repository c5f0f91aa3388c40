// Codegen's wizard forms (codegen/wizard-forms.ts through buildScreens): one form per section
// and per item form for every brand, with the brand's overlays applied. A brand that hides
// the adult industries has them refused and listed as hidden for the dictionary's options;
// the registration types are the brand's list less what its overlay hides; an overlay's field
// of a list item (personList.email) reaches the item form.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleSpec, type JsonObject } from '../../../codegen/bundle-spec.ts'
import { buildScreens, type ScreensBundle } from '../../../codegen/forms.ts'

const root = join(import.meta.dirname, '../../..')
let copy: string
let bundle: ScreensBundle

beforeAll(() => {
  // A project sharing spec, schemas and texts, with one more overlay on the bank brand.
  copy = mkdtempSync(join(tmpdir(), 'wizard-forms-'))
  for (const dir of ['spec', 'schemas', 'locales']) symlinkSync(join(root, dir), join(copy, dir))
  cpSync(join(root, 'brands'), join(copy, 'brands'), { recursive: true })
  writeFileSync(
    join(copy, 'brands/bank/overlays/register-business.yaml'),
    [
      'form: businessAccountCreate',
      'fields:',
      '  registrationType:',
      '    hideOptions: [registrationWebcamStudios]',
      '  personList.email:',
      '    label: forms:fields.email',
      '  personList.phone:',
      '    hidden: true',
      '',
    ].join('\n'),
  )
  const result = buildScreens(copy, bundleSpec(join(copy, 'spec/openapi.yaml')), [
    'main',
    'bank',
    'uk',
  ])
  expect(result.problems).toEqual([])
  bundle = result.bundle
}, 120_000)

afterAll(() => rmSync(copy, { recursive: true, force: true }))

const schemaOf = (brand: string, key: string) => {
  const meta = bundle.forms[brand]?.[key]
  if (!meta) throw new Error(`no form ${key} for ${brand}`)
  return bundle.schemas[meta.schema] as JsonObject
}
const at = (schema: JsonObject, path: string) =>
  path
    .split('.')
    .reduce<JsonObject>((node, part) => (node.properties as JsonObject)[part] as JsonObject, schema)

describe('wizard forms', () => {
  it('has a form for every section and item form of both wizards', () => {
    const keys = Object.keys(bundle.forms.main!).filter((key) => key.startsWith('register'))
    expect(keys).toEqual(
      expect.arrayContaining([
        'registerBusiness.generalForm',
        'registerBusiness.financialInfoForm',
        'registerBusiness.dueDilligenceForm',
        'registerBusiness.legalForm',
        'registerBusiness.directors',
        'registerBusiness.shareholders',
        'registerBusiness.owners',
        'registerBusiness.usersHub',
        'registerBusiness.personForm',
        'registerBusiness.companyForm',
        'registerPersonal.account',
        'registerPersonal.tax',
      ]),
    )
  })

  it('hides industries 1-6 where the overlay says so: refused, and left out of the options', () => {
    const uk = bundle.forms.uk!['registerBusiness.financialInfoForm']!
    expect(uk.hideOptions).toEqual({ 'financialDetail.industry': [1, 2, 3, 4, 5, 6] })
    expect(
      at(schemaOf('uk', 'registerBusiness.financialInfoForm'), 'financialDetail.industry').not,
    ).toEqual({
      enum: [1, 2, 3, 4, 5, 6],
    })
    expect(bundle.forms.main!['registerBusiness.financialInfoForm']!.hideOptions).toBeUndefined()
    expect(uk.choices?.['financialDetail.industry']).toMatchObject({
      operation: 'industries',
      group: 'group',
    })
  })

  it("offers the brand's registration types less those its overlay hides", () => {
    const types = (brand: string) =>
      at(schemaOf(brand, 'registerBusiness.generalForm'), 'registrationType').enum
    expect(types('main')).toContain('registrationWebcamStudios')
    expect(types('uk')).not.toContain('registrationWebcamStudios')
    expect(types('uk')).not.toContain('registrationLiveStreamingNetworks')
    expect(types('bank')).toContain('registrationLiveStreamingNetworks')
  })

  it("applies an overlay's list-item fields to the item form, named from the item", () => {
    const bank = bundle.forms.bank!['registerBusiness.personForm']!
    expect(bank.labels).toEqual({ email: 'forms:fields.email' })
    expect(bank.labelRoot).toBe('personList')
    const person = schemaOf('bank', 'registerBusiness.personForm')
    expect(Object.keys(person.properties as JsonObject)).not.toContain('phone')
    expect(Object.keys(person.properties as JsonObject)).not.toContain('isUser')
    const main = schemaOf('main', 'registerBusiness.personForm')
    expect(Object.keys(main.properties as JsonObject)).toContain('phone')
  })

  it('shows the tax-id fields by the schema rules and names the tax id after the country', () => {
    const tax = bundle.forms.main!['registerPersonal.tax']!
    expect(tax.visibleWhen).toMatchObject({
      taxId: { field: 'noTaxId', filled: false },
      tinMissingReason: { field: 'noTaxId', equals: true },
      tinMissingExplanation: { field: 'tinMissingReason', equals: 'CANNOT_OBTAIN' },
    })
    expect(tax.taxIds).toEqual([
      expect.objectContaining({ field: 'taxId', country: 'countryCode', kind: 'personal' }),
    ])
  })
})
