// Budgets: a 10,000-row mass payment file parsed, validated and previewed in <= 2 s in
// process (DESIGN.md section 10), and in <= 1 s through the HTTP upload (issue 15): the
// multipart massTransferPreview of the server in a process of its own (rpc-server.ts),
// signed in as the payroll company's user, timed from the request to the preview answer.
// The preview is the real one (every line checked as its single submit would: the request
// schema, IBAN and SWIFT check digits, the bank directory, the quote and the limits, then the
// available balance), on the demo database in PGlite, with the payroll company, whose wire
// mass flag is on. The file cycles the wire sample's lines. Run on demand: `npm run
// bench:mass`; writes bench-results/mass.json. Never part of npm test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cpus, loadavg } from 'node:os'
import { and, eq } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/open-database.ts'
import { users } from '../../src/server/db/schema.ts'
import { ledgerAccounts } from '../../src/server/db/schema-ledger.ts'
import { seedDemo } from '../../src/server/demo/seed.ts'
import { demoPayroll } from '../../src/server/demo/history.ts'
import { previewExternalMass } from '../../src/server/transfers/mass-external.ts'
import { startChild, stop } from './server-process.ts'

const root = join(import.meta.dirname, '../..')
const budgetMs = 2000
const httpBudgetMs = 1000
const rowCount = 10_000
const runs = 3

function wireFile(rows: number): Buffer {
  const sample = readFileSync(join(root, 'src/server/transfers/mass-samples/wire.csv'), 'utf8')
  const [header, ...lines] = sample.trim().split('\n')
  // Small amounts, so every line fits the limits and the balance: all 10,000 are checked fully.
  const euro = lines.filter((line) => line.includes(',EUR,'))
  const body = Array.from({ length: rows }, (_, i) =>
    euro[i % euro.length]!.replace(/,[0-9]+\.[0-9]{2},EUR,/, `,${(1 + (i % 9)) / 100},EUR,`),
  )
  return Buffer.from([header, ...body].join('\n'))
}

interface Preview {
  responseCode?: string
  summary?: { validCount?: number }
}

function checked(body: Preview): void {
  if (body.responseCode !== '00') throw new Error(`the preview failed: ${JSON.stringify(body)}`)
  if (body.summary?.validCount !== rowCount) {
    throw new Error(`every line is valid, ${String(body.summary?.validCount)} were`)
  }
}

/** The preview called in this process, on a database of its own: timings in ms. */
async function inProcess(content: Buffer): Promise<number[]> {
  const database = await openDatabase({ dataDir: 'memory://' })
  try {
    await seedDemo(database.db)
    const [user] = await database.db.select().from(users).where(eq(users.username, demoPayroll))
    if (!user) throw new Error('the payroll demo user is seeded')
    const [account] = await database.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(eq(ledgerAccounts.customerId, user.customerId), eq(ledgerAccounts.currencyCode, 'EUR')),
      )
    if (!account) throw new Error('the payroll company has a EUR account')
    const timings: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      const outcome = await previewExternalMass(database.db, {
        acting: { userId: user.id, customerId: user.customerId, accessRight: 2 },
        accountId: account.id,
        transferType: 'wire',
        fileName: 'payroll.csv',
        mimeType: 'text/csv',
        content,
      })
      timings.push(performance.now() - started)
      checked(outcome.body as Preview)
    }
    return timings
  } finally {
    await database.close()
  }
}

async function eurAccountId(base: string, token: string): Promise<number> {
  const reply = await fetch(`${base}/rpc/balanceInquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  })
  const body = (await reply.json()) as { accounts?: { accountId: number; currencyCode: string }[] }
  const eur = body.accounts?.find((a) => a.currencyCode === 'EUR')
  if (!eur) throw new Error(`the payroll company has a EUR account: ${JSON.stringify(body)}`)
  return eur.accountId
}

/** The multipart massTransferPreview over HTTP, from the request to the whole answer: ms. */
async function overHttp(content: Buffer): Promise<number[]> {
  const server = await startChild('rpc-server.ts', {
    NODE_ENV: 'production',
    DEMO: 'true',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    DATABASE_URL: '',
    BENCH_USER: demoPayroll,
  })
  try {
    const base = `http://127.0.0.1:${server.port}`
    const token = server.token ?? ''
    const accountId = await eurAccountId(base, token)
    const timings: number[] = []
    for (let run = 0; run < runs; run++) {
      const form = new FormData()
      form.append('data', JSON.stringify({ accountId, transferType: 'wire' }))
      form.append('file', new Blob([content.toString('utf8')], { type: 'text/csv' }), 'payroll.csv')
      const started = performance.now()
      const reply = await fetch(`${base}/rpc/massTransferPreview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const body = (await reply.json()) as Preview
      timings.push(performance.now() - started)
      checked(body)
    }
    return timings
  } finally {
    await stop(server.child)
  }
}

function figures(timings: number[], budget: number) {
  const bestMs = Math.min(...timings)
  return {
    budgetMs: budget,
    timingsMs: timings.map((t) => Math.round(t)),
    bestMs: Math.round(bestMs),
    ratioOfBudget: Number((bestMs / budget).toFixed(3)),
  }
}

const content = wireFile(rowCount)
const http = figures(await overHttp(content), httpBudgetMs)
const direct = figures(await inProcess(content), budgetMs)
const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, loadAverage1m: Number(loadavg()[0]!.toFixed(2)) },
  rows: rowCount,
  fileBytes: content.length,
  http,
  inProcess: direct,
}
mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(join(root, 'bench-results/mass.json'), JSON.stringify(report, null, 2))
console.log(
  `mass preview over HTTP (multipart massTransferPreview): ${rowCount} wire lines in ` +
    `${http.bestMs} ms (best of ${runs}); ${http.ratioOfBudget}x of the ${httpBudgetMs} ms budget`,
)
console.log(
  `mass preview in process: ${direct.bestMs} ms (best of ${runs}); ` +
    `${direct.ratioOfBudget}x of the ${budgetMs} ms budget`,
)
console.log(`load average (1 min) ${report.machine.loadAverage1m} on ${report.machine.cpus} cpus`)
