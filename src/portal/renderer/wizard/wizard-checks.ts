// The wizard's section checks (product-spec section 4: the request is sent only if all pass):
// each section's part of the payload against its form's schema, every item of personList and
// companyList against the item forms, and the issues the shared rules and the e-mail lookups
// find, each assigned to the section that shows it. Pure but for the precompiled validators,
// so the whole wizard is checked without rendering a section.
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import { isShown, valueAt } from '../field-paths.ts'
import wizardValidators from '../../../generated/wizard-validators.js'
import {
  addValidators,
  screensBundle,
  validatorFunctions,
  type FormMeta,
  type Json,
  type Wizard,
  type WizardSection,
} from '../screens-data.ts'
import { sectionSlice } from './wizard-payload.ts'

type Payload = Record<string, Json>

// The wizards' forms are validated by a module of their own, loaded with the wizard.
addValidators(wizardValidators)

/** Something to mend, at a dotted payload path, with its message's key and values. */
export interface WizardIssue {
  path: string
  key: string
  params?: Record<string, unknown>
  /** The request field whose section shows it, when the path does not say (shareholders). */
  field?: string
  /** The server's own words (a VF description the portal has no key for). */
  text?: string
}

/** The request fields a section checks: its form, its hub's field, its widget's fields. */
export function sectionFields(section: WizardSection): string[] {
  return [
    ...(section.form ?? []),
    ...(section.hub ? [section.hub.field] : []),
    ...(section.fields ?? []),
    ...(section.questions ? [section.questions.field] : []),
  ]
}

const validators = new Map<string, ReturnType<typeof createPrecompiledValidator>>()

function validatorOf(hash: string, schema: RJSFSchema) {
  let validator = validators.get(hash)
  if (!validator) {
    validator = createPrecompiledValidator(validatorFunctions as never, schema)
    validators.set(hash, validator)
  }
  return validator
}

/** rjsf's ".a.b" or ".list[0]" as "a.b" / "list.0". */
const dotted = (property: string | undefined) =>
  String(property ?? '')
    .replace(/^\./, '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')

/** The schema errors of a form's data, at payload paths under `prefix` (hidden fields left out). */
export function formIssues(meta: FormMeta, data: Payload, prefix = ''): WizardIssue[] {
  const schema = screensBundle.schemas[meta.schema] as RJSFSchema | undefined
  if (!schema) throw new Error(`assertion: schema ${meta.schema} is in the bundle`)
  const { errors } = validatorOf(meta.schema, schema).validateFormData(data, schema)
  return (errors as RJSFValidationError[])
    .filter(
      (error) => error.name !== 'if' && isShown(dotted(error.property), data, meta.visibleWhen),
    )
    .map((error) => ({
      path: `${prefix}${dotted(error.property)}`,
      key: `forms:errors.${error.name ?? 'invalid'}`,
      params: (error.params ?? {}) as Record<string, unknown>,
    }))
}

export interface CheckInput {
  screenId: string
  wizard: Wizard
  forms: Record<string, FormMeta>
  payload: Payload
}

/** The schema issues of every section and of every item of the item forms' lists. */
export function schemaIssues({ screenId, wizard, forms, payload }: CheckInput): WizardIssue[] {
  const issues: WizardIssue[] = []
  for (const section of wizard.sections) {
    const meta = forms[`${screenId}.${section.id}`]
    if (!meta) throw new Error(`assertion: form ${screenId}.${section.id} is in the bundle`)
    const fields = sectionFields(section).filter((f) => f !== section.questions?.field)
    issues.push(...formIssues(meta, sectionSlice(payload, fields)))
  }
  for (const [name, item] of Object.entries(wizard.items ?? {})) {
    const meta = forms[`${screenId}.${name}`]
    if (!meta) throw new Error(`assertion: form ${screenId}.${name} is in the bundle`)
    const list = payload[item.field]
    if (!Array.isArray(list)) continue
    list.forEach((entry, i) => {
      const data = entry && typeof entry === 'object' && !Array.isArray(entry) ? entry : {}
      issues.push(...formIssues(meta, data, `${item.field}.${i}.`))
    })
  }
  return issues
}

/** Whether a value refers to a person: a personId, or an id in a list of ids (directors). */
export function refersToPerson(value: Json | undefined, id: number, inIdList = false): boolean {
  if (Array.isArray(value))
    return value.some((item) => (inIdList && item === id) || refersToPerson(item, id, true))
  if (!value || typeof value !== 'object') return false
  return Object.entries(value).some(([key, item]) =>
    key === 'personId' ? item === id : refersToPerson(item, id, key === 'directors'),
  )
}

/**
 * The section that shows an issue: for an item of a list (personList.3.email) the first
 * section referring to that person, else the first section holding the path's field.
 */
export function sectionOfIssue(issue: WizardIssue, wizard: Wizard, payload: Payload): string {
  const sections = wizard.sections
  const holding = (path: string) =>
    sections.find((section) =>
      sectionFields(section).some(
        (field) => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`),
      ),
    )
  if (issue.field) return (holding(issue.field) ?? sections.at(-1)!).id
  const [list, index] = issue.path.split('.') as [string, string | undefined]
  const item = Object.entries(wizard.items ?? {}).find(([, entry]) => entry.field === list)
  if (item && index !== undefined && /^\d+$/.test(index)) {
    // Persons are edited where they are referred to; other items where their list is.
    const hubs = sections.filter((section) => section.hub?.item === item[0])
    const id = valueAt(payload, `${list}.${index}.id`)
    const referring =
      hubs.length > 0 && typeof id === 'number'
        ? sections.find((section) =>
            sectionFields(section).some((field) =>
              refersToPerson(valueAt(payload, field), id, section.hub?.field === field),
            ),
          )
        : undefined
    return (referring ?? holding(list) ?? hubs[0] ?? sections.at(-1)!).id
  }
  return (holding(issue.path) ?? sections[0]!).id
}

/** The issues by the id of the section that shows them, in the wizard's section order. */
export function issuesBySectionId(
  issues: readonly WizardIssue[],
  wizard: Wizard,
  payload: Payload,
): Map<string, WizardIssue[]> {
  const grouped = new Map<string, WizardIssue[]>(wizard.sections.map((s) => [s.id, []]))
  for (const issue of issues) grouped.get(sectionOfIssue(issue, wizard, payload))!.push(issue)
  return grouped
}
