// The additional-questions transform of product-spec section 3: the raw definitions become
// the questions the registration form renders. anotherAccount and businessAnotherAccount
// become yes/no radios whose yes option carries a textarea question; controlAccount becomes
// a radio whose option '2' carries a name-and-date question. Every other question passes
// through unchanged. Pure, so it is tested without a server.

export type QuestionType = 'text' | 'textarea' | 'radio' | 'nameAndDate'

export interface QuestionOption {
  value: string
  label: string
  question?: Question
}

export interface Question {
  id: string
  label: string
  type: QuestionType
  required: boolean
  options?: QuestionOption[]
}

const yesNoQuestionIds = new Set(['anotherAccount', 'businessAnotherAccount'])
const controlAccountId = 'controlAccount'
/** The option of controlAccount that names someone else, who is asked for. */
const controlAccountOtherPerson = '2'

function withYesNo(question: Question): Question {
  const details: Question = {
    id: `${question.id}Details`,
    label: 'Please name the institutions and the countries where the accounts are held.',
    type: 'textarea',
    required: true,
  }
  return {
    ...question,
    type: 'radio',
    options: [
      { value: 'yes', label: 'Yes', question: details },
      { value: 'no', label: 'No' },
    ],
  }
}

function withControllingPerson(question: Question): Question {
  const person: Question = {
    id: `${question.id}Person`,
    label: 'The full name and date of birth of the person who controls the account.',
    type: 'nameAndDate',
    required: true,
  }
  const options = question.options ?? []
  if (!options.some((option) => option.value === controlAccountOtherPerson)) {
    throw new Error(`assertion: ${question.id} has an option '${controlAccountOtherPerson}'`)
  }
  return {
    ...question,
    type: 'radio',
    options: options.map((option) =>
      option.value === controlAccountOtherPerson ? { ...option, question: person } : option,
    ),
  }
}

export function transformQuestions(questions: readonly Question[]): Question[] {
  return questions.map((question) => {
    if (yesNoQuestionIds.has(question.id)) return withYesNo(question)
    if (question.id === controlAccountId) return withControllingPerson(question)
    return question
  })
}
