// The records every new customer gets, personal or business, inside the registration's one
// transaction: its contact e-mail, phone and addresses, the brand it signed up with, the
// registration itself, a payment account, and a login waiting for its activation e-mail.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customerEmails, customerPhones, users } from '../db/schema.ts'
import { customerBrands } from '../db/schema-terms.ts'
import { customerRegistrations, type RegisteredAddress } from '../db/schema-business.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { openCustomerAccount } from '../ledger/house-accounts.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { AccountType } from '../../generated/constants.ts'
import { isAccountCurrency } from '../accounts/exchange-rates.ts'
import { activationLink, issueAccountCode, type CodePurpose } from './account-codes.ts'
import { insertingLogin } from './registration-gate.ts'
import type { Lang } from '../messages/messages.ts'

/** The currency of the payment account a new customer starts with (docs/decisions.md). */
export const defaultAccountCurrency = 'EUR'

/** Address types of customer_addresses (address-type.schema.json). */
export const addressType = { home: 1, business: 2, office: 5 } as const

export interface ContactRecords {
  customerId: number
  email: string
  phone?: { countryCode: string; number: string } | undefined
  addresses: { address: RegisteredAddress | undefined; type: number }[]
}

export async function insertContacts(tx: Db, contacts: ContactRecords): Promise<void> {
  const { customerId } = contacts
  await tx
    .insert(customerEmails)
    .values({ customerId, emailAddress: contacts.email, isPrimary: true })
  if (contacts.phone) {
    const { countryCode, number } = contacts.phone
    await tx.insert(customerPhones).values({ customerId, countryCode, number, isPrimary: true })
  }
  for (const { address, type } of contacts.addresses) {
    if (address)
      await tx.insert(customerAddresses).values({ customerId, addressType: type, ...address })
  }
}

/** The brand whose terms bind the customer, and the evidence of the sign-up. */
export async function insertRegistration(
  tx: Db,
  context: HandlerContext,
  values: Omit<typeof customerRegistrations.$inferInsert, 'ip' | 'userAgent'>,
): Promise<void> {
  await tx
    .insert(customerBrands)
    .values({ customerId: values.customerId, brandId: context.brandId })
  await tx.insert(customerRegistrations).values({
    ...values,
    ip: context.ip,
    userAgent: context.userAgent.slice(0, 512),
  })
}

/**
 * The payment account (1001) a customer needs to receive money once activated: in the
 * currency asked for when the ledger holds it, else the default (more through accountCurrencyAdd).
 */
export async function openFirstAccount(tx: Db, customerId: number, wanted?: string) {
  const currencyCode = wanted && isAccountCurrency(wanted) ? wanted : defaultAccountCurrency
  return openCustomerAccount(tx, { customerId, currencyCode, type: AccountType.Payment })
}

/**
 * A login without a usable password yet: a hash of random bytes nobody knows, so sign-in
 * fails like a wrong password until the person sets one (password recovery).
 */
export async function unknownPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'))
}

/** Inserts a login; an e-mail taken by a registration that won the race is a VF of `parameter`. */
export async function insertLogin(
  tx: Db,
  values: { username: string; passwordHash: string; customerId: number },
  parameter: string,
): Promise<number> {
  const [row] = await insertingLogin(parameter, () =>
    tx.insert(users).values(values).returning({ id: users.id }),
  )
  if (!row) throw new Error('assertion: the user insert returned its row')
  return row.id
}

/** The activation e-mail with its code and link (product-spec section 2, action=...). */
export async function sendActivation(
  tx: Db,
  userId: number,
  username: string,
  purpose: Extract<CodePurpose, 'activation' | 'activationBusiness'>,
  lang: Lang,
  setPassword = false,
): Promise<void> {
  await issueAccountCode(tx, userId, purpose, {
    recipient: username,
    lang,
    mail: setPassword ? 'activationSetPassword' : 'activation',
    params: (code) => ({ code, link: activationLink(purpose, username, code) }),
  })
}
