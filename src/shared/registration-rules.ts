// The business registration checks that JSON Schema cannot express (product-spec section 5:
// Shareholders, Persons, Users, Tax id; section 4: Business registration). The portal runs them
// per wizard section before it sends the payload; the server runs the same table and answers
// VF with every issue (docs/decisions.md, "Registration (issue 13)").
import type { components } from '../generated/api.d.ts'

type Schemas = components['schemas']
export type BusinessRegistration = Schemas['BusinessRegistration']
export type ShareholderNode = Schemas['Shareholder']
export type RegistrationPerson = Schemas['RegistrationPerson']
export type RegistrationCompany = Schemas['RegistrationCompany']

/** The wizard's section checks (product-spec section 4, Business registration). */
export type RegistrationSection = 'root' | 'persons' | 'companies' | 'shareholders' | 'users'
export const registrationSections: readonly RegistrationSection[] = [
  'root',
  'persons',
  'companies',
  'shareholders',
  'users',
]

export type RegistrationIssueCode =
  | 'shareholdersMissing'
  | 'shareOutOfRange'
  | 'levelSumOutOfRange'
  | 'shareholderCycle'
  | 'companyWithoutDirector'
  | 'sourcesOfFundsMissing'
  | 'sourceOfFundsDetailsMissing'
  | 'unknownPerson'
  | 'unknownCompany'
  | 'duplicateId'
  | 'directorMissing'
  | 'usersMissing'
  | 'duplicateUser'
  | 'userWithoutRights'
  | 'rightsNotSelectable'
  | 'noFullRightsUser'
  | 'userNotMarked'
  | 'userNotListed'
  | 'userRightsMismatch'
  | 'userEmailMissing'
  | 'duplicateEmail'
  | 'emailTaken'
  | 'unknownCountry'
  | 'taxIdRequired'
  | 'typeNotOffered'
  | 'registrationClosed'

export interface RegistrationIssue {
  section: RegistrationSection
  /** The dotted payload path a VF parameter names, e.g. 'shareholders.0.shareholders.1.share'. */
  path: string
  code: RegistrationIssueCode
  params?: Record<string, string | number>
}

export interface RegistrationRuleOptions {
  /** The brand's sourceOfWealthEnable (product-spec section 3, Brand config). */
  sourceOfWealthEnable: boolean
  /** The country's row of the tax-id table; undefined when the caller has no table. */
  taxIdRule?(countryCode: string, kind: 'personal' | 'business'): { required: boolean } | undefined
}

/** The English text of each issue: the server's VF description, the portal's fallback. */
export const registrationIssueText: Record<RegistrationIssueCode, string> = {
  shareholdersMissing: 'At least one shareholder is required.',
  shareOutOfRange: 'A share must be above 0 and at most 100 %.',
  levelSumOutOfRange: 'The shares of one level must add up to between 10 and 100 %.',
  shareholderCycle: 'A company cannot be among its own shareholders.',
  companyWithoutDirector: 'A shareholder company needs at least one director.',
  sourcesOfFundsMissing: 'A person holding more than 25 % needs at least one source of funds.',
  sourceOfFundsDetailsMissing:
    'A person holding more than 25 % needs details for each source of funds.',
  unknownPerson: 'This person is not in the list of persons.',
  unknownCompany: 'This company is not in the list of companies.',
  duplicateId: 'This id is used twice.',
  directorMissing: 'At least one director is required.',
  usersMissing: 'At least one user is required.',
  duplicateUser: 'This person is a user twice.',
  userWithoutRights: 'A user needs access rights.',
  rightsNotSelectable: 'These access rights cannot be chosen.',
  noFullRightsUser: 'At least one user needs full access rights.',
  userNotMarked: 'This person must be marked as a user with the same access rights.',
  userNotListed: 'A person marked as a user must be in the list of users.',
  userRightsMismatch: 'The access rights differ from those in the list of users.',
  userEmailMissing: 'A user needs an e-mail address.',
  duplicateEmail: 'Two users cannot share an e-mail address.',
  emailTaken: 'An account with this e-mail address already exists.',
  unknownCountry: 'This is not a country of the list.',
  taxIdRequired: 'A tax id is required in this country.',
  typeNotOffered: 'This choice is not offered.',
  registrationClosed: 'Registration is not open on this site.',
}

