// Budget: a 10,000-row mass payment file parsed, validated and previewed in <= 2 s (DESIGN.md
// section 10). The preview is the real one of massTransferPreview (every line checked as its
// single submit would: the request schema, IBAN and SWIFT check digits, the bank directory,
// the quote and the limits, then the available balance), run on the demo database in PGlite
// with the payroll company, whose wire mass flag is on. The file cycles the wire sample's
// lines. Run on demand: `npm run bench:mass`; writes bench-results/mass.json. Never part of
// npm test.
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

const root = join(import.meta.dirname, '../..')
const budgetMs = 2000
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
  const content = wireFile(rowCount)
  const timings: number[] = []
  let summary: Record<string, unknown> | undefined
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
    const body = outcome.body as { responseCode?: string; summary?: Record<string, unknown> }
    if (body.responseCode !== '00') throw new Error(`the preview failed: ${JSON.stringify(body)}`)
    summary = body.summary
  }
  if (summary?.validCount !== rowCount) {
    throw new Error(`every line is valid, ${String(summary?.validCount)} were`)
  }
  const bestMs = Math.min(...timings)
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1m: Number(loadavg()[0]!.toFixed(2)) },
    rows: rowCount,
    fileBytes: content.length,
    budgetMs,
    timingsMs: timings.map((t) => Math.round(t)),
    bestMs: Math.round(bestMs),
    ratioOfBudget: Number((bestMs / budgetMs).toFixed(3)),
  }
  mkdirSync(join(root, 'bench-results'), { recursive: true })
  writeFileSync(join(root, 'bench-results/mass.json'), JSON.stringify(report, null, 2))
  console.log(
    `mass preview: ${rowCount} wire lines in ${report.bestMs} ms (best of ${runs}); ` +
      `${report.ratioOfBudget}x of the ${budgetMs} ms budget`,
  )
} finally {
  await database.close()
}
