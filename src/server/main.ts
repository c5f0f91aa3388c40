// The server process: open the database (migrations run), seed demo data in demo mode,
// then serve the API and the built portal on one port. The demo data is imported only when
// DEMO is on, so a production process (DEMO=false) never loads its code, its published
// passwords or its backdating of ledger transfers (test/integration/main.test.ts).
import { configFromEnv } from './config.ts'
import { openDatabase } from './db/open-database.ts'
import { buildApp } from './app.ts'
import { jobWorkerOptionsFromEnv, startJobWorker } from './jobs/job-worker.ts'
import { drainOnSignals } from './shutdown.ts'

const config = configFromEnv()
const demo = config.demo ? await import('./demo/seed.ts') : undefined
// Instances started together take turns to migrate and seed (db/open-database.ts).
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  prepare: demo?.seedDemo,
})
const app = await buildApp(database.db, config)
await app.listen({ port: config.port, host: config.host })
// Webhook and IPN deliveries (and later other jobs) run from the jobs table; merchants' URLs
// may be local only in demo mode (src/server/public-api/public-api-records.ts).
const jobWorker = startJobWorker(database.db, jobWorkerOptionsFromEnv(process.env, config.demo))

const url = `http://localhost:${config.port}`
console.log(`Portal and API on ${url} (database: ${database.kind})`)
if (demo) {
  console.log(`Sign in at ${url}/login with password "${demo.demoPassword}" as one of:`)
  for (const customer of demo.demoCustomers) console.log(`  ${customer.username}`)
  console.log(`Other brands: ${url}/login?brand=bank (main, bank, payments, lt-a, lt-b, uk)`)
}

// SIGTERM or SIGINT: stop accepting, finish what is in flight, exit (shutdown.ts).
drainOnSignals({ app, jobWorker, database, graceSeconds: config.shutdownGraceSeconds })
