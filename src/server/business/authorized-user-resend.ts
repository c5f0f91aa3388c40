// authorizedUserResend: a new activation e-mail for a login of the acting business that has
// not activated its account yet (product-spec sections 2 and 4); one already activated, or
// no login of the business, is VF naming userId. At most three e-mails an hour per login, as
// for activationCodeResend.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  refusal,
  rpcOk,
  validationFailure,
  type RefusalKey,
  type RefusalParams,
} from '../rpc/outcome.ts'
import { codesSentLastHour, maxCodesPerHour } from '../activation/account-codes.ts'
import { mailEmployeeActivation } from '../activation/activate.ts'
import { sendActivation } from '../activation/registration-records.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { activationStates, linksSent, notAUser } from './authorized-users.ts'
import { languageOfUser } from '../messages/reader-language.ts'

const refuse = (reason: RefusalKey, params?: RefusalParams) =>
  validationFailure([refusal('userId', reason, params)])

export const handler: Handler<'authorizedUserResend'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const login = company.logins.get(input.userId)
  if (!login) return refuse(notAUser)
  const states = await activationStates(context.db, [...company.logins.keys()])
  const pending = states.get(login.userId)?.pending
  if (!pending) return refuse('refusal.business.alreadyActivated')
  // Registration holds the users' links until the business itself is activated.
  if (!login.isOwner && !linksSent(company, states)) {
    return refuse('refusal.business.activationAfterCompany')
  }
  const sent = await codesSentLastHour(context.db, login.userId, pending.purpose)
  if (sent >= maxCodesPerHour) {
    return refuse('refusal.business.tooManyActivationMails', { count: maxCodesPerHour })
  }
  if (pending.purpose === 'activationEmployee') {
    await mailEmployeeActivation(context.db, login.userId, login.username)
  } else if (pending.purpose === 'activation' || pending.purpose === 'activationBusiness') {
    const lang = await languageOfUser(context.db, login.userId)
    await sendActivation(context.db, login.userId, login.username, pending.purpose, lang)
  }
  return rpcOk()
}