/** Effective percents and level sums are rounded to this many decimals, so 33.33 thirds add up. */
const percentDecimals = 6
const roundPercent = (value: number): number => {
  const scale = 10 ** percentDecimals
  return Math.round(value * scale) / scale
}

/** Source-of-wealth threshold of product-spec section 9, in percent of effective ownership. */
export const sourceOfWealthThresholdPercent = 25
/** Each level's sum of shares, in percent (product-spec section 5). */
export const levelSumPercent = { min: 10, max: 100 } as const

/**
 * Walks the tree handing each node its effective percent of the registering company: the
 * product of the shares down its path, not rounded. A person ends a path; a company's own
 * shareholders are walked below it.
 */
export function walkEffectiveShares(
  shareholders: readonly ShareholderNode[],
  visit: (node: ShareholderNode, effectivePercent: number) => void,
): void {
  const walk = (nodes: readonly ShareholderNode[], factor: number, depth: number): void => {
    // A payload is finite, but a company listed under itself would make the path endless in
    // the portal's editor; the depth bound keeps this function total on any input.
    if (depth > 64) return
    for (const node of nodes) {
      const share = (factor * node.share) / 100
      visit(node, share * 100)
      const endsPath = node.type === 1 && node.personId !== undefined
      if (!endsPath && node.shareholders) walk(node.shareholders, share, depth + 1)
    }
  }
  walk(shareholders, 1, 0)
}

/**
 * personId -> effective percent of the registering company: the product of the shares down
 * each path to the person, summed over every place the person appears.
 */
export function effectiveShares(shareholders: readonly ShareholderNode[]): Map<number, number> {
  const result = new Map<number, number>()
  walkEffectiveShares(shareholders, (node, percent) => {
    if (node.type === 1 && node.personId !== undefined) {
      result.set(node.personId, roundPercent((result.get(node.personId) ?? 0) + percent))
    }
  })
  return result
}

/** An effective percent as the rules compare and show it (6 decimals, so thirds add up). */
export function effectivePercent(value: number): number {
  return roundPercent(value)
}

/**
 * A person holding more than 25 % of the company through every level is one of its ultimate
 * beneficial owners, whether or not the registration listed them: the threshold at which
 * section 5 asks for their source of funds (docs/decisions.md, "Company operations").
 */
export function isUltimateOwnerShare(effectivePercentValue: number): boolean {
  return !clearsSourceOfFunds(effectivePercentValue)
}

/** A share at or below 25 % of effective ownership clears source-of-funds details (section 4). */
export function clearsSourceOfFunds(effectivePercent: number): boolean {
  return roundPercent(effectivePercent) <= sourceOfWealthThresholdPercent
}

/** Trimmed, with repeated whitespace collapsed to one space (product-spec section 5, Names). */
export function normalizeName(value: string): string {
  return value.trim().replace(/\s+/g, ' ')
}

/** The issues grouped by the wizard section whose check reports them. */
export function issuesBySection(
  issues: readonly RegistrationIssue[],
): Record<RegistrationSection, RegistrationIssue[]> {
  const grouped = Object.fromEntries(
    registrationSections.map((section) => [section, [] as RegistrationIssue[]]),
  ) as Record<RegistrationSection, RegistrationIssue[]>
  for (const issue of issues) grouped[issue.section].push(issue)
  return grouped
}

interface Lookups {
  persons: Map<number, number>
  companies: Map<number, number>
}

/** Index of each payload id; a repeated id is an issue and keeps its first index. */
function lookups(payload: BusinessRegistration, issues: RegistrationIssue[]): Lookups {
  const index = (ids: number[], list: string, section: RegistrationSection) => {
    const map = new Map<number, number>()
    ids.forEach((id, i) => {
      if (map.has(id)) issues.push({ section, path: `${list}.${i}.id`, code: 'duplicateId' })
      else map.set(id, i)
    })
    return map
  }
  return {
    persons: index(
      payload.personList.map((p) => p.id),
      'personList',
      'persons',
    ),
    companies: index(
      (payload.companyList ?? []).map((c) => c.id),
      'companyList',
      'companies',
    ),
  }
}

