// Budget: >= 4,000 transfers/s with 20 clients on PostgreSQL; a hot account >= 0.9x the
// uniform rate; batched >= 5x unbatched (DESIGN.md section 10). Four loads, each from 20
// clients that wait for one answer before asking again, between 1,000 funded accounts:
// - unbatched: one transfer per transaction and no group commit (postTransferAlone), what a
//   ledger without batching does; the baseline of the batched ratio;
// - uniform: single postTransfer calls between random accounts; the group commit may put the
//   calls in flight together into one transaction (that is its point);
// - hot: the same, every transfer touching one account, as payer or payee in turn;
// - batched: postTransfers of batchSize transfers per call.
// Each load runs on a fresh database (PGlite in memory, and PostgreSQL at TEST_DATABASE_URL or
// the local default when it answers), then checks the invariants: the total is unchanged,
// every balance row equals its postings, no balance is below 0. Run on demand:
// `npm run bench:ledger` (BENCH_DURATION_MS per load, 5000; BENCH_TARGETS, BENCH_LOADS); writes bench-results/ledger.json.
// Never part of npm test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { inArray, sql } from 'drizzle-orm'
import { adminQuery, benchPostgresUrl } from '../postgres-admin.ts'
import { openDatabase, type Database, type Db } from '../../src/server/db/open-database.ts'
import { customers } from '../../src/server/db/schema.ts'
import { ledgerBalances } from '../../src/server/db/schema-ledger.ts'
import { houseAccount, openCustomerAccount } from '../../src/server/ledger/house-accounts.ts'
import {
  postTransfer,
  postTransferAlone,
  postTransfers,
  type TransferInput,
} from '../../src/server/ledger/post-transfer.ts'
import { AccountType } from '../../src/generated/constants.ts'

const root = join(import.meta.dirname, '../..')
const budget = { transfersPerSecond: 4000, hotToUniform: 0.9, batchedToUnbatched: 5 }
const clients = 20
const accountCount = 1000
const openingMinor = 1_000_000_000n
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 5000)
const batchSize = 50

type Scenario = 'unbatched' | 'uniform' | 'hot' | 'batched'
const scenarios: Scenario[] = ['unbatched', 'uniform', 'hot', 'batched']

interface Target {
  name: 'pglite' | 'postgres'
  open(): Promise<Database & { drop?: () => Promise<void> }>
}

function targets(pgUrl: string | undefined): Target[] {
  const list: Target[] = [{ name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) }]
  if (pgUrl) {
    list.push({
      name: 'postgres',
      async open() {
        const name = `bench_ledger_${randomBytes(4).toString('hex')}`
        await adminQuery(pgUrl, `create database ${name}`)
        const url = new URL(pgUrl)
        url.pathname = `/${name}`
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })
        return {
          ...database,
          async close() {
            await database.close()
            await adminQuery(pgUrl, `drop database if exists ${name} with (force)`)
          },
        }
      },
    })
  }
  return list
}

async function fund(db: Db): Promise<number[]> {
  const [customer] = await db
    .insert(customers)
    .values({ customerType: 0, email: 'bench@nova.example' })
    .returning({ id: customers.id })
  const clearing = await houseAccount(db, 'clearing:bench', 'USD')
  const accounts: number[] = []
  for (let i = 0; i < accountCount; i++) {
    accounts.push(
      await openCustomerAccount(db, {
        customerId: customer!.id,
        currencyCode: 'USD',
        type: AccountType.Payment,
      }),
    )
  }
  for (let i = 0; i < accounts.length; i += 100) {
    const slice = accounts.slice(i, i + 100)
    await postTransfer(db, {
      idempotencyKey: `bench-opening-${i}`,
      kind: 'bench',
      postings: [
        {
          accountId: clearing,
          currencyCode: 'USD',
          amountMinor: -openingMinor * BigInt(slice.length),
        },
        ...slice.map((id) => ({ accountId: id, currencyCode: 'USD', amountMinor: openingMinor })),
      ],
    })
  }
  return accounts
}

function transferOf(scenario: Scenario, accounts: number[], key: string): TransferInput {
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)]!
  let from = pick()
  let to = pick()
  // Hot: every transfer touches the first account, as payer or payee in turn.
  if (scenario === 'hot') {
    if (Math.random() < 0.5) from = accounts[0]!
    else to = accounts[0]!
  }
  if (from === to) to = accounts[(accounts.indexOf(from) + 1) % accounts.length]!
  const amountMinor = BigInt(1 + Math.floor(Math.random() * 1000))
  return {
    idempotencyKey: key,
    kind: 'bench',
    postings: [
      { accountId: from, currencyCode: 'USD', amountMinor: -amountMinor },
      { accountId: to, currencyCode: 'USD', amountMinor },
    ],
  }
}

async function run(
  db: Db,
  scenario: Scenario,
  accounts: number[],
): Promise<{ rate: number; posted: number }> {
  let posted = 0
  const deadline = Date.now() + durationMs
  const started = Date.now()
  const client = async (c: number) => {
    let i = 0
    while (Date.now() < deadline) {
      if (scenario === 'batched') {
        const batch = Array.from({ length: batchSize }, () =>
          transferOf('uniform', accounts, `${scenario}-${c}-${i++}`),
        )
        const results = await postTransfers(db, batch)
        posted += results.filter((r) => r.outcome === 'created').length
      } else if (scenario === 'unbatched') {
        const input = transferOf('uniform', accounts, `${scenario}-${c}-${i++}`)
        if ((await postTransferAlone(db, input)).outcome === 'created') posted++
      } else {
        const result = await postTransfer(
          db,
          transferOf(scenario, accounts, `${scenario}-${c}-${i++}`),
        )
        if (result.outcome === 'created') posted++
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)))
  return { rate: posted / ((Date.now() - started) / 1000), posted }
}

