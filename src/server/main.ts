// The server process: open the database (migrations run), seed demo data in demo mode,
// then serve the API and the built portal on one port.
import { configFromEnv } from './config.ts'
import { openDatabase } from './db/open-database.ts'
import { buildApp } from './app.ts'
import { demoCustomers, demoPassword, seedDemo } from './db/seed-demo.ts'
import { jobWorkerOptionsFromEnv, startJobWorker } from './jobs/job-worker.ts'

const config = configFromEnv()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
if (config.demo) await seedDemo(database.db)
const app = await buildApp(database.db, config)
await app.listen({ port: config.port, host: config.host })
// Webhook and IPN deliveries (and later other jobs) run from the jobs table; merchants' URLs
// may be local only in demo mode (src/server/public-api/public-api-records.ts).
const jobWorker = startJobWorker(database.db, jobWorkerOptionsFromEnv(process.env, config.demo))

const url = `http://localhost:${config.port}`
console.log(`Portal and API on ${url} (database: ${database.kind})`)
if (config.demo) {
  console.log(`Sign in at ${url}/login with password "${demoPassword}" as one of:`)
  for (const demo of demoCustomers) console.log(`  ${demo.username}`)
  console.log(`Other brands: ${url}/login?brand=bank (main, bank, payments, lt-a, lt-b, uk)`)
}

async function shutdown(): Promise<void> {
  await jobWorker.stop()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
