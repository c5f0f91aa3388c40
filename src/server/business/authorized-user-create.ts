// authorizedUserCreate: a company administrator adds an authorized user with a right from 1 to
// 4 (product-spec sections 4 and 5: 5 is not selectable) and the user gets the activation
// e-mail with action=activationEmployee (section 2). The user gets a personal customer and a
// login of their own, company access with the right, and a place among the business's
// representatives with no position (section 3: anything else is an authorized user), as a
// user of the registration's users hub does. An e-mail that already names a user or a
// customer is VF naming email (docs/decisions.md, "Company operations").
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import { customerBrands } from '../db/schema-terms.ts'
import { businessRepresentatives } from '../db/schema-business.ts'
import type { Handler, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { refusalAsFailure, takenEmails } from '../activation/registration-gate.ts'
import { insertLogin, unknownPasswordHash } from '../activation/registration-records.ts'
import { mailEmployeeActivation } from '../activation/activate.ts'
import { CustomerInfoCustomerType } from '../../generated/constants.ts'
import { customerBrandOf } from './company-brand.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { authorizedUserViews } from './authorized-users.ts'
import { defaultLang, type Lang } from '../messages/messages.ts'

type Input = RequestOf<'authorizedUserCreate'>

export const handler: Handler<'authorizedUserCreate'> = async (context, input) => {
  const { customerId: companyId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, companyId)
  if (isFailure(company)) return company
  const email = input.email.trim().toLowerCase()
  if ((await takenEmails(context.db, [email])).size > 0) {
    return validationFailure([refusal('email', 'refusal.registration.emailTaken')])
  }
  const brand = await customerBrandOf(context.db, companyId)
  const passwordHash = await unknownPasswordHash()
  const created = await refusalAsFailure(() =>
    context.db.transaction((tx) =>
      insertAuthorizedUser(tx, {
        companyId,
        brandId: brand.id,
        email,
        passwordHash,
        input,
        lang: context.lang ?? defaultLang,
      }),
    ),
  )
  if (typeof created !== 'number') return created
  const after = await loadCompanyRecords(context.db, companyId)
  if (isFailure(after)) return after
  const authorizedUser = (await authorizedUserViews(context.db, after)).find(
    (user) => user.userId === created,
  )
  if (!authorizedUser) return rpcRefuse('UE', 'answer.business.newUserNotFound')
  return rpcOk({ authorizedUser })
}

interface NewUser {
  companyId: number
  brandId: string
  email: string
  passwordHash: string
  input: Input
  /** The inviter's language, the new user's until they sign in with their own. */
  lang: Lang
}

/** Every record of the new user, in the caller's transaction; returns the user id. */
async function insertAuthorizedUser(tx: Db, user: NewUser): Promise<number> {
  const { companyId, email, input } = user
  const [customer] = await tx
    .insert(customers)
    .values({
      customerType: CustomerInfoCustomerType.Personal,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      lang: user.lang,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: the customer insert returned its row')
  await tx.insert(customerBrands).values({ customerId: customer.id, brandId: user.brandId })
  await tx
    .insert(customerEmails)
    .values({ customerId: customer.id, emailAddress: email, isPrimary: true })
  // The unique username index losing a race to another sign-up is VF naming email.
  const userId = await insertLogin(
    tx,
    { username: email, passwordHash: user.passwordHash, customerId: customer.id },
    'email',
  )
  await tx.insert(companyUsers).values({
    companyCustomerId: companyId,
    userId,
    accessRight: input.accessRights,
    positionIds: [],
  })
  await tx.insert(businessRepresentatives).values({
    companyCustomerId: companyId,
    type: 1,
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    userId,
    positionIds: [],
  })
  await mailEmployeeActivation(tx, userId, email)
  return userId
}
