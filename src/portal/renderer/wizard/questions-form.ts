// The additional questions of a registration (the additionalQuestions dictionary, already
// transformed by id as product-spec section 3 says) as a form built at run time: a radio
// question is a choice whose option may carry a follow-up question, shown only while that
// option is chosen (the yes of anotherAccount asks for a text, option '2' of controlAccount
// for a name and a date). The answers are the request's additionalQuestionAnswers.
import type { RJSFSchema } from '@rjsf/utils'
import { isShown } from '../field-paths.ts'
import { flatErrors } from '../runtime-validator.ts'
import type { RuntimeForm } from '../schema-form.tsx'
import type { Json, Schema, VisibleWhen } from '../screens-data.ts'
import type { WizardIssue } from './wizard-checks.ts'

export interface Question {
  id: string
  label: string
  type: 'text' | 'textarea' | 'radio' | 'nameAndDate'
  required: boolean
  options?: { value: string; label: string; question?: Question }[]
}

export interface QuestionAnswer {
  questionId: string
  answer: string
  details?: string
  name?: string
  date?: string
}

/** The form's keys of a follow-up: its text, or its name and date. */
const detailsKey = (id: string) => `${id}__details`
const nameKey = (id: string) => `${id}__name`
const dateKey = (id: string) => `${id}__date`

export interface QuestionsForm {
  runtime: RuntimeForm
  visibleWhen: Record<string, VisibleWhen>
}

/** The form of the questions, with their texts as the caller translates them. */
export function questionsForm(
  questions: readonly Question[],
  title: (question: Question) => string,
  optionTitle: (question: Question, value: string, label: string) => string,
  dateTitle: string,
): QuestionsForm {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  const form: Required<Pick<RuntimeForm, 'titles' | 'optionTitles' | 'widgets'>> = {
    titles: {},
    optionTitles: {},
    widgets: {},
  }
  const order: string[] = []
  const visibleWhen: Record<string, VisibleWhen> = {}
  const add = (key: string, property: Schema, text: string, widget: string, when?: VisibleWhen) => {
    properties[key] = property
    form.titles[key] = text
    form.widgets[key] = widget
    order.push(key)
    if (when) visibleWhen[key] = when
  }
  for (const question of questions) {
    const options = question.options ?? []
    if (question.type === 'radio' && options.length > 0) {
      add(
        question.id,
        { type: 'string', enum: options.map((o) => o.value) },
        title(question),
        'RadioWidget',
      )
      form.optionTitles[question.id] = Object.fromEntries(
        options.map((o) => [o.value, optionTitle(question, o.value, o.label)]),
      )
    } else
      add(question.id, { type: 'string', maxLength: 1000 }, title(question), textWidget(question))
    if (question.required) required.push(question.id)
    for (const option of options) {
      const follow = option.question
      if (!follow) continue
      const when = { field: question.id, equals: option.value }
      // A follow-up is asked, and required, only while its option is chosen.
      const keys =
        follow.type === 'nameAndDate'
          ? [nameKey(question.id), dateKey(question.id)]
          : [detailsKey(question.id)]
      if (follow.type === 'nameAndDate') {
        const name = { type: 'string', minLength: 1, maxLength: 256 }
        add(keys[0]!, name, title(follow), 'TextWidget', when)
        add(keys[1]!, { type: 'string', format: 'date' }, dateTitle, 'TextWidget', when)
      } else {
        const text = { type: 'string', minLength: 1, maxLength: 1000 }
        add(keys[0]!, text, title(follow), textWidget(follow), when)
      }
      if (follow.required) required.push(...keys)
    }
  }
  return {
    runtime: { schema: { type: 'object', properties, required }, order, ...form },
    visibleWhen,
  }
}

const textWidget = (question: Question) =>
  question.type === 'text' ? 'TextWidget' : 'TextareaWidget'

/**
 * The form's values as answers: one per answered question, with the follow-up of the chosen
 * option only (a hidden follow-up is never sent).
 */
export function answersOf(
  data: Record<string, Json>,
  questions: readonly Question[],
): QuestionAnswer[] {
  const text = (key: string) => {
    const value = data[key]
    return typeof value === 'string' && value.trim() !== '' ? value : undefined
  }
  return questions.flatMap((question) => {
    const answer = text(question.id)
    if (answer === undefined) return []
    const follow = question.options?.find((o) => o.value === answer)?.question
    const result: QuestionAnswer = { questionId: question.id, answer }
    if (follow?.type === 'nameAndDate') {
      const name = text(nameKey(question.id))
      const date = text(dateKey(question.id))
      if (name) result.name = name
      if (date) result.date = date
    } else if (follow) {
      const details = text(detailsKey(question.id))
      if (details) result.details = details
    }
    return [result]
  })
}

/** The answers in a draft as the form's values. */
export function formOfAnswers(answers: Json | undefined): Record<string, Json> {
  const data: Record<string, Json> = {}
  for (const item of Array.isArray(answers) ? answers : []) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue
    const id = String(item.questionId)
    data[id] = item.answer ?? null
    if (item.details !== undefined) data[detailsKey(id)] = item.details
    if (item.name !== undefined) data[nameKey(id)] = item.name
    if (item.date !== undefined) data[dateKey(id)] = item.date
  }
  return data
}

/** The issues of the answers in a payload, at `<field>.<form key>` paths. */
export function questionIssues(
  questions: readonly Question[],
  answers: Json | undefined,
  field: string,
): WizardIssue[] {
  const { runtime, visibleWhen } = questionsForm(
    questions,
    () => '',
    () => '',
    '',
  )
  const data = formOfAnswers(answers)
  return flatErrors(runtime.schema as RJSFSchema, data)
    .filter((error) => isShown(String(error.property).slice(1), data, visibleWhen))
    .map((error) => ({
      path: `${field}.${String(error.property).slice(1)}`,
      key: `forms:errors.${error.name ?? 'invalid'}`,
      params: (error.params ?? {}) as Record<string, unknown>,
    }))
}
