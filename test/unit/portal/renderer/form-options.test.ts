// A screen form's options (formAction options, schemas/screen.schema.json): a dictionary's rows
// kept to those a `where` names (a category's document types), a row's own lists through a
// dotted path (a limit reason's requirementDocuments.documentTypes), and conditions on the
// chosen option's row (option: needsBackPage) turned into the values whose rows have it.
import { describe, expect, it } from 'vitest'
import {
  dictionaryChoices,
  resolveOptionConditions,
  rowChoices,
} from '../../../../src/portal/renderer/form-choices.ts'
import { isVisible, withoutHidden } from '../../../../src/portal/renderer/field-paths.ts'

const passport = { documentTypeId: 1, name: 'Passport', categoryId: 1, needsBackPage: false }
const idCard = { documentTypeId: 2, name: 'Identity card', categoryId: 1, needsBackPage: true }
const bill = { documentTypeId: 11, name: 'Utility bill', categoryId: 2, needsBackPage: false }
const documentTypes = {
  responseCode: '00',
  documentCategories: [
    { categoryId: 1, documentTypes: [passport, idCard] },
    { categoryId: 2, documentTypes: [bill] },
  ],
}

describe('form options', () => {
  it("keeps a dictionary's rows to those its where names", () => {
    const source = {
      operation: 'documentTypes',
      items: 'documentCategories.documentTypes',
      value: 'documentTypeId',
      label: 'name',
      where: { categoryId: 1 },
    }
    const choices = dictionaryChoices(documentTypes, source)
    expect(choices.map((c) => [c.value, c.label])).toEqual([
      [1, 'Passport'],
      [2, 'Identity card'],
    ])
    expect(choices[1]?.row).toEqual(idCard)
  })

  it("reads a row's own lists, nested ones through a dotted path", () => {
    const reason = {
      limitReasonId: 7,
      requirementDocuments: [{ documentTypes: [passport] }, { documentTypes: [bill] }],
    }
    const choices = rowChoices(
      {
        documentTypeId: {
          row: 'requirementDocuments.documentTypes',
          value: 'documentTypeId',
          label: 'name',
        },
      },
      reason,
    )
    expect(choices.documentTypeId?.map((c) => c.label)).toEqual(['Passport', 'Utility bill'])
    expect(rowChoices({ x: { row: 'missing', value: 'a', label: 'b' } }, reason).x).toEqual([])
  })

  it("shows a field while the chosen option's row has the property, and drops it otherwise", () => {
    const choices = {
      documentTypeId: dictionaryChoices(documentTypes, {
        operation: 'documentTypes',
        items: 'documentCategories.documentTypes',
        value: 'documentTypeId',
        label: 'name',
      }),
    }
    const conditions = resolveOptionConditions(
      {
        backPage: { field: 'documentTypeId', option: 'needsBackPage' },
        number: { field: 'documentTypeId', filled: true },
      },
      choices,
    )
    expect(conditions.backPage).toEqual({ field: 'documentTypeId', in: [2] })
    expect(conditions.number).toEqual({ field: 'documentTypeId', filled: true })
    expect(isVisible('backPage', { documentTypeId: 2 }, conditions)).toBe(true)
    expect(isVisible('backPage', { documentTypeId: 1 }, conditions)).toBe(false)
    expect(withoutHidden({ documentTypeId: 1, backPage: 'data:...' }, conditions)).toEqual({
      documentTypeId: 1,
    })
    // Before the dictionary answers no option has the property: the field stays hidden.
    const loading = resolveOptionConditions(
      { backPage: { field: 'documentTypeId', option: 'needsBackPage' } },
      {},
    )
    expect(isVisible('backPage', { documentTypeId: 2 }, loading)).toBe(false)
  })
})
