// The ledger's tables (DESIGN.md section 3): accounts, transfers, their postings and the
// balance row of each customer account. Only src/server/ledger/ imports them, so every write
// goes through its checks; the lint rule in eslint.config.js enforces that.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    /** Null for house accounts (fee income, FX position, clearing). */
    customerId: integer('customer_id').references(() => customers.id),
    /** 'customer', 'fee_income', 'fx_position' or 'clearing:<rail>'. */
    purpose: text('purpose').notNull().default('customer'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** 1001 payment, 4001 prepayment, 4002 receiving, 2006-2135 card products. */
    type: integer('type').notNull(),
    subType: text('sub_type'),
    statusId: integer('status_id').notNull().default(2),
    balanceMinMinor: bigint('balance_min_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    settlementAccountId: integer('settlement_account_id'),
    cardIsVirtual: boolean('card_is_virtual'),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    cardReissuedStatusId: integer('card_reissued_status_id'),
    cardAliasName: text('card_alias_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_accounts_customer_idx').on(t.customerId),
    uniqueIndex('ledger_accounts_house_key')
      .on(t.purpose, t.currencyCode)
      .where(sql`${t.customerId} is null`),
  ],
)

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A retry with the same key returns the first result (DESIGN.md section 6). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request that used the key; a retry with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    /** 'posted' counts in balances; 'pending' is a hold; 'voided' counts nowhere. */
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    check('ledger_transfers_status_check', sql`${t.status} in ('posted', 'pending', 'voided')`),
  ],
)

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** Signed minor units: credit to the account is positive, debit negative. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId),
    index('ledger_postings_transfer_idx').on(t.transferId),
  ],
)

/**
 * The balance of a customer account, kept under the same transaction as its postings so that
 * a transfer checks funds by locking one row instead of summing history. House accounts have
 * no row: they have no minimum, and one hot fee or FX row would serialise every transfer.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => ledgerAccounts.id),
    /** Sum of the account's postings in posted transfers. */
    postedMinor: bigint('posted_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Sum of the negative postings in pending transfers (holds on the way out); <= 0. */
    pendingDebitMinor: bigint('pending_debit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Sum of the positive postings in pending transfers (money on its way in); >= 0. */
    pendingCreditMinor: bigint('pending_credit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    check('ledger_balances_pending_debit_check', sql`${t.pendingDebitMinor} <= 0`),
    check('ledger_balances_pending_credit_check', sql`${t.pendingCreditMinor} >= 0`),
  ],
)
