// The additional questions as a form built at run time (product-spec section 3): the yes of
// anotherAccount asks for a text, option '2' of controlAccount for a name and a date; a
// follow-up is required only while its option is chosen and is never sent otherwise.
import { describe, expect, it } from 'vitest'
import {
  answersOf,
  formOfAnswers,
  questionIssues,
  questionsForm,
  type Question,
} from '../../../../../src/portal/renderer/wizard/questions-form.ts'

const questions: Question[] = [
  {
    id: 'anotherAccount',
    label: 'Another account?',
    type: 'radio',
    required: true,
    options: [
      {
        value: 'yes',
        label: 'Yes',
        question: {
          id: 'anotherAccountDetails',
          label: 'Where?',
          type: 'textarea',
          required: true,
        },
      },
      { value: 'no', label: 'No' },
    ],
  },
  {
    id: 'controlAccount',
    label: 'Who controls it?',
    type: 'radio',
    required: true,
    options: [
      { value: '1', label: 'Directors' },
      {
        value: '2',
        label: 'Someone else',
        question: {
          id: 'controlAccountPerson',
          label: 'Who?',
          type: 'nameAndDate',
          required: true,
        },
      },
    ],
  },
  { id: 'websiteUrl', label: 'Website', type: 'text', required: false },
]
const form = questionsForm(
  questions,
  (q) => q.label,
  (_q, _v, label) => label,
  'Date',
)

describe('questionsForm', () => {
  it('asks a radio question with its options and its follow-ups only while chosen', () => {
    const properties = form.runtime.schema.properties as Record<string, { enum?: string[] }>
    expect(properties.anotherAccount?.enum).toEqual(['yes', 'no'])
    expect(form.runtime.widgets?.anotherAccount).toBe('RadioWidget')
    expect(form.visibleWhen).toEqual({
      anotherAccount__details: { field: 'anotherAccount', equals: 'yes' },
      controlAccount__name: { field: 'controlAccount', equals: '2' },
      controlAccount__date: { field: 'controlAccount', equals: '2' },
    })
    expect(form.runtime.widgets?.websiteUrl).toBe('TextWidget')
  })
})

describe('answers', () => {
  it('sends the chosen option with its follow-up, never a hidden follow-up', () => {
    const data = {
      anotherAccount: 'no',
      anotherAccount__details: 'left from before',
      controlAccount: '2',
      controlAccount__name: 'Jane Roe',
      controlAccount__date: '1980-01-01',
    }
    expect(answersOf(data, questions)).toEqual([
      { questionId: 'anotherAccount', answer: 'no' },
      { questionId: 'controlAccount', answer: '2', name: 'Jane Roe', date: '1980-01-01' },
    ])
  })

  it('reads a draft’s answers back into the form', () => {
    const answers = [{ questionId: 'anotherAccount', answer: 'yes', details: 'Bank X' }]
    expect(formOfAnswers(answers)).toEqual({
      anotherAccount: 'yes',
      anotherAccount__details: 'Bank X',
    })
  })

  it('requires the unanswered questions and the follow-up of a chosen option', () => {
    const answers = [{ questionId: 'anotherAccount', answer: 'yes' }]
    const paths = questionIssues(questions, answers, 'additionalQuestionAnswers').map((i) => i.path)
    expect(paths.sort()).toEqual([
      'additionalQuestionAnswers.anotherAccount__details',
      'additionalQuestionAnswers.controlAccount',
    ])
  })
})
