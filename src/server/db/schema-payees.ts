// Saved destinations of external transfers (product-spec section 3, Transfer/payee templates
// and External credit cards list): payment templates (a whole transfer to repeat), payees
// (beneficiaries with their bank fields) and cards of other issuers. A submit with a
// templateName saves the first two; an OCT submit to a new card saves the card, masked.
import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export type SavedDetails = Record<string, string | number | boolean | null>

/** A saved transfer: its type, destination and amount, repeated by name. */
export const paymentTemplates = pgTable(
  'payment_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 910001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    templateName: text('template_name').notNull(),
    /** A transfer type of section 9 (eft, wire, oct, p2p, crypto_eft, instant_payment, interac). */
    transferType: text('transfer_type').notNull(),
    /** 'own' or '3d' (section 6). */
    permission: text('permission').notNull(),
    beneficiaryName: text('beneficiary_name'),
    countryCode: char('country_code', { length: 2 }),
    currencyCode: char('currency_code', { length: 3 }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    /** The destination fields by request field name (card numbers masked). */
    details: jsonb('details').$type<SavedDetails>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_templates_name_key').on(t.customerId, t.templateName),
    check('payment_templates_permission_check', sql`${t.permission} in ('own', '3d')`),
  ],
)

/** A payee of external transfers, one per customer, type and destination. */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 920001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    transferType: text('transfer_type').notNull(),
    permission: text('permission').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    countryCode: char('country_code', { length: 2 }),
    currencyCode: char('currency_code', { length: 3 }),
    /** The text that tells two payees of one type apart (IBAN, account, card, wallet, key). */
    destination: text('destination').notNull(),
    details: jsonb('details').$type<SavedDetails>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('beneficiaries_destination_key').on(t.customerId, t.transferType, t.destination),
    check('beneficiaries_permission_check', sql`${t.permission} in ('own', '3d')`),
  ],
)

/**
 * A card of another issuer that OCT transfers go to. Only the masked number and the BIN are
 * kept (never the whole number); the fingerprint (HMAC of the number) recognises it again.
 */
export const externalCards = pgTable(
  'external_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 930001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    maskedCardNumber: text('masked_card_number').notNull(),
    binNumber: char('bin_number', { length: 6 }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    cardHolderName: text('card_holder_name').notNull(),
    cardBrand: text('card_brand'),
    countryCode: char('country_code', { length: 2 }),
    expiryMonth: smallint('expiry_month'),
    expiryYear: smallint('expiry_year'),
    permission: text('permission').notNull().default('3d'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('external_cards_fingerprint_key').on(t.customerId, t.fingerprint),
    index('external_cards_customer_idx').on(t.customerId),
  ],
)
