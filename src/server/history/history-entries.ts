// The transaction history of a customer, derived from the ledger (DESIGN.md section 6): one
// entry per ledger transfer and customer account it touches, never a copy of money data. The
// transfer order behind an entry, if any, gives what a customer recognises: the order id they
// were answered (transactionId), the payee or the sender, the fee apart from the amount, the
// mass batch. The ledger transfer's status is the entry's: posted is completed, pending (a hold,
// money held for a claim, an approval waiting) is processing, voided is rejected. Holds and
// voided transfers show on the paying side only.
import { sql, type SQL } from 'drizzle-orm'
import { cardLedgerWords } from '../cards/card-fees.ts'

/** Ledger kinds by the code of the transaction types dictionary (data/transaction-types.json). */
const typeOfKind: Record<string, string> = {
  demo_opening: 'deposit',
  deposit: 'deposit',
  demo_card_hold: 'cardPurchase',
  card_purchase: 'cardPurchase',
  merchant_identity_fee: 'fees',
  fee: 'fees',
  betweenAccounts: 'betweenAccounts',
  p2p: 'p2p',
  wire: 'wire',
  eft: 'eft',
  oct: 'oct',
  crypto: 'crypto',
  crypto_eft: 'crypto',
  cryptoEft: 'crypto',
  instant_payment: 'instantPayment',
  instantPayment: 'instantPayment',
  interac: 'interac',
  globalPayment: 'globalPayment',
  global: 'globalPayment',
  invoice: 'invoice',
  exchange: 'exchange',
}

function typeCase(kind: SQL): SQL {
  const branches = Object.entries(typeOfKind).map(
    ([from, to]) => sql`when ${sql.raw(`'${from}'`)} then ${sql.raw(`'${to}'`)}`,
  )
  return sql`(case ${kind} ${sql.join(branches, sql` `)} else ${kind} end)`
}

/**
 * The entries of the given accounts with everything the filters and the page need, as a
 * subquery named `h`. `balance_minor` is the posted balance after the entry, in the order of
 * the history (creation time, then id), so holds and refusals leave it unchanged.
 */
export function historyEntries(accountIds: number[], scales: Map<string, number>): SQL {
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const scaleCase = sql.join(
    [...scales].map(
      ([code, scale]) => sql`when ${sql.raw(`'${code}'`)} then ${sql.raw(String(scale))}`,
    ),
    sql` `,
  )
  return sql`(
    select e.*, e.net_minor as amount_minor,
      (case when e.status = 'posted' then
        sum(case when e.status = 'posted' then e.net_minor else 0 end)
          over (partition by e.account_id order by e.created_at, e.transfer_id, e.part rows unbounded preceding)
       end) as balance_minor,
      abs(e.net_minor)::numeric / power(10, (case e.currency_code ${scaleCase} else 2 end)) as amount_major
    from (
      -- The payer's side of a transfer with a fee is two lines (product-spec section 3, type
      -- 'fees'): the transfer's amount (part 0), then the fee (part 1), so each line's balance
      -- after is the one before it less that line.
      select b.*, s.part,
        (case when s.part = 1 then -b.fee_minor
              when b.is_payer then b.posted_minor + b.fee_minor
              else b.posted_minor end)::bigint as net_minor,
        (case when s.part = 1 then 'fees'
              when b.batch_id is not null then 'massPayment'
              when b.details->>'invoiceId' is not null then 'invoice'
              else ${typeCase(sql`b.kind`)} end) as type
      from (
        select t.id as transfer_id, p.account_id, a.currency_code, t.kind, t.status,
          t.description as ledger_description, t.created_at,
          sum(p.amount_minor)::bigint as posted_minor,
          o.id as order_id, o.kind as order_kind, o.to_account_id, o.from_account_id,
          o.to_email, o.details, r.batch_id,
          coalesce(o.from_account_id = p.account_id, false) as is_payer,
          (case when o.from_account_id = p.account_id then o.fee_minor else 0 end)::bigint as fee_minor,
          (case when o.id is null then null
                when o.from_account_id = p.account_id then
                  coalesce(o.details->>'payeeName', o.details->>'beneficiaryName')
                else coalesce(c.business_name, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''))
           end) as counterparty_name,
          (case when o.id is null then null
                when o.from_account_id = p.account_id then o.to_email
                else c.email end) as counterparty_email,
          coalesce(o.details->>'reference', o.details->>'note') as reference
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transfers t on t.id = p.transfer_id
        left join transfer_orders o on o.ledger_transfer_id = t.id
        left join customers c on c.id = o.customer_id
        left join mass_batch_rows r on r.order_id = o.id
        where p.account_id in (${ids})
        group by t.id, p.account_id, a.currency_code, o.id, c.id, r.batch_id, r.line_number
        -- The receiving side sees money once it is posted: a hold waiting for an approver or a
        -- code, and one declined or voided, never reached the payee (the payer sees them all).
        having t.status = 'posted' or sum(p.amount_minor) < 0
      ) b
      cross join lateral (values (0), (1)) as s(part)
      where s.part = 0 or (b.is_payer and b.fee_minor > 0)
    ) e
  ) h`
}

/**
 * What the customer reads for an entry, seen from this side: a message key of the portal's
 * history texts with its parameters, so it reads in the reader's language (issue 16 item 2),
 * and the English sentence for the API's other clients and the keyword search. An entry the
 * server has no words of its own for (a payment's reference, a merchant's text) keeps the
 * ledger's description and no key.
 */
