// The merchant public API (product-spec section 3, Merchant: webhook, API key, allowed IP,
// API request log, webhook request log). Secrets are never stored in the clear (DESIGN.md
// section 11): API keys as SHA-256 hashes, webhook secrets sealed with AES-256-GCM.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 310001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The signing secret, sealed by src/server/secrets/sealed-secret.ts. */
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhooks_name_key').on(t.customerId, sql`lower(${t.name})`)],
)

export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 320001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** SHA-256 of the key, hex: keys are random 256-bit values, so no slow hash is needed. */
    keyHash: text('key_hash').notNull(),
    /** The first characters of the key, shown so the merchant can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    uniqueIndex('api_keys_name_key').on(t.customerId, sql`lower(${t.name})`),
  ],
)

export const allowedIps = pgTable(
  'allowed_ips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 330001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Canonical text form (src/server/public-api/ip-ranges.ts); ipTo null means one address. */
    ipFrom: text('ip_from').notNull(),
    ipTo: text('ip_to'),
    createdAt: createdAt(),
  },
  (t) => [
    index('allowed_ips_customer_idx').on(t.customerId),
    uniqueIndex('allowed_ips_name_key').on(t.customerId, sql`lower(${t.name})`),
  ],
)

/** Every call of the merchant public API, allowed or refused. Outlives the key it names. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the key was unknown: such calls are kept for the bank, not the merchant. */
    customerId: integer('customer_id').references(() => customers.id),
    apiKeyId: integer('api_key_id'),
    method: text('method').notNull(),
    /** The path without the query string. */
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    ip: text('ip').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_requests_customer_idx').on(t.customerId, t.createdAt)],
)

/** Every delivery attempt of a webhook event, and every ping. Outlives the webhook it names. */
export const webhookRequests = pgTable(
  'webhook_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Null for a ping to a URL that is no webhook of the customer. */
    webhookId: integer('webhook_id'),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    url: text('url').notNull(),
    attempt: integer('attempt').notNull(),
    /** Null when no HTTP answer came back (see error). */
    statusCode: integer('status_code'),
    success: boolean('success').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    requestBody: text('request_body').notNull(),
    /** The first characters of the answer. */
    responseBody: text('response_body').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_requests_customer_idx').on(t.customerId, t.id)],
)
