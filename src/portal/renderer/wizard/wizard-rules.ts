// The named checks a wizard runs besides its sections' schemas (screen.schema.json, checks):
// the shared registration rules of product-spec section 5 (src/shared/registration-rules.ts,
// which the server runs too), their issues as the wizard shows them. The shared rules name
// the check that found an issue (shareholders, companies, users); here each is the request
// field whose section shows it.
import {
  businessRegistrationIssues,
  issuesBySection,
  personalRegistrationIssues,
  type BusinessRegistration,
  type RegistrationIssue,
  type RegistrationRuleOptions,
  type RegistrationSection,
} from '../../../shared/registration-rules.ts'
import { valueAt } from '../field-paths.ts'
import type { Json } from '../screens-data.ts'
import type { WizardIssue } from './wizard-checks.ts'

type Payload = Record<string, Json>
export type TaxIdRule = NonNullable<RegistrationRuleOptions['taxIdRule']>

export interface RuleOptions {
  sourceOfWealthEnable: boolean
  taxIdRule?: TaxIdRule
}

/** The request field whose section shows the issues of each shared check. */
const shownWith: Partial<Record<RegistrationSection, string>> = {
  shareholders: 'shareholders',
  companies: 'companyList',
  users: 'users',
}

/** A draft may still lack whole parts; the rules read these as empty rather than fail. */
function asBusinessRegistration(payload: Payload): BusinessRegistration {
  return {
    directors: [],
    shareholders: [],
    users: [],
    personList: [],
    company: {},
    authorizedCompanyRepresentative: {},
    ...payload,
  } as unknown as BusinessRegistration
}

function asIssues(issues: RegistrationIssue[]): WizardIssue[] {
  // Grouped by the check that found them (product-spec section 4: root, persons, companies,
  // shareholders, users), in that order.
  return Object.entries(issuesBySection(issues)).flatMap(([section, found]) =>
    found.map((issue) => {
      const field = shownWith[section as RegistrationSection]
      return {
        path: issue.path,
        key: `registration:issues.${issue.code}`,
        ...(issue.params && { params: issue.params }),
        ...(field !== undefined && { field }),
      }
    }),
  )
}

export const wizardRules: Record<
  'businessRegistration' | 'personalRegistration',
  (payload: Payload, options: RuleOptions) => WizardIssue[]
> = {
  businessRegistration(payload, options) {
    const issues = businessRegistrationIssues(asBusinessRegistration(payload), options)
    // A reference the draft has no value for yet (no representative chosen) is the schema's
    // to report, as required; "not in the list of persons" would send the person looking.
    const unset = (issue: RegistrationIssue) =>
      (issue.code === 'unknownPerson' || issue.code === 'unknownCompany') &&
      valueAt(payload, issue.path) === undefined
    return asIssues(issues.filter((issue) => !unset(issue)))
  },
  personalRegistration(payload, options) {
    const taxed = payload as Parameters<typeof personalRegistrationIssues>[0]
    if (typeof taxed.countryCode !== 'string') return []
    return asIssues(personalRegistrationIssues(taxed, options))
  },
}

/**
 * The schema's issues with the rules' added; where both refuse the same field (a share of 0,
 * no shareholder, a company without a director), only the rule's: it says why in the
 * product's words (product-spec section 5), and one field gets one message.
 */
export function withRuleIssues(
  issues: readonly WizardIssue[],
  ruled: readonly WizardIssue[],
): WizardIssue[] {
  const paths = new Set(ruled.map((issue) => issue.path))
  return [...issues.filter((issue) => !paths.has(issue.path)), ...ruled]
}
