// fatcaCrsPersonalUpdate: saves the personal customer's tax residencies and US status, and
// produces the forms they call for (product-spec sections 3, 4 and 5; fatca-save.ts). Fields
// left out come from the KYC profile; every rule refused is VF naming its field, and a refused
// update changes nothing.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkedPersonAnswers } from './fatca-person-answers.ts'
import { fatcaRuleOptions, saveAnswers } from './fatca-save.ts'
import { isFailure, personalSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

export const handler: Handler<'fatcaCrsPersonalUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const subject = await personalSubject(context.db, customerId)
  if (isFailure(subject)) return subject
  const { profile, customer } = subject
  const checked = checkedPersonAnswers(
    input,
    {
      ...(profile?.citizenshipCountryCodes.length
        ? { citizenship: profile.citizenshipCountryCodes }
        : {}),
      ...(profile?.birthCity ? { birthCity: profile.birthCity } : {}),
      ...(profile?.birthCountryCode ? { birthCountryCode: profile.birthCountryCode } : {}),
      ...(customer.birthDay ? { dateOfBirth: customer.birthDay } : {}),
    },
    subject.residenceAddress,
    fatcaRuleOptions(context),
  )
  if ('failure' in checked) return checked.failure
  await saveAnswers(context, subject, checked.answers)
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
