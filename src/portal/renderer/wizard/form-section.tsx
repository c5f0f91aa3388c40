// A form section of a wizard: the schema form over the section's fields of the payload (the
// bundle's form for the section, overlays applied), with the issues found on its fields, and
// the section's questions as a form built from their dictionary.
import { startTransition, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import type { DictionaryReply } from '../../api/dictionaries.ts'
import type { Choice } from '../form-choices.ts'
import { SchemaForm } from '../schema-form.tsx'
import {
  screensBundle,
  type FormMeta,
  type Json,
  type Schema,
  type Wizard,
  type WizardSection,
} from '../screens-data.ts'
import { fieldErrors } from './issue-texts.ts'
import { IssueList } from './issue-list.tsx'
import { answersOf, formOfAnswers, questionsForm, type Question } from './questions-form.ts'
import type { WizardIssue } from './wizard-checks.ts'
import { mergeSlice, sectionSlice } from './wizard-payload.ts'

type Payload = Record<string, Json>

export interface FormSectionProps {
  screenId: string
  wizard: Wizard
  section: WizardSection
  forms: Record<string, FormMeta>
  payload: Payload
  update(change: (payload: Payload) => Payload): void
  issues: readonly WizardIssue[]
  replies: Record<string, DictionaryReply>
  /** The persons of the payload, for fields that name one (personId). */
  persons: Choice[]
}

/**
 * The field of a form's schema that shows an issue at a dotted path, or undefined: an item
 * of a list of plain values (a chosen source of funds) is shown on the list.
 */
export function formFieldOf(schema: Schema | undefined, path: string): string | undefined {
  let node: Schema | undefined = schema
  const parts = path.split('.')
  for (const [i, part] of parts.entries()) {
    if (node?.type === 'array' && /^\d+$/.test(part)) {
      const items = node.items as Schema | undefined
      if (items?.type !== 'object') return parts.slice(0, i).join('.')
      node = items
      continue
    }
    node = (node?.properties as Record<string, Schema> | undefined)?.[part]
    if (!node) return undefined
  }
  return path
}

/** The dotted fields of a form that name a person (personId), given the persons as options. */
function personFields(schema: Schema | undefined, prefix = ''): string[] {
  return Object.entries((schema?.properties ?? {}) as Record<string, Schema>).flatMap(
    ([name, property]) =>
      name === 'personId'
        ? [`${prefix}${name}`]
        : property.type === 'object'
          ? personFields(property, `${prefix}${name}.`)
          : [],
  )
}

/**
 * A form's change reaches the draft in a transition: the keystroke draws its field at once
 * and the rest of the wizard (the stepper, the hub's rows, the issues) follows after the
 * paint, instead of every keystroke waiting for all of it (issue 13's budget of 50 ms).
 */
function changeDraft(update: FormSectionProps['update'], change: (payload: Payload) => Payload) {
  startTransition(() => update(change))
}

export function FormSection(props: FormSectionProps) {
  const { t } = useTranslation(['registration', 'forms'])
  const { screenId, section, forms, payload, update, issues } = props
  const fields = section.form ?? []
  const formKey = `${screenId}.${section.id}${section.hub || section.widget ? '.form' : ''}`
  const schema = screensBundle.schemas[forms[formKey]?.schema ?? '']
  const extraChoices = useMemo(
    () => Object.fromEntries(personFields(schema).map((field) => [field, props.persons])),
    [schema, props.persons],
  )
  const asked = section.questions
  const onField = issues.flatMap((issue) => {
    const path = formFieldOf(schema, issue.path)
    return path === undefined ? [] : [{ ...issue, path }]
  })
  const elsewhere = issues.filter(
    (issue) =>
      formFieldOf(schema, issue.path) === undefined &&
      !(asked && issue.path.startsWith(`${asked.field}.`)),
  )
  return (
    <Stack>
      {/* A hub gives its form only the issues of none of its rows (no user with full rights). */}
      <IssueList issues={elsewhere} />
      <SchemaForm
        formKey={formKey}
        operationId={props.wizard.operation}
        initial={sectionSlice(payload, fields)}
        serverErrors={fieldErrors(t, onField)}
        extraChoices={extraChoices}
        outerData={payload}
        submitLabel=""
        embedded
        onChange={(data) => changeDraft(update, (current) => mergeSlice(current, data, fields))}
        onSubmit={() => undefined}
      />
      {asked && <QuestionsPart {...props} asked={asked} />}
    </Stack>
  )
}

/** The section's questions (additionalQuestions), their texts in the page's language. */
function QuestionsPart(
  props: FormSectionProps & { asked: NonNullable<WizardSection['questions']> },
) {
  const { t } = useTranslation(['registration', 'forms'])
  const { asked, wizard, payload, update } = props
  const source = wizard.dictionaries?.[asked.dictionary]
  const reply = source && props.replies[source.operation]
  const listed = source && reply?.[source.items]
  const questions = useMemo(() => (Array.isArray(listed) ? (listed as Question[]) : []), [listed])
  const form = useMemo(
    () =>
      questionsForm(
        questions,
        (question) => t(`registration:questions.${question.id}`, { defaultValue: question.label }),
        (question, value, label) =>
          t(
            [
              `registration:questionOptions.${question.id}.${value}`,
              `registration:answers.${value}`,
            ],
            {
              defaultValue: label,
            },
          ),
        t('registration:questionDate'),
      ),
    [questions, t],
  )
  if (questions.length === 0) return null
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('registration:questionsTitle')}
      </Title>
      <SchemaForm
        key={questions.map((question) => question.id).join()}
        formKey={`${props.screenId}.${props.section.id}.questions`}
        operationId={wizard.operation}
        runtime={form.runtime}
        visibleWhen={form.visibleWhen}
        initial={formOfAnswers(payload[asked.field])}
        serverErrors={fieldErrors(t, props.issues, `${asked.field}.`)}
        submitLabel=""
        embedded
        onChange={(data) =>
          changeDraft(update, (current) => ({
            ...current,
            [asked.field]: answersOf(data, questions) as unknown as Json,
          }))
        }
        onSubmit={() => undefined}
      />
    </Stack>
  )
}
