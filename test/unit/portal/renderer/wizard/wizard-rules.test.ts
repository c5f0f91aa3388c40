// The shared rules in the business wizard (product-spec sections 4 and 5): where a rule and
// the schema refuse the same field, the person reads the rule's words, once.
import { describe, expect, it } from 'vitest'
import { screensBundle, type Json } from '../../../../../src/portal/renderer/screens-data.ts'
import { schemaIssues } from '../../../../../src/portal/renderer/wizard/wizard-checks.ts'
import {
  withRuleIssues,
  wizardRules,
} from '../../../../../src/portal/renderer/wizard/wizard-rules.ts'

const wizard = screensBundle.screens.find((s) => s.id === 'registerBusiness')!.wizard!
const forms = screensBundle.forms.bank!
const person = { id: 1, firstName: 'Ann', lastName: 'Lee', birthday: '1970-01-01' }

describe('withRuleIssues', () => {
  it.each<[string, Record<string, Json>, string, string]>([
    [
      'a share of 0',
      { shareholders: [{ type: 1, share: 0, personId: 1 }] },
      'shareholders.0.share',
      'shareOutOfRange',
    ],
    ['no shareholder', { shareholders: [] }, 'shareholders', 'shareholdersMissing'],
    [
      'a shareholder company without a director',
      {
        shareholders: [{ type: 2, share: 50, companyId: 1, shareholders: [] }],
        companyList: [{ id: 1, name: 'Holding', directors: [] }],
      },
      'companyList.0.directors',
      'companyWithoutDirector',
    ],
  ])("gives %s the shared rule's message only", (_name, part, path, code) => {
    const payload = { personList: [person], ...part }
    const schema = schemaIssues({ screenId: 'registerBusiness', wizard, forms, payload })
    expect(schema.some((issue) => issue.path === path)).toBe(true)
    const ruled = wizardRules.businessRegistration(payload, { sourceOfWealthEnable: false })
    const found = withRuleIssues(schema, ruled).filter((issue) => issue.path === path)
    expect(found.map((issue) => issue.key)).toEqual([`registration:issues.${code}`])
  })
})

describe('wizardRules.businessRegistration', () => {
  it('leaves a representative not chosen yet to the schema: required, not an unknown person', () => {
    const payload = { personList: [person], authorizedCompanyRepresentative: {} }
    const schema = schemaIssues({ screenId: 'registerBusiness', wizard, forms, payload })
    const ruled = wizardRules.businessRegistration(payload, { sourceOfWealthEnable: false })
    const path = 'authorizedCompanyRepresentative.personId'
    const found = withRuleIssues(schema, ruled).filter((issue) => issue.path === path)
    expect(found.map((issue) => issue.key)).toEqual(['forms:errors.required'])
  })

  it('still names a chosen person who is not in the list', () => {
    const payload = { personList: [person], authorizedCompanyRepresentative: { personId: 9 } }
    const ruled = wizardRules.businessRegistration(payload, { sourceOfWealthEnable: false })
    expect(
      ruled.filter((issue) => issue.path === 'authorizedCompanyRepresentative.personId'),
    ).toMatchObject([{ key: 'registration:issues.unknownPerson' }])
  })
})
