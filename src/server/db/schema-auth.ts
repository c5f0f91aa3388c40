// Tables of the sign-in flows (product-spec sections 3, 4 and 7; DESIGN.md sections 7 and 11):
// a user's second factors and migration state, the pending step of each sign-in, linked
// devices and the pushes sent to them, failure counts of unknown usernames, two-step mode
// requests, and the codes of account activation and recovery. Every secret is stored hashed
// (codes, keys) or sealed (the TOTP secret, which the server must read back).
import { sql } from 'drizzle-orm'
import {
  bigint,
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
import { customerEmails, customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })

/** A user's second factors and migration to push two-factor; no row means every default. */
export const authFactors = pgTable(
  'auth_factors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** The confirmed TOTP secret (base32), sealed for "totp:<userId>". */
    totpSecretSealed: text('totp_secret_sealed'),
    /** Profile scp (product-spec section 3): none or push. */
    scp: text('scp').notNull().default('none'),
    /** Profile type 1-4 (product-spec section 3). */
    profileType: smallint('profile_type').notNull().default(1),
    /** none, soft (continue until the deadline) or strict (blocked until push is set up). */
    migration: text('migration').notNull().default('none'),
    migrationDeadline: at('migration_deadline'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('auth_factors_migration_check', sql`${t.migration} in ('none', 'soft', 'strict')`),
    check('auth_factors_scp_check', sql`${t.scp} in ('none', 'push')`),
  ],
)

/**
 * The pending second step of one sign-in. The client holds the code (only its hash is
 * stored) and the PKCE verifier; the flow says what else authToken needs: an OTP, an SMS
 * code, the linked device's decision or a newly approved device.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    flow: text('flow').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    /** The SMS code, hashed with the challenge's code hash. */
    smsCodeHash: text('sms_code_hash'),
    smsIdentifier: text('sms_identifier'),
    /** The single-use key the linked device confirms the push with (hashed). */
    pushKeyHash: text('push_key_hash'),
    pushResends: smallint('push_resends').notNull().default(0),
    /** granted or refused by the linked device. */
    decision: text('decision'),
    decisionReason: text('decision_reason'),
    decidedAt: at('decided_at'),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_challenges_push_key_key').on(t.pushKeyHash),
    index('login_challenges_user_idx').on(t.userId, t.createdAt),
    check(
      'login_challenges_flow_check',
      sql`${t.flow} in ('direct', 'otp', 'sms', 'push', 'verifyDevice')`,
    ),
  ],
)

/** Failure counts of usernames no user has, so that a block looks the same for everyone. */
export const loginUsernameFailures = pgTable('login_username_failures', {
  username: text('username').primaryKey(),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  blockedUntil: at('blocked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** A linked mobile device (product-spec section 3, Device). */
export const authDevices = pgTable(
  'auth_devices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** pending, approved or refused (schemas/auth-device-status). */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    /** The device's own secret, for the device-secret token exchange (hashed). */
    secretHash: text('secret_hash').notNull(),
    pushToken: text('push_token'),
    location: text('location'),
    /** The chosen approve method and its code (hashed with the device id). */
    approveMethod: text('approve_method'),
    approveCodeHash: text('approve_code_hash'),
    approveCodeExpiresAt: at('approve_code_expires_at'),
    approveFailedAttempts: smallint('approve_failed_attempts').notNull().default(0),
    lastActivityAt: at('last_activity_at'),
    approvedAt: at('approved_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_devices_user_idx').on(t.userId),
    uniqueIndex('auth_devices_secret_key').on(t.secretHash),
    check('auth_devices_status_check', sql`${t.status} in ('pending', 'approved', 'refused')`),
    check('auth_devices_type_check', sql`${t.type} in ('android', 'ios')`),
  ],
)

/**
 * Push notifications to linked devices. With no push provider configured they stay here and
 * the demo mailbox shows them, like the outbox of e-mails and SMS (DESIGN.md section 7).
 */
export const devicePushes = pgTable(
  'device_pushes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: text('device_id')
      .notNull()
      .references(() => authDevices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('device_pushes_device_idx').on(t.deviceId, t.createdAt)],
)

/** A two-step mode change waiting for its code (POST /customer/two-step-verification). */
export const twoStepRequests = pgTable(
  'two_step_requests',
  {
    /** SHA-256 of the reqId the client holds. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    typeMode: text('type_mode').notNull(),
    mode: text('mode').notNull(),
    /** The code sent through the outbox, hashed with the reqId; null when the code is a TOTP. */
    codeHash: text('code_hash'),
    /** A new TOTP secret being enrolled (mode otp), sealed for "totp:<userId>". */
    totpSecretSealed: text('totp_secret_sealed'),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    confirmedAt: at('confirmed_at'),
    canceledAt: at('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_step_requests_user_idx').on(t.userId)],
)

/**
 * Codes e-mailed for account activation and recovery. A user with an unspent activation row
 * has not activated the account yet and cannot sign in.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** activation, activationBusiness, activationEmployee or recovery. */
    purpose: text('purpose').notNull(),
    /** SHA-256 of "<userId>:<purpose>:<code>". */
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    canceledAt: at('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_codes_user_idx').on(t.userId, t.purpose),
    check(
      'account_codes_purpose_check',
      sql`${t.purpose} in ('activation', 'activationBusiness', 'activationEmployee', 'recovery')`,
    ),
  ],
)

/** OAuth clients of the sei integration and the redirect URIs each registered. */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  /** Exact URIs; a request's redirect_uri must equal one of them. */
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: createdAt(),
})

/**
 * A sei authorization request the signed-in user has not granted yet (GET /auth/sei/authorize).
 * Granting turns it into a sign-in challenge of the client's PKCE challenge, whose code the
 * client exchanges at /auth/token.
 */
export const seiAuthorizations = pgTable(
  'sei_authorizations',
  {
    /** SHA-256 of the authorization id in the authorize URL. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope'),
    state: text('state'),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: at('expires_at').notNull(),
    grantedAt: at('granted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sei_authorizations_user_idx').on(t.userId)],
)

/** A link that confirms one e-mail address of a customer (POST /rpc/emailConfirmByLink). */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    emailId: integer('email_id')
      .notNull()
      .references(() => customerEmails.id),
    /** SHA-256 of "<emailId>:<code>". */
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_email_idx').on(t.emailId)],
)
