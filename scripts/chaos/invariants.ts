// The checks of npm run chaos over the database, in SQL that PGlite and PostgreSQL both run:
// money neither appears nor vanishes, no balance is below its minimum or differs from its
// postings, no transfer is half-posted, every answered order is stored under its key, and
// (at the end, once the jobs have run) no rail job was lost or done twice.

/** One read-only statement; the rows as plain objects. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>

export type LedgerViolations = {
  totalChanged: number
  negativeBalance: number
  balanceDiffersFromPostings: number
  halfPosted: number
}

export type EndViolations = {
  answerNotStored: number
  jobLost: number
  jobDoneTwice: number
  invoicePaidTwice: number
}

/** The sum of all posted postings per currency: the bank's books, house accounts included. */
export async function totals(query: Query): Promise<Record<string, string>> {
  const rows = await query(`
    select a.currency_code as currency, sum(p.amount_minor)::text as total
      from ledger_postings p
      join ledger_transfers t on t.id = p.transfer_id and t.status = 'posted'
      join ledger_accounts a on a.id = p.account_id
     group by a.currency_code order by a.currency_code`)
  return Object.fromEntries(rows.map((row) => [String(row.currency), String(row.total)]))
}

async function count(query: Query, text: string): Promise<number> {
  const [row] = await query(`select count(*)::int as n from (${text}) as broken`)
  return Number(row?.n ?? 0)
}

/** Balances below their minimum, or other than their postings say. */
const negativeBalance = `
  select b.account_id from ledger_balances b join ledger_accounts a on a.id = b.account_id
   where b.posted_minor < a.balance_min_minor
      or b.posted_minor + b.pending_debit_minor < a.balance_min_minor`

const balanceDiffers = `
  select b.account_id from ledger_balances b
    left join (
      select p.account_id,
             sum(case when t.status = 'posted' then p.amount_minor else 0 end) as posted,
             sum(case when t.status = 'pending' and p.amount_minor < 0 then p.amount_minor else 0 end) as debit,
             sum(case when t.status = 'pending' and p.amount_minor > 0 then p.amount_minor else 0 end) as credit
        from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
       group by p.account_id) s on s.account_id = b.account_id
   where b.posted_minor <> coalesce(s.posted, 0)
      or b.pending_debit_minor <> coalesce(s.debit, 0)
      or b.pending_credit_minor <> coalesce(s.credit, 0)`

/** A transfer whose postings do not balance in each currency, or that has fewer than two. */
const unbalancedTransfer = `
  select t.id from ledger_transfers t
   where (select count(*) from ledger_postings p where p.transfer_id = t.id) < 2
      or exists (
        select 1 from ledger_postings p join ledger_accounts a on a.id = p.account_id
         where p.transfer_id = t.id group by a.currency_code having sum(p.amount_minor) <> 0)`

/** An order whose ledger transfer is not in the state its status says (or is missing). */
const orderLedgerMismatch = `
  select o.id from transfer_orders o left join ledger_transfers t on t.id = o.ledger_transfer_id
   where (
         (o.status in ('completed', 'settled') and t.status is distinct from 'posted')
      or (o.status in ('pending', 'awaitingCode', 'awaitingApprover', 'heldForClaim')
          and t.status is distinct from 'pending')
      or (o.status in ('declined', 'expired', 'failed', 'returned')
          and t.id is not null and t.status <> 'voided'))`

/** A mass batch of the run whose lines are not all orders (each line is one, same commit). */
const batchMissingLines = `
  select b.id from mass_batches b
   where b.idempotency_key like 'chaos-%' and b.row_count <> (
         select count(*) from transfer_orders o
          where o.customer_id = b.customer_id
            and o.idempotency_key like b.idempotency_key || ':line-%')`

/** Checks that hold at every moment the database is at rest. */
export async function ledgerViolations(
  query: Query,
  baseline: Record<string, string>,
): Promise<LedgerViolations> {
  const now = await totals(query)
  const currencies = new Set([...Object.keys(baseline), ...Object.keys(now)])
  const changed = [...currencies].filter((c) => (baseline[c] ?? '0') !== (now[c] ?? '0'))
  return {
    totalChanged: changed.length,
    negativeBalance: await count(query, negativeBalance),
    balanceDiffersFromPostings: await count(query, balanceDiffers),
    halfPosted:
      (await count(query, unbalancedTransfer)) +
      (await count(query, orderLedgerMismatch)) +
      (await count(query, batchMissingLines)),
  }
}

export const railJobKind = 'rail.built-in-outcome'

/** Each answered order: its id and the key it was sent with. */
export interface AnsweredOrder {
  id: number
  key: string
}

/**
 * Checks of the end of a run, once the jobs have had their time: every answered order is
 * stored under its key; every payout handed to the rail has its outcome (its job ran), and
 * the outcome was recorded once (one e-mail to the sender per order; the job's transaction
 * writes it with the outcome); an invoice was paid once.
 */
export async function endViolations(
  query: Query,
  answered: AnsweredOrder[],
): Promise<EndViolations> {
  const keys = new Map(answered.map((order) => [order.id, order.key]))
  const stored = await query(
    `select id, idempotency_key from transfer_orders where idempotency_key like 'chaos-%'`,
  )
  const storedKeys = new Map(stored.map((row) => [Number(row.id), String(row.idempotency_key)]))
  let answerNotStored = 0
  for (const [id, key] of keys) if (storedKeys.get(id) !== key) answerNotStored++
  const jobLost =
    (await count(
      query,
      `select id from transfer_orders where idempotency_key like 'chaos-%' and status = 'pending'`,
    )) +
    (await count(
      query,
      `select id from jobs where kind = '${railJobKind}' and done_at is null and attempts >= max_attempts`,
    ))
  const jobDoneTwice = await count(
    query,
    `select substring(body from 'Your transfer ([0-9]+) of') as order_id from outbox_messages
      where subject in ('Your transfer was paid out', 'Your transfer was returned')
      group by 1 having count(*) > 1`,
  )
  // An invoice is paid by one order at most (live or done), and a paid one by a completed order.
  const invoicePaidTwice =
    (await count(
      query,
      `select details->>'invoiceId' from transfer_orders where details->>'invoiceId' is not null
          and status in ('completed', 'settled', 'awaitingCode', 'awaitingApprover')
        group by 1 having count(*) > 1`,
    )) +
    (await count(
      query,
      `select i.id from invoices i left join transfer_orders o on o.id = i.order_id
        where i.status_id = 3 and (o.id is null or o.status <> 'completed')`,
    ))
  return { answerNotStored, jobLost, jobDoneTwice, invoicePaidTwice }
}

/**
 * What the run moved: orders of its keys posted, rail jobs done, and of those the ones done
 * on a later attempt (claimed by a process that was killed, run again after the lease).
 */
export async function runFigures(
  query: Query,
): Promise<{ posted: number; jobsRun: number; jobsRerun: number }> {
  const [posted] = await query(`
    select count(*)::int as n from transfer_orders
     where idempotency_key like 'chaos-%' and status in ('completed', 'settled')`)
  const [jobs] = await query(`
    select count(*)::int as n, count(*) filter (where j.attempts > 1)::int as rerun
      from jobs j join transfer_orders o on o.id = (j.payload->>'orderId')::int
     where j.kind = '${railJobKind}' and j.done_at is not null and o.idempotency_key like 'chaos-%'`)
  return {
    posted: Number(posted?.n ?? 0),
    jobsRun: Number(jobs?.n ?? 0),
    jobsRerun: Number(jobs?.rerun ?? 0),
  }
}