/**
 * Where the time goes: CPU milliseconds of this process (the ledger's JavaScript, and PGlite,
 * which runs in it) and of the PostgreSQL backends serving this database, read from /proc
 * when the server runs on this machine (Linux clock ticks of 10 ms; 0 when unreadable).
 */
async function cpuMeter(db: Db, kind: Target['name']) {
  const backends = async (): Promise<Map<number, number>> => {
    const ticks = new Map<number, number>()
    if (kind !== 'postgres') return ticks
    const result = await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )
    for (const { pid } of (result as unknown as { rows: { pid: number }[] }).rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
        ticks.set(pid, Number(fields[11]) + Number(fields[12]))
      } catch {
        // Another machine's server, or a backend that just ended: not counted.
      }
    }
    return ticks
  }
  const before = await backends()
  const started = process.cpuUsage()
  return async () => {
    const used = process.cpuUsage(started)
    let ticks = 0
    for (const [pid, now] of await backends()) ticks += now - (before.get(pid) ?? 0)
    return { benchMs: (used.user + used.system) / 1000, postgresMs: ticks * 10 }
  }
}

/** The invariants the bank test checks, counted rather than asserted. */
async function violations(db: Db, accounts: number[]): Promise<number> {
  const [sums] = await db
    .select({ total: sql<string>`sum(${ledgerBalances.postedMinor})::text` })
    .from(ledgerBalances)
    .where(inArray(ledgerBalances.accountId, accounts))
  let count = BigInt(sums?.total ?? '0') === openingMinor * BigInt(accountCount) ? 0 : 1
  const result = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from ledger_balances b
    where b.posted_minor < 0 or b.posted_minor <> coalesce((
      select sum(p.amount_minor) from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
      where p.account_id = b.account_id and t.status = 'posted'), 0)`)
  const rows = (result as unknown as { rows: { n: string }[] }).rows
  count += Number(rows[0]?.n ?? 0)
  return count
}

const pgUrl = await benchPostgresUrl()
if (!pgUrl) console.warn('bench:ledger: no PostgreSQL answered; measuring PGlite only')
const results: Record<string, Record<string, number>> = {}
// BENCH_TARGETS=postgres (or pglite) measures one database only, BENCH_LOADS=hot,uniform some
// of the loads (the ratios then lack their terms).
const only = process.env.BENCH_TARGETS?.split(',')
const onlyLoads = process.env.BENCH_LOADS?.split(',')
for (const target of targets(pgUrl).filter((t) => !only || only.includes(t.name))) {
  results[target.name] = {}
  for (const scenario of scenarios.filter((s) => !onlyLoads || onlyLoads.includes(s))) {
    const database = await target.open()
    try {
      const accounts = await fund(database.db)
      const cpu = await cpuMeter(database.db, target.name)
      const { rate, posted } = await run(database.db, scenario, accounts)
      const { benchMs, postgresMs } = await cpu()
      const broken = await violations(database.db, accounts)
      const perTransfer = (ms: number) => Math.round((ms * 1000) / Math.max(posted, 1))
      Object.assign(results[target.name]!, {
        [scenario]: Math.round(rate),
        [`${scenario}Violations`]: broken,
        [`${scenario}BenchCpuMicros`]: perTransfer(benchMs),
        [`${scenario}PostgresCpuMicros`]: perTransfer(postgresMs),
      })
      console.log(
        `${target.name.padEnd(8)} ${scenario.padEnd(9)} ${Math.round(rate).toString().padStart(7)} transfers/s  ` +
          `violations ${broken}  cpu per transfer: bench process ${perTransfer(benchMs)} us, ` +
          `postgres backends ${perTransfer(postgresMs)} us`,
      )
    } finally {
      await database.close()
    }
  }
}

const ratios = Object.fromEntries(
  Object.entries(results).map(([name, r]) => [
    name,
    {
      uniformToBudget: Number((r.uniform! / budget.transfersPerSecond).toFixed(3)),
      hotToUniform: Number((r.hot! / r.uniform!).toFixed(3)),
      batchedToUnbatched: Number((r.batched! / r.unbatched!).toFixed(3)),
    },
  ]),
)
const report = {
  measuredAt: new Date().toISOString(),
  // Absolute rates depend on the machine and on what else runs on it; the ratios less so.
  machine: { cpus: cpus().length, loadAverage1m: Number(loadavg()[0]!.toFixed(2)) },
  clients,
  accounts: accountCount,
  durationMs,
  batchSize,
  budget,
  results,
  ratios,
}
mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(join(root, 'bench-results/ledger.json'), JSON.stringify(report, null, 2))
for (const [name, r] of Object.entries(ratios)) {
  console.log(
    `${name}: uniform ${r.uniformToBudget}x of ${budget.transfersPerSecond}/s budget; ` +
      `hot ${r.hotToUniform}x uniform (budget >= ${budget.hotToUniform}); ` +
      `batched ${r.batchedToUnbatched}x unbatched (budget >= ${budget.batchedToUnbatched})`,
  )
}