function referenceIssues(payload: BusinessRegistration, { persons }: Lookups): RegistrationIssue[] {
  const issues: RegistrationIssue[] = []
  const person = (id: number, path: string, section: RegistrationSection) => {
    if (!persons.has(id)) issues.push({ section, path, code: 'unknownPerson', params: { id } })
  }
  if (payload.directors.length === 0) {
    issues.push({ section: 'root', path: 'directors', code: 'directorMissing' })
  }
  payload.directors.forEach((id, i) => person(id, `directors.${i}`, 'root'))
  payload.ultimateBeneficiaryOwners?.forEach((id, i) =>
    person(id, `ultimateBeneficiaryOwners.${i}`, 'root'),
  )
  person(
    payload.authorizedCompanyRepresentative.personId,
    'authorizedCompanyRepresentative.personId',
    'root',
  )
  payload.companyList?.forEach((company, c) => {
    const path = `companyList.${c}.directors`
    if (!company.directors?.length) {
      issues.push({ section: 'shareholders', path, code: 'companyWithoutDirector' })
    }
    company.directors?.forEach((id, i) => person(id, `${path}.${i}`, 'companies'))
  })
  return issues
}

/** The tree's checks: shares, level sums, references and cycles (product-spec section 5). */
function shareholderIssues(
  payload: BusinessRegistration,
  { persons, companies }: Lookups,
): RegistrationIssue[] {
  const issues: RegistrationIssue[] = []
  const add = (path: string, code: RegistrationIssueCode, params?: RegistrationIssue['params']) =>
    issues.push({ section: 'shareholders', path, code, ...(params ? { params } : {}) })
  const level = (nodes: readonly ShareholderNode[] | undefined, path: string, owners: number[]) => {
    if (!nodes?.length) return add(path, 'shareholdersMissing')
    const sum = roundPercent(nodes.reduce((total, node) => total + node.share, 0))
    if (sum < levelSumPercent.min || sum > levelSumPercent.max) {
      add(path, 'levelSumOutOfRange', { sum, ...levelSumPercent })
    }
    nodes.forEach((node, i) => {
      const at = `${path}.${i}`
      if (!(node.share > 0 && node.share <= 100)) add(`${at}.share`, 'shareOutOfRange')
      if (node.type === 1) {
        const id = node.personId
        if (id === undefined || !persons.has(id)) add(`${at}.personId`, 'unknownPerson')
        return
      }
      const id = node.companyId
      if (id === undefined || !companies.has(id)) return add(`${at}.companyId`, 'unknownCompany')
      if (owners.includes(id)) return add(`${at}.companyId`, 'shareholderCycle')
      level(node.shareholders, `${at}.shareholders`, [...owners, id])
    })
  }
  level(payload.shareholders, 'shareholders', [])
  return issues
}

/**
 * With source of wealth on, a person above the threshold names at least one source of funds
 * and details for each (product-spec sections 4 and 5; at exactly 25 % the details are
 * cleared, so they cannot be required there: docs/decisions.md).
 */
function sourceOfFundsIssues(
  payload: BusinessRegistration,
  { persons }: Lookups,
  options: RegistrationRuleOptions,
): RegistrationIssue[] {
  if (!options.sourceOfWealthEnable) return []
  const issues: RegistrationIssue[] = []
  for (const [personId, percent] of effectiveShares(payload.shareholders)) {
    const index = persons.get(personId)
    if (index === undefined || clearsSourceOfFunds(percent)) continue
    const path = `personList.${index}.sourcesOfFunds`
    const sources = payload.personList[index]!.sourcesOfFunds ?? []
    const params = { percent }
    if (sources.length === 0) {
      issues.push({ section: 'shareholders', path, code: 'sourcesOfFundsMissing', params })
    }
    sources.forEach((source, s) => {
      if (source.details?.trim()) return
      const at = `${path}.${s}.details`
      issues.push({
        section: 'shareholders',
        path: at,
        code: 'sourceOfFundsDetailsMissing',
        params,
      })
    })
  }
  return issues
}

