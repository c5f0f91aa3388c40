// Tables of the customer area's writes (product-spec section 3, Phone and e-mail): the codes
// that confirm a phone. The customer's phones, e-mails and addresses themselves are in
// schema.ts with the other customer records. drizzle-kit reads every schema*.ts file
// (drizzle.config.ts).
import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customerPhones, customers, users } from './schema.ts'

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A code sent by SMS to one of a customer's phones. phoneAdd and phoneReplace give the client
 * a request id (reqId) for confirmPhone; phoneUpdate's code is confirmed by phoneId
 * (phoneConfirm); a code bound to a PKCE challenge is confirmed with its verifier
 * (confirmPhone's first form). Only hashes are kept. A newer code for the same phone cancels
 * the older ones; five wrong tries cancel a code.
 */
export const phoneConfirmations = pgTable(
  'phone_confirmations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneId: integer('phone_id')
      .notNull()
      .references(() => customerPhones.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The user who asked for the code. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the reqId the answer carried; null when the code is confirmed by phoneId. */
    requestKeyHash: text('request_key_hash'),
    /** The S256 challenge whose verifier must come with the code, when there is one. */
    codeChallenge: text('code_challenge'),
    /** The phone this one takes the place of once confirmed (phoneReplace, phoneUpdate). */
    replacesPhoneId: integer('replaces_phone_id').references(() => customerPhones.id),
    /** "<salt>$<SHA-256 of salt, phone id and code>". */
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** Set by a newer code for the phone, or by too many wrong codes. */
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('phone_confirmations_phone_idx').on(t.phoneId),
    uniqueIndex('phone_confirmations_request_key').on(t.requestKeyHash),
  ],
)
