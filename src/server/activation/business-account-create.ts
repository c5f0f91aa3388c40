// businessAccountCreate: the business registration wizard (product-spec sections 2, 3 and 4).
// The brand must register businesses of the chosen type, the captcha must be solved, and the
// payload must pass every check of section 5 the schema cannot express
// (src/shared/registration-rules.ts), the dictionaries and the users' e-mails being free: one
// VF names every failing field. Then one transaction stores it all (business-registration-
// store.ts); the first full user gets the activation e-mail, the others theirs on activation.
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  type FieldError,
  refusal,
  rpcOk,
  validationFailure,
} from '../rpc/outcome.ts'
import { hashPassword } from '../auth/password-hash.ts'
import type { CaptchaPass } from '../adapters/captcha/captcha-adapter.ts'
import { businessRegistrationIssues } from '../../shared/registration-rules.ts'
import { businessDictionaryErrors } from './registration-dictionaries.ts'
import {
  brandOf,
  brandRefusal,
  captchaPass,
  issueErrors,
  redeemCaptcha,
  refusalAsFailure,
  ruleOptions,
  takenEmails,
} from './registration-gate.ts'
import { unknownPasswordHash } from './registration-records.ts'
import {
  storeBusiness,
  type BusinessInput,
  type PlannedLogin,
} from './business-registration-store.ts'

export const handler: Handler<'businessAccountCreate'> = async (context, input) => {
  const brand = brandOf(context.brandId)
  const refusal = brandRefusal(brand, 'businessAccountCreate', input)
  if (refusal) return refusal
  const captcha = await captchaPass(context, input.captcha)
  if ('failure' in captcha) return captcha.failure
  const errors = [
    ...businessDictionaryErrors(input),
    ...issueErrors(businessRegistrationIssues(input, ruleOptions(brand))),
  ]
  // The rules passed or not, each user with an e-mail is looked up, so one answer lists all.
  errors.push(...(await emailErrors(context, input)))
  if (errors.length > 0) return validationFailure(errors)
  const logins = await plannedLogins(input)
  return refusalAsFailure(() => createBusiness(context, input, logins, captcha.pass))
}

/** The users, in the order of the users hub, with the person each one is. */
function usersWithPersons(input: BusinessInput) {
  return input.users.map((user) => {
    const personIndex = input.personList.findIndex((person) => person.id === user.personId)
    const email = input.personList[personIndex]?.email?.trim().toLowerCase()
    return { personIndex, accessRights: user.accessRights as number, email }
  })
}

async function emailErrors(context: HandlerContext, input: BusinessInput): Promise<FieldError[]> {
  const users = usersWithPersons(input).filter((user) => user.email !== undefined)
  const taken = await takenEmails(
    context.db,
    users.map((user) => user.email!),
  )
  return users
    .filter((user) => taken.has(user.email!))
    .map((user) =>
      refusal(`personList.${user.personIndex}.email`, 'refusal.registration.emailTaken'),
    )
}

/**
 * The first user with full rights becomes the business's own login, with the password sent
 * or none usable yet; every other user gets a login of their own without one. The passwords
 * are hashed before the transaction, as hashing takes a while.
 */
async function plannedLogins(
  input: BusinessInput,
): Promise<{ owner: PlannedLogin; employees: PlannedLogin[] }> {
  const planned: PlannedLogin[] = []
  const users = usersWithPersons(input)
  const ownerAt = users.findIndex((user) => user.accessRights === 2)
  for (const [at, user] of users.entries()) {
    if (user.personIndex < 0 || user.email === undefined) {
      throw new Error('assertion: the rules checked every user has a person with an e-mail')
    }
    const password = at === ownerAt ? input.password : undefined
    const passwordHash = password ? await hashPassword(password) : await unknownPasswordHash()
    planned.push({ ...user, email: user.email, passwordHash })
  }
  const [owner] = planned.splice(ownerAt, 1)
  if (!owner) throw new Error('assertion: the rules checked a user holds full rights')
  return { owner, employees: planned }
}

async function createBusiness(
  context: HandlerContext,
  input: BusinessInput,
  logins: { owner: PlannedLogin; employees: PlannedLogin[] },
  pass: CaptchaPass,
): Promise<Answer<'businessAccountCreate'> | Failure> {
  return context.db.transaction(async (tx) => {
    await redeemCaptcha(context, tx, pass)
    const customerId = await storeBusiness(tx, context, input, logins)
    return rpcOk({ customerId })
  })
}