/** The users hub against the persons marked as users (product-spec section 5, Users). */
function userIssues(payload: BusinessRegistration, { persons }: Lookups): RegistrationIssue[] {
  const issues: RegistrationIssue[] = []
  const add = (section: RegistrationSection, path: string, code: RegistrationIssueCode) =>
    issues.push({ section, path, code })
  if (payload.users.length === 0) add('users', 'users', 'usersMissing')
  else if (!payload.users.some((user) => user.accessRights === 2)) {
    add('users', 'users', 'noFullRightsUser')
  }
  const listed = new Map<number, number>()
  payload.users.forEach((user, i) => {
    const rights = user.accessRights as number
    if (rights === 0) add('users', `users.${i}.accessRights`, 'userWithoutRights')
    else if (rights === 5) add('users', `users.${i}.accessRights`, 'rightsNotSelectable')
    const index = persons.get(user.personId)
    if (index === undefined) return add('users', `users.${i}.personId`, 'unknownPerson')
    if (listed.has(user.personId)) return add('users', `users.${i}.personId`, 'duplicateUser')
    listed.set(user.personId, rights)
    const person = payload.personList[index]!
    if (!person.isUser) add('users', `personList.${index}.isUser`, 'userNotMarked')
    else if (person.accessRights !== rights) {
      add('users', `personList.${index}.accessRights`, 'userRightsMismatch')
    }
  })
  const emails = new Set<string>()
  payload.personList.forEach((person, p) => {
    const isUser = person.isUser || listed.has(person.id)
    if (person.isUser && !listed.has(person.id))
      add('users', `personList.${p}.isUser`, 'userNotListed')
    if (!isUser) return
    const email = person.email?.trim().toLowerCase()
    if (!email) return add('persons', `personList.${p}.email`, 'userEmailMissing')
    if (emails.has(email)) add('persons', `personList.${p}.email`, 'duplicateEmail')
    emails.add(email)
  })
  return issues
}

/** Tax ids required by the country table: a person's address country, a company's registration. */
function taxIdIssues(
  payload: BusinessRegistration,
  options: RegistrationRuleOptions,
): RegistrationIssue[] {
  const rule = options.taxIdRule
  if (!rule) return []
  const issues: RegistrationIssue[] = []
  const needs = (country: string | undefined, kind: 'personal' | 'business', has: boolean) =>
    country !== undefined && !has && rule(country, kind)?.required === true
  const company = (c: RegistrationCompany, path: string, section: RegistrationSection) => {
    if (
      needs(c.registrationCountryCode, 'business', Boolean(c.businessTaxId) || c.noTaxId === true)
    ) {
      const params = { countryCode: c.registrationCountryCode }
      issues.push({ section, path: `${path}.businessTaxId`, code: 'taxIdRequired', params })
    }
  }
  company(payload.company, 'company', 'root')
  payload.companyList?.forEach((c, i) => company(c, `companyList.${i}`, 'companies'))
  payload.personList.forEach((person, i) => {
    const country = person.address?.countryCode
    if (needs(country, 'personal', Boolean(person.taxId) || person.noTaxId === true)) {
      const params = { countryCode: country! }
      issues.push({
        section: 'persons',
        path: `personList.${i}.taxId`,
        code: 'taxIdRequired',
        params,
      })
    }
  })
  return issues
}

/**
 * Every check of product-spec section 5 that JSON Schema cannot express, on a payload that
 * passed the schema (the portal may run it on a draft too: nothing here throws).
 */
export function businessRegistrationIssues(
  payload: BusinessRegistration,
  options: RegistrationRuleOptions,
): RegistrationIssue[] {
  const issues: RegistrationIssue[] = []
  const found = lookups(payload, issues)
  return [
    ...issues,
    ...referenceIssues(payload, found),
    ...shareholderIssues(payload, found),
    ...sourceOfFundsIssues(payload, found, options),
    ...userIssues(payload, found),
    ...taxIdIssues(payload, options),
  ]
}

/** The tax-id check of a personal registration (product-spec section 5, Tax id). */
export function personalRegistrationIssues(
  payload: Pick<Schemas['PersonalRegistration'], 'countryCode' | 'taxId' | 'noTaxId'>,
  options: Pick<RegistrationRuleOptions, 'taxIdRule'>,
): RegistrationIssue[] {
  const has = Boolean(payload.taxId) || payload.noTaxId === true
  if (has || options.taxIdRule?.(payload.countryCode, 'personal')?.required !== true) return []
  const params = { countryCode: payload.countryCode }
  return [{ section: 'root', path: 'taxId', code: 'taxIdRequired', params }]
}
