// What a registration must pass before anything is stored (product-spec sections 1, 3 and 5):
// the brand opens registration and offers what was chosen, the captcha is solved, the e-mails
// are free, and the rules of src/shared/registration-rules.ts hold. Every failure is a value:
// 13 for a brand without registration, VF naming each field otherwise.
import { inArray, sql } from 'drizzle-orm'
import { brandHiddenOptions } from '../../generated/brands.ts'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { isUniqueViolation } from '../public-api/public-api-records.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import {
  type Failure,
  type FieldError,
  refusal,
  validationFailure,
  type RefusalKey,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { brandById, type BrandConfig, type BrandId } from '../rpc/request-brand.ts'
import { captchaOf } from '../adapters/captcha/captcha.ts'
import { captchaRefusalKey, type CaptchaPass } from '../adapters/captcha/captcha-adapter.ts'
import { taxIdRuleFor } from '../dictionaries/tax-id-rules.ts'
import {
  type RegistrationIssue,
  type RegistrationRuleOptions,
} from '../../shared/registration-rules.ts'

export type RegistrationForm = 'personalAccountCreate' | 'businessAccountCreate'

export function brandOf(brandId: BrandId): BrandConfig {
  const brand = brandById(brandId)
  if (!brand) throw new Error(`assertion: the request's brand ${brandId} exists`)
  return brand
}

/** The value at a dotted path of the payload, for the overlay fields (financialDetail.industry). */
function valueAt(payload: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], payload)
}

/**
 * 13 when the brand does not register anyone (allowRegistration false, section 1); VF naming
 * registrationType when the brand does not list the type, and VF naming any field whose value
 * the brand's overlay hides (the UK's live-streaming networks, the adult industries).
 */
export function brandRefusal(
  brand: BrandConfig,
  form: RegistrationForm,
  payload: { registrationType: string },
): Failure | undefined {
  if (!brand.allowRegistration) return rpcRefuse('13', 'refusal.registration.registrationClosed')
  const listed: readonly string[] =
    form === 'personalAccountCreate'
      ? brand.registrationPersonalTypes
      : brand.registrationBusinessTypes
  const errors: FieldError[] = []
  const notOffered = (parameter: string) =>
    errors.push(refusal(parameter, 'refusal.registration.typeNotOffered'))
  if (!listed.includes(payload.registrationType)) notOffered('registrationType')
  for (const [field, hidden] of Object.entries(brandHiddenOptions[brand.id]?.[form] ?? {})) {
    const value = valueAt(payload, field)
    if (hidden.includes(value as string | number) && !errors.some((e) => e.parameter === field)) {
      notOffered(field)
    }
  }
  return errors.length > 0 ? validationFailure(errors) : undefined
}

/** The captcha's check without writing: a pass to redeem with the account, or VF. */
export async function captchaPass(
  context: HandlerContext,
  token: string,
): Promise<{ pass: CaptchaPass } | { failure: Failure }> {
  const check = await captchaOf(context).verify(token, context.ip)
  if (check.ok) return { pass: check.pass }
  const reason = captchaRefusalKey[check.refusal]
  return { failure: validationFailure([refusal('captcha', reason)]) }
}

/** Uses the captcha up in the registration's transaction; a replay ends it with a VF. */
export async function redeemCaptcha(context: HandlerContext, tx: Db, pass: CaptchaPass) {
  const redeemed = await captchaOf(context).redeem(tx, pass)
  if (!redeemed.ok) throw new RegistrationRefused('captcha', captchaRefusalKey.used)
}

/** The rule options of the server: the brand's source of wealth and the tax-id table. */
export function ruleOptions(brand: BrandConfig): RegistrationRuleOptions {
  return {
    sourceOfWealthEnable: brand.sourceOfWealthEnable,
    taxIdRule: (countryCode, kind) => {
      const side = taxIdRuleFor(countryCode, kind)[kind]
      return side ? { required: side.required } : undefined
    },
  }
}

export function issueErrors(issues: readonly RegistrationIssue[]): FieldError[] {
  return issues.map((issue) => refusal(issue.path, `refusal.registration.${issue.code}` as const))
}

/** Lower-cased e-mails that already name a user or a customer (as emailCheck looks them up). */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(emails.map((email) => email.trim().toLowerCase()))]
  if (keys.length === 0) return new Set()
  const byUser = await db
    .select({ email: users.username })
    .from(users)
    .where(inArray(users.username, keys))
  const byCustomer = await db
    .select({ email: sql<string>`lower(${customers.email})` })
    .from(customers)
    .where(inArray(sql`lower(${customers.email})`, keys))
  return new Set([...byUser, ...byCustomer].map((row) => row.email))
}

/**
 * A registration refused inside its transaction (a captcha replayed, an e-mail taken by a
 * registration that committed first): thrown to roll everything back, answered as a VF.
 */
export class RegistrationRefused extends Error {
  readonly parameter: string
  readonly reason: RefusalKey

  constructor(parameter: string, reason: RefusalKey) {
    super(`registration refused: ${parameter} ${reason}`)
    this.parameter = parameter
    this.reason = reason
  }
}

/** Runs an insert of a login; the unique username index losing a race names the e-mail. */
export async function insertingLogin<T>(parameter: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert()
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new RegistrationRefused(parameter, 'refusal.registration.emailTaken')
    }
    throw error
  }
}

/** The transaction's outcome: its answer, or the VF of a refusal that rolled it back. */
export async function refusalAsFailure<T>(run: () => Promise<T>): Promise<T | Failure> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof RegistrationRefused)) throw error
    return validationFailure([refusal(error.parameter, error.reason)])
  }
}
