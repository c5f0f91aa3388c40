// The server process of src/server/main.ts with DEMO=false, run as production runs it: a node
// process of its own. It must start an empty bank (no demo sign-in works, no user exists) and
// never load the demo data: no module under src/server/demo/, and no loaded source holding the
// demo's e-mails or the function that backdates ledger transfers (STYLE.md, "Demo data lives
// under src/server/demo/ and loads only when DEMO is on").
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminQuery } from '../../scripts/postgres-admin.ts'
import { count } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/open-database.ts'
import { users } from '../../src/server/db/schema.ts'
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'
import { databaseTargets, type DatabaseTarget } from './server-harness.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const demoDir = join(root, 'src/server/demo/')
/** Text only the demo data holds: its two best-known e-mails and the backdating function. */
const demoMarkers = ['demo@nova.example', 'business@nova.example', 'backdateDemoTransfers']

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Resolves once main.ts says it listens; rejects when the process ends first. */
function whenListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Portal and API on')) resolve()
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', (code) =>
      reject(new Error(`main.ts ended (${code}) before listening:\n${output}`)),
    )
  })
}

interface StartedDatabase {
  env: Record<string, string>
  open(): ReturnType<typeof openDatabase>
  drop(): Promise<void>
}

/** An empty database for the process: a PGlite directory, or a new PostgreSQL database. */
async function emptyDatabase(target: DatabaseTarget, dir: string): Promise<StartedDatabase> {
  if (target.kind === 'pglite') {
    const dataDir = join(dir, 'pglite')
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => undefined,
    }
  }
  if (!target.adminUrl) throw new Error('assertion: a PostgreSQL target carries its URL')
  const adminUrl = target.adminUrl
  const name = `portal_main_${process.pid}_${Date.now()}`
  await adminQuery(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' }),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  }
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(`main.ts, DEMO=false: ${target.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-main-'))
    const moduleList = join(dir, 'modules.txt')
    let database: StartedDatabase
    let child: ChildProcess
    let baseUrl: string

    beforeAll(async () => {
      database = await emptyDatabase(target, dir)
      const port = await freePort()
      baseUrl = `http://127.0.0.1:${port}`
      const env: NodeJS.ProcessEnv = { ...process.env, ...database.env }
      if (target.kind === 'pglite') delete env.DATABASE_URL
      child = spawn(
        process.execPath,
        ['--import', join(root, 'test/integration/module-recorder.ts'), 'src/server/main.ts'],
        {
          cwd: root,
          env: {
            ...env,
            DEMO: 'false',
            PORT: String(port),
            HOST: '127.0.0.1',
            PORTAL_DIR: join(dir, 'no-portal'),
            MODULE_LIST_FILE: moduleList,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      await whenListening(child)
    })

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await database?.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    it('refuses the demo sign-in: the demo customer does not exist', async () => {
      const challenge = await codeChallengeS256(createCodeVerifier())
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client: 'spa',
          username: 'demo@nova.example',
          password: 'Demo-2026!',
          codeChallenge: challenge,
        }),
      })
      const body = (await response.json()) as Record<string, unknown>
      expect(response.status).toBe(403)
      expect(body.code).toBeUndefined()
      expect(body.accessToken).toBeUndefined()
    })

    it('loads no demo module and no source holding demo data', () => {
      const urls = readFileSync(moduleList, 'utf8').split('\n').filter(Boolean)
      const ownSources = urls
        .filter((url) => url.startsWith('file:'))
        .map((url) => fileURLToPath(url))
        .filter((path) => path.startsWith(root) && !path.includes('/node_modules/'))
      // The recorder saw the server itself, so an empty list cannot pass by accident.
      expect(ownSources).toContain(join(root, 'src/server/main.ts'))
      expect(ownSources).toContain(join(root, 'src/server/app.ts'))
      expect(ownSources.filter((path) => path.startsWith(demoDir))).toEqual([])
      const holdingDemoData = ownSources.filter((path) => {
        const text = readFileSync(path, 'utf8')
        return demoMarkers.some((marker) => text.includes(marker))
      })
      expect(holdingDemoData).toEqual([])
    })

    it('looks for text the demo data really holds', () => {
      const demoText = readdirSync(demoDir)
        .map((name) => readFileSync(join(demoDir, name), 'utf8'))
        .join('\n')
      for (const marker of demoMarkers) expect(demoText).toContain(marker)
    })

    it('leaves the database without a single user once stopped', async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      const opened = await database.open()
      try {
        expect(await opened.db.select({ users: count() }).from(users)).toEqual([{ users: 0 }])
      } finally {
        await opened.close()
      }
    })
  })
}
