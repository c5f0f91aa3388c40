// personalAccountCreate: /register/personal (product-spec sections 2 and 7). The brand must
// register people of the chosen type, the captcha must be solved, the e-mail free, the
// dictionary values real and the tax id present where the country's table requires one.
// Then, in one transaction, the customer, its login and records, a payment account and the
// activation e-mail; the account stays inactive until accountActivate.
import { customers } from '../db/schema.ts'
import { kycProfiles } from '../db/schema.ts'
import type { Handler, HandlerContext, RequestOf } from '../rpc/handler-context.ts'
import { defaultLang } from '../messages/messages.ts'
import { type Answer, type Failure, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { hashPassword } from '../auth/password-hash.ts'
import type { CaptchaPass } from '../adapters/captcha/captcha-adapter.ts'
import { CustomerInfoCustomerType } from '../../generated/constants.ts'
import { normalizeName, personalRegistrationIssues } from '../../shared/registration-rules.ts'
import { personalDictionaryErrors } from './registration-dictionaries.ts'
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
import {
  addressType,
  insertContacts,
  insertLogin,
  insertRegistration,
  openFirstAccount,
  sendActivation,
} from './registration-records.ts'

type Input = RequestOf<'personalAccountCreate'>

export const handler: Handler<'personalAccountCreate'> = async (context, input) => {
  const brand = brandOf(context.brandId)
  const denied = brandRefusal(brand, 'personalAccountCreate', input)
  if (denied) return denied
  const captcha = await captchaPass(context, input.captcha)
  if ('failure' in captcha) return captcha.failure
  const email = input.email.trim().toLowerCase()
  const errors = [
    ...personalDictionaryErrors(input),
    ...issueErrors(personalRegistrationIssues(input, ruleOptions(brand))),
  ]
  if ((await takenEmails(context.db, [email])).has(email)) {
    errors.unshift(refusal('email', 'refusal.registration.emailTaken'))
  }
  if (errors.length > 0) return validationFailure(errors)
  const passwordHash = await hashPassword(input.password)
  return refusalAsFailure(() =>
    createPersonal(context, input, { email, passwordHash }, captcha.pass),
  )
}

async function createPersonal(
  context: HandlerContext,
  input: Input,
  login: { email: string; passwordHash: string },
  pass: CaptchaPass,
): Promise<Answer<'personalAccountCreate'> | Failure> {
  return context.db.transaction(async (tx) => {
    await redeemCaptcha(context, tx, pass)
    const [customer] = await tx
      .insert(customers)
      .values({
        customerType: CustomerInfoCustomerType.Personal,
        firstName: normalizeName(input.firstName),
        lastName: normalizeName(input.lastName),
        email: login.email,
        residenceCountryCode: input.countryCode,
        birthDay: input.birthday,
        taxId: input.taxId ?? null,
        lang: context.lang ?? defaultLang,
        // A new person has given no proof of identity or address yet: KYC comes first after
        // signing in (src/server/kyc/kyc-need.ts says when it is met).
        needsKyc: true,
      })
      .returning({ id: customers.id })
    if (!customer) throw new Error('assertion: the customer insert returned its row')
    const customerId = customer.id
    await insertContacts(tx, {
      customerId,
      email: login.email,
      phone: input.phone,
      addresses: [{ address: input.address, type: addressType.home }],
    })
    await tx.insert(kycProfiles).values({
      customerId,
      occupationId: input.occupationId ?? null,
      sourceOfFundsIds: input.sourceOfFundsIds ?? [],
      purposeIds: input.purposeIds ?? [],
      estimatedMonthlyDepositId: input.monthlyDepositRangeId ?? null,
    })
    await insertRegistration(tx, context, {
      customerId,
      kind: 'personal',
      registrationType: input.registrationType,
      tinMissingReason: input.tinMissingReason ?? null,
      tinMissingExplanation: input.tinMissingExplanation ?? null,
    })
    await openFirstAccount(tx, customerId)
    const userId = await insertLogin(
      tx,
      { username: login.email, passwordHash: login.passwordHash, customerId },
      'email',
    )
    await sendActivation(tx, userId, login.email, 'activation', context.lang ?? defaultLang)
    return rpcOk({ customerId })
  })
}