export interface EntryWords {
  description: string
  descriptionKey?: string
  descriptionParams?: Record<string, string>
}

/** Ledger kinds whose description the server itself writes, by the key it reads as. */
const keyOfKind: Record<string, string> = {
  demo_opening: 'openingBalance',
  deposit: 'incomingTransfer',
  demo_card_hold: 'cardHold',
  merchant_identity_fee: 'identityCheckFee',
}

/** Payouts to other banks, cards and wallets: the method's name; the payee is shown apart. */
const keyOfSentKind: Record<string, string> = {
  wire: 'sentWire',
  eft: 'sentEft',
  oct: 'sentToCard',
  crypto_eft: 'sentCrypto',
  instant_payment: 'sentInstant',
  interac: 'sentInterac',
}

export function describeEntry(row: HistoryRow): EntryWords {
  if (Number(row.part) === 1) return describeFee(row)
  const payer = row.is_payer
  if (row.order_kind === 'p2p' && row.details?.invoiceId !== undefined) return describeInvoice(row)
  if (row.order_kind === 'p2p') {
    if (payer) return words(`P2P transfer to ${row.to_email}`, 'p2pTo', { email: row.to_email })
    const email = row.counterparty_email
    return email
      ? words(`P2P transfer from ${email}`, 'p2pFrom', { email })
      : words('P2P transfer from a customer', 'p2pFromCustomer')
  }
  if (row.order_kind === 'global') {
    return words(`Global payment to ${row.to_email}`, 'globalPaymentTo', { email: row.to_email })
  }
  if (row.order_kind === 'betweenAccounts') {
    return payer
      ? words(`Transfer to own account ${row.to_account_id}`, 'toOwnAccount', {
          accountId: String(row.to_account_id),
        })
      : words(`Transfer from own account ${row.from_account_id}`, 'fromOwnAccount', {
          accountId: String(row.from_account_id),
        })
  }
  const sentKey = payer && row.order_kind ? keyOfSentKind[row.order_kind] : undefined
  if (sentKey) return words(row.ledger_description, sentKey)
  const key = row.order_id === null ? (keyOfKind[row.kind] ?? cardKeyOf(row)) : undefined
  return key ? words(row.ledger_description, key) : { description: row.ledger_description }
}

/** Card loads and card fees, by the words card-fees.ts stored. */
function cardKeyOf(row: HistoryRow): string | undefined {
  if (row.kind !== 'card_fee' && row.kind !== 'card_load') return undefined
  return Object.entries(cardLedgerWords).find(
    ([, english]) => english === row.ledger_description,
  )?.[0]
}

/** A P2P transfer that paid an invoice (invoices/invoice-payment.ts), named by the invoice. */
function describeInvoice(row: HistoryRow): EntryWords {
  const id = String(row.details?.invoiceId)
  if (row.is_payer) {
    return words(`Invoice No. ${id} paid to ${row.to_email}`, 'invoicePaidTo', {
      id,
      email: row.to_email,
    })
  }
  const email = row.counterparty_email
  return email
    ? words(`Invoice No. ${id} paid by ${email}`, 'invoicePaidBy', { id, email })
    : words(`Invoice No. ${id} paid`, 'invoicePaid', { id })
}

/** The fee line of a transfer, naming the transfer it paid for. */
function describeFee(row: HistoryRow): EntryWords {
  if (row.order_kind === 'p2p') {
    return words(`Fee for the P2P transfer to ${row.to_email}`, 'feeP2pTo', {
      email: row.to_email,
    })
  }
  if (row.order_kind === 'global') {
    return words(`Fee for the global payment to ${row.to_email}`, 'feeGlobalPaymentTo', {
      email: row.to_email,
    })
  }
  if (row.order_kind === 'betweenAccounts') {
    return words(`Fee for the transfer to own account ${row.to_account_id}`, 'feeToOwnAccount', {
      accountId: String(row.to_account_id),
    })
  }
  const id = String(row.order_id ?? row.transfer_id)
  return words(`Fee for transaction ${id}`, 'fee', { id })
}

function words(
  description: string,
  descriptionKey: string,
  params?: Record<string, string | null>,
): EntryWords {
  const descriptionParams = Object.fromEntries(
    Object.entries(params ?? {}).filter((entry): entry is [string, string] => entry[1] !== null),
  )
  return {
    description,
    descriptionKey,
    ...(Object.keys(descriptionParams).length > 0 && { descriptionParams }),
  }
}

export interface HistoryRow {
  transfer_id: string | number | bigint
  account_id: number
  currency_code: string
  kind: string
  status: 'posted' | 'pending' | 'voided'
  ledger_description: string
  created_at: string
  net_minor: string | number | bigint
  order_id: number | null
  order_kind: string | null
  to_account_id: number | null
  from_account_id: number | null
  to_email: string | null
  details: Record<string, unknown> | null
  batch_id: number | null
  is_payer: boolean
  /** 0: the transfer's own line; 1: the payer's fee line for it. */
  part: number | string
  fee_minor: string | number | bigint
  counterparty_name: string | null
  counterparty_email: string | null
  reference: string | null
  amount_minor: string | number | bigint
  type: string
  balance_minor: string | number | bigint | null
}

export const historyStatusOf = {
  posted: 'completed',
  pending: 'processing',
  voided: 'rejected',
} as const
