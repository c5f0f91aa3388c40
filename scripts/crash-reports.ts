// Prints what Node's diagnostic reports say about a test worker that died (.ci/run calls it
// when `npm test` fails). Vitest only says "Worker exited unexpectedly with signal ..."; the
// workers run with --report-on-fatalerror (vite.config.ts), so a fatal error of V8 or Node
// (out of memory among them) leaves a report naming the trigger, the JavaScript stack and
// the heap at that moment.
//   node scripts/crash-reports.ts [folder]   (default .tmp/node-reports)
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface NodeReport {
  header?: { event?: string; trigger?: string; nodejsVersion?: string; commandLine?: string[] }
  javascriptStack?: { message?: string; stack?: string[] }
  nativeStack?: { symbol?: string }[]
  javascriptHeap?: { totalMemory?: number; usedMemory?: number; availableMemory?: number }
  resourceUsage?: { rss?: number; maxRss?: number }
}

const folder = process.argv[2] ?? '.tmp/node-reports'
const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []
const megabytes = (bytes: number | undefined) =>
  bytes === undefined ? '?' : `${Math.round(bytes / 1_048_576)} MB`

if (files.length === 0) console.log(`crash-reports: no Node report in ${folder}`)
for (const file of files) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8')) as NodeReport
  const heap = report.javascriptHeap
  console.log(`crash-reports: ${file}`)
  console.log(`  event: ${report.header?.event ?? '?'} (trigger ${report.header?.trigger ?? '?'})`)
  console.log(`  node ${report.header?.nodejsVersion ?? '?'}`)
  console.log(
    `  heap: ${megabytes(heap?.usedMemory)} used of ${megabytes(heap?.totalMemory)}, ${megabytes(heap?.availableMemory)} available`,
  )
  console.log(`  message: ${report.javascriptStack?.message ?? '?'}`)
  for (const line of (report.javascriptStack?.stack ?? []).slice(0, 15)) console.log(`    ${line}`)
  for (const frame of (report.nativeStack ?? []).slice(0, 12))
    console.log(`    native ${frame.symbol ?? '?'}`)
}
