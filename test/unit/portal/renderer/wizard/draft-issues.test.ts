// Everything the wizard checks before it asks the server (product-spec sections 4 and 5): a
// rule that names a field replaces the schema's plainer message at it, the shared rules run
// with the brand's source-of-wealth setting and the country's tax-id row, and the additional
// questions are checked from their dictionary.
import { describe, expect, it } from 'vitest'
import { screensBundle, type Json } from '../../../../../src/portal/renderer/screens-data.ts'
import {
  draftIssues,
  type IssuesInput,
} from '../../../../../src/portal/renderer/wizard/draft-issues.ts'

const wizardOf = (id: string) => screensBundle.screens.find((s) => s.id === id)!.wizard!
const taxTable = {
  responseCode: '00',
  taxIdRules: [
    {
      countryCode: 'DE',
      personal: {
        name: 'Steuerliche Identifikationsnummer',
        shortName: 'Steuer-ID',
        required: true,
        genericName: false,
      },
      crs: true,
      fromFallback: false,
    },
  ],
  fallback: {
    personal: {
      name: 'Tax Identification Number',
      shortName: 'TIN',
      required: false,
      genericName: true,
    },
    crs: false,
    fromFallback: true,
  },
}
const questions = {
  responseCode: '00',
  additionalQuestions: [
    {
      id: 'controlAccount',
      label: 'Who?',
      type: 'radio',
      required: true,
      options: [{ value: '1', label: 'Directors' }],
    },
  ],
}
const input = (screenId: string): IssuesInput => ({
  screenId,
  wizard: wizardOf(screenId),
  forms: screensBundle.forms.main!,
  replies: { taxIdTable: taxTable, additionalQuestions: questions },
  sourceOfWealthEnable: true,
})
const keysAt = (issues: { path: string; key: string }[], path: string) =>
  issues.filter((issue) => issue.path === path).map((issue) => issue.key)

describe('draftIssues', () => {
  it('says "at least one director" where the schema would only say "required"', () => {
    const issues = draftIssues(input('registerBusiness'), {})
    expect(keysAt(issues, 'directors')).toEqual(['registration:issues.directorMissing'])
    expect(keysAt(issues, 'additionalQuestionAnswers.controlAccount')).toEqual([
      'forms:errors.required',
    ])
  })

  it("requires a personal tax id where the country's row does, and not elsewhere", () => {
    const person: Record<string, Json> = { countryCode: 'DE' }
    expect(keysAt(draftIssues(input('registerPersonal'), person), 'taxId')).toEqual([
      'registration:issues.taxIdRequired',
    ])
    const elsewhere = draftIssues(input('registerPersonal'), { countryCode: 'FR' })
    expect(keysAt(elsewhere, 'taxId')).toEqual([])
    const noTaxId = { countryCode: 'DE', noTaxId: true, tinMissingReason: 'NO_TIN_IS_REQUIRED' }
    expect(keysAt(draftIssues(input('registerPersonal'), noTaxId), 'taxId')).toEqual([])
  })
})
