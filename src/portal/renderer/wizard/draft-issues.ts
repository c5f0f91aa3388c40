// Every issue a wizard finds without asking the server: each section's schema, the item
// forms, the questions of a dictionary, and the shared rules (product-spec section 5) with
// the tax-id table's answer. Pure, so the whole wizard is checked in a test.
import type { DictionaryReply } from '../../api/dictionaries.ts'
import type { FormMeta, Json, Wizard } from '../screens-data.ts'
import { taxIdName } from '../tax-id-names.ts'
import { questionIssues, type Question } from './questions-form.ts'
import { schemaIssues, type WizardIssue } from './wizard-checks.ts'
import { withRuleIssues, wizardRules, type RuleOptions } from './wizard-rules.ts'

type Payload = Record<string, Json>

export interface IssuesInput {
  screenId: string
  wizard: Wizard
  forms: Record<string, FormMeta>
  /** The dictionaries' answers by operation (questions, the tax-id table). */
  replies: Record<string, DictionaryReply>
  sourceOfWealthEnable: boolean
}

/** The rules' view of the tax-id table: a country's row for a person or a business. */
function ruleOptions(input: IssuesInput): RuleOptions {
  const hint = input.wizard.taxIds?.[0]
  const source = hint && input.wizard.dictionaries?.[hint.dictionary]
  const reply = source && input.replies[source.operation]
  if (!source || !reply) return { sourceOfWealthEnable: input.sourceOfWealthEnable }
  const table = { operation: source.operation, items: source.items, value: source.value ?? 'id' }
  return {
    sourceOfWealthEnable: input.sourceOfWealthEnable,
    taxIdRule: (country, kind) => taxIdName(reply, { ...table, label: 'name' }, country, kind),
  }
}

/** Every issue the wizard finds without asking the server. */
export function draftIssues(input: IssuesInput, payload: Payload): WizardIssue[] {
  const { wizard, replies } = input
  const issues = schemaIssues({ ...input, payload })
  for (const section of wizard.sections) {
    const asked = section.questions
    const source = asked && wizard.dictionaries?.[asked.dictionary]
    const reply = source && replies[source.operation]
    if (!asked || !reply) continue
    const questions = (reply[source.items] ?? []) as Question[]
    issues.push(...questionIssues(questions, payload[asked.field], asked.field))
  }
  if (!wizard.checks) return issues
  // A rule that names the same field says it better ("at least one director" over "required").
  return withRuleIssues(issues, wizardRules[wizard.checks](payload, ruleOptions(input)))
}
