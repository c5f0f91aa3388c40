// The server under test of bench:rpc, bench:mass and bench:lighthouse, in a process of its
// own: the real app as production runs it (NODE_ENV=production, its request log written),
// over PGlite in memory or the PostgreSQL database at DATABASE_URL, with the demo data.
// BENCH_USER names the demo user signed in (the demo customer by default); BENCH_PORTAL_DIR,
// when set, is the built portal it serves. Sends its port and that user's token pair to the
// bench (IPC) once listening.
import { eq } from 'drizzle-orm'
import { configFromEnv } from '../../src/server/config.ts'
import { openDatabase } from '../../src/server/db/open-database.ts'
import { buildApp } from '../../src/server/app.ts'
import { seedDemo } from '../../src/server/demo/seed.ts'
import { loadSigningKey, TokenService } from '../../src/server/auth/tokens.ts'
import { users } from '../../src/server/db/schema.ts'

const config = { ...configFromEnv(), portalDir: process.env.BENCH_PORTAL_DIR || undefined }
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' })
await seedDemo(database.db)
const app = await buildApp(database.db, config)
await app.listen({ port: 0, host: '127.0.0.1' })
const [user] = await database.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.username, process.env.BENCH_USER ?? 'demo@nova.example'))
if (!user) throw new Error('assertion: the demo data has the bench user')
const tokens = new TokenService(database.db, config, await loadSigningKey(database.db))
const { accessToken, refreshToken, expiresIn } = await tokens.issue(user.id)
const address = app.server.address()
if (typeof address !== 'object' || !address) throw new Error('assertion: listening on a port')
process.send?.({ port: address.port, token: accessToken, refreshToken, expiresIn })

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0))
})
