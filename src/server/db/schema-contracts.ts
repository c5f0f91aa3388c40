// Revenue-split contracts (product-spec section 3, Contracts; section 4, statuses and actions;
// section 7, Contracts service). A contract says that a percentage of what the sender (the
// payer) receives into a company's revenue is shared with the beneficiary; both are business
// customers. The stored status is the last step of the state machine (src/server/contracts/
// contract-states.ts); ACTIVE and EXPIRED also follow from the dates, which readers apply.
// No money moves on a contract yet (docs/decisions.md, Contracts (revenue split)).
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'

const statuses = sql.raw(
  [
    'ACTIVE',
    'EXPIRED',
    'TERMINATED',
    'TERMINATING',
    'UNSIGNED',
    'WAITING',
    'CANCELLED',
    'REJECTED',
    'SIGNED',
    'NEED_IDENTIFICATION',
  ]
    .map((status) => `'${status}'`)
    .join(', '),
)

export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 190001 }),
    status: text('status').notNull(),
    /** The business customer whose revenue is split: the sender or the beneficiary. */
    companyId: integer('company_id')
      .notNull()
      .references(() => customers.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => customers.id),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => customers.id),
    /** The party that proposed the contract (the acting customer of contractCreate). */
    initiatorId: integer('initiator_id')
      .notNull()
      .references(() => customers.id),
    /** The beneficiary's share in percent, up to two decimals. */
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    senderSignerName: text('sender_signer_name'),
    senderObligations: jsonb('sender_obligations').$type<string[]>().notNull(),
    beneficiarySignerName: text('beneficiary_signer_name'),
    beneficiaryObligations: jsonb('beneficiary_obligations').$type<string[]>().notNull(),
    note: text('note'),
    activeFrom: date('active_from').notNull(),
    /** The last active day: set when the contract ends (terminated now). */
    activeTo: date('active_to'),
    senderSignedAt: timestamp('sender_signed_at', { withTimezone: true }),
    senderSignedBy: integer('sender_signed_by').references(() => users.id),
    beneficiarySignedAt: timestamp('beneficiary_signed_at', { withTimezone: true }),
    beneficiarySignedBy: integer('beneficiary_signed_by').references(() => users.id),
    /** The payer's signer identification: NEW, PROCESSING, SUCCESS, FAILED. */
    identificationStatus: text('identification_status').notNull().default('NEW'),
    terminateRequestedBy: integer('terminate_requested_by').references(() => customers.id),
    terminateNote: text('terminate_note'),
    terminateRequestedAt: timestamp('terminate_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contracts_status_check', sql`${t.status} in (${statuses})`),
    check(
      'contracts_identification_status_check',
      sql`${t.identificationStatus} in ('NEW', 'PROCESSING', 'SUCCESS', 'FAILED')`,
    ),
    check('contracts_percentage_check', sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
    check('contracts_parties_check', sql`${t.senderId} <> ${t.beneficiaryId}`),
    index('contracts_sender_idx').on(t.senderId),
    index('contracts_beneficiary_idx').on(t.beneficiaryId),
  ],
)

export type ContractRow = typeof contracts.$inferSelect
