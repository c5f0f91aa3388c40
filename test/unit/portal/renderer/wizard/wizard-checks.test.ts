// The section checks of the business wizard (product-spec section 4): each section's part of
// the payload against its form, every person against the person form, the e-mails to look
// up, and each issue shown on the section where it can be mended.
import { describe, expect, it } from 'vitest'
import { screensBundle, type Json } from '../../../../../src/portal/renderer/screens-data.ts'
import {
  issuesBySectionId,
  schemaIssues,
  sectionOfIssue,
} from '../../../../../src/portal/renderer/wizard/wizard-checks.ts'
import {
  emailIssue,
  emailTargets,
} from '../../../../../src/portal/renderer/wizard/email-targets.ts'

const screen = screensBundle.screens.find((s) => s.id === 'registerBusiness')!
const wizard = screen.wizard!
const forms = screensBundle.forms.main!
const ann = { id: 1, firstName: 'Ann', lastName: 'Lee', birthday: '1970-01-01' }
const bob = {
  id: 2,
  firstName: 'Bob',
  lastName: 'Ray',
  birthday: 'not a date',
  isUser: true,
  email: 'bob@example.com',
  accessRights: 2,
}
const payload: Record<string, Json> = {
  directors: [1],
  users: [{ personId: 2, accessRights: 2 }],
  shareholders: [{ type: 1, share: 100, personId: 3 }],
  personList: [ann, bob, { id: 3, firstName: 'Cy', lastName: 'Tan', birthday: '1980-01-01' }],
}

describe('sectionOfIssue', () => {
  it.each([
    ['a company field', 'company.name', 'generalForm'],
    ['a due-diligence answer', 'dueDiligence.government', 'dueDilligenceForm'],
    ['an additional question', 'additionalQuestionAnswers.controlAccount', 'dueDilligenceForm'],
    ['the directors list', 'directors', 'directors'],
    ['a person who is a director', 'personList.0.firstName', 'directors'],
    ['a person who is only a user', 'personList.1.email', 'usersHub'],
    ['a person who is only a shareholder', 'personList.2.birthday', 'shareholders'],
    ['a shareholder company', 'companyList.0.name', 'shareholders'],
    ['the representative', 'authorizedCompanyRepresentative.personId', 'usersHub'],
  ])('puts %s on its section', (_name, path, section) => {
    expect(sectionOfIssue({ path, key: '' }, wizard, payload)).toBe(section)
  })

  it('puts an issue of a named check where the request field it names is shown', () => {
    const issue = { path: 'personList.0.sourcesOfFunds', key: '', field: 'shareholders' }
    expect(sectionOfIssue(issue, wizard, payload)).toBe('shareholders')
  })
})

describe('schemaIssues', () => {
  const issues = schemaIssues({ screenId: 'registerBusiness', wizard, forms, payload })
  const grouped = issuesBySectionId(issues, wizard, payload)

  it('refuses the sections left empty and a person whose form is refused', () => {
    expect(grouped.get('generalForm')!.map((i) => i.path)).toEqual(
      expect.arrayContaining(['registrationType', 'company']),
    )
    expect(grouped.get('usersHub')!.map((i) => i.path)).toEqual(
      expect.arrayContaining(['personList.1.birthday', 'authorizedCompanyRepresentative']),
    )
    expect(grouped.get('directors')).toEqual([])
  })

  it('accepts a tree three levels deep: a company of a company, each with its own owners', () => {
    const person = (personId: number, share: number) => ({ type: 1, share, personId })
    const company = (companyId: number, share: number, owners: Json[]) => ({
      type: 2,
      share,
      companyId,
      shareholders: owners,
    })
    const tree = {
      shareholders: [
        person(1, 40),
        company(1, 60, [person(2, 70), company(2, 30, [person(3, 50), person(4, 50)])]),
      ],
    }
    const found = schemaIssues({ screenId: 'registerBusiness', wizard, forms, payload: tree })
    expect(found.filter((issue) => issue.path.startsWith('shareholders'))).toEqual([])
  })
})

describe('e-mail checks', () => {
  const check = wizard.emailCheck!

  it('looks up the e-mail of persons made users only', () => {
    const withDirectorEmail = {
      ...payload,
      personList: [{ ...ann, email: 'ann@example.com' }, bob],
    }
    expect(emailTargets(withDirectorEmail, check)).toEqual([
      { path: 'personList.1.email', email: 'bob@example.com' },
    ])
  })

  it.each([
    [0, undefined],
    [3, undefined],
    [1, 'registration:email.status1'],
    [-1, 'registration:email.failed'],
  ])('status %s gives %s', (status, key) => {
    const target = { path: 'personList.1.email', email: 'bob@example.com' }
    expect(emailIssue(target, status, check.allowed)?.key).toBe(key)
  })
})
