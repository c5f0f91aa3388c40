// Vite builds the portal (src/portal) into dist/; Vitest runs the three test projects.
// defineConfig comes from vitest/config so the `test` block is typed (DESIGN.md section 2).
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'
import { recycledForks } from './test/support/recycled-forks.ts'

const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

// Where a test worker that dies of a fatal error leaves its Node report (.ci/run prints it).
const nodeReports = resolve('.tmp/node-reports')
if (process.env.VITEST) mkdirSync(nodeReports, { recursive: true })

// Under Vitest only: passwords hashed with scrypt N=2^10 instead of 2^15, for the seeded demo
// users and every server the tests start (src/server/auth/password-hash.ts). The suite signs
// in thousands of times; at 2^15 each costs 0.1 s of CPU.
if (process.env.VITEST) process.env.PASSWORD_SCRYPT_LOG2_N ??= '10'

// Written by `npm run codegen` from the spec's paths; absent only before the first codegen.
const prefixesFile = fileURLToPath(new URL('./src/generated/server-prefixes.json', import.meta.url))
const specPrefixes: string[] = existsSync(prefixesFile)
  ? (JSON.parse(readFileSync(prefixesFile, 'utf8')) as string[])
  : []
/** The server's routes that no spec operation names: API reference, mass-transfer samples. */
const serverOnlyPrefixes = ['/api', '/samples']

/** Brotli and gzip copies of every text file of the build, served by Accept-Encoding. */
function precompressBuild(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      precompress(outDir)
    },
  }
}

/**
 * The login's and the signed-in shell's code in a few chunks rather than thirty small ones:
 * over HTTP/1.1 a browser opens six connections to the server, and each further request
 * waits its turn (Lighthouse's budget, DESIGN.md section 10). What every page needs (router,
 * i18n, brand, API client) goes with the entry; what every signed-in page needs (query cache,
 * main layout, menu, home) in one chunk. Nothing of the signed-in shell may be needed by the
 * login: the login would then load all of it (bench:login-bundle shows it). The texts stay one
 * chunk per language and namespace: a group of them would add a stub chunk per namespace.
 */
const portalBase = new RegExp(
  [
    String.raw`node_modules[\\/](react-router|i18next|react-i18next|html-parse-stringify|void-elements|openapi-fetch|cookie|set-cookie-parser)[\\/]`,
    String.raw`src[\\/]portal[\\/](brand[\\/]|i18n[\\/]i18n\.ts|app[\\/](page-menu|not-found-route)\.ts|components[\\/]language-select\.tsx)`,
    String.raw`src[\\/]portal[\\/]api[\\/](acting-customer|client|session-store|transport|dictionaries)\.ts`,
    String.raw`src[\\/]generated[\\/](brands|screen-routes)\.ts`,
    String.raw`brands[\\/][^\\/]+[\\/]logo\.svg`,
  ].join('|'),
)
const signedInShell = new RegExp(
  [
    String.raw`node_modules[\\/](@tanstack|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](ScrollArea|Collapse|Accordion|AppShell|Burger|NavLink|Badge|SimpleGrid|Table|Skeleton|VisuallyHidden)[\\/]`,
    String.raw`src[\\/]portal[\\/]app[\\/](query-root|main-layout|screen-menu|company-switch|viewer|skip-link|kyc-hold)\.tsx?`,
    String.raw`src[\\/]portal[\\/]api[\\/](query-client|operation-query|get-customer-info|get-customer-access-list|realtime|realtime-session|use-reload-on-transactions)\.ts`,
    String.raw`src[\\/]portal[\\/]components[\\/](realtime-notices|transaction-list)\.tsx`,
    String.raw`src[\\/]portal[\\/]features[\\/](home[\\/]|verification[\\/](verification-banner|use-user-status)\.tsx?)`,
    String.raw`src[\\/]shared[\\/](access|access-rights|permission-flags|response-codes|money)\.ts`,
    String.raw`src[\\/]generated[\\/]constants\.ts`,
    // Home's English texts come with its code (home-page.tsx).
    String.raw`locales[\\/]en[\\/](home|history)\.json`,
  ].join('|'),
)
const chunkGroups = [
  { name: 'portal-base', test: portalBase },
  { name: 'signed-in', test: signedInShell },
]

export default defineConfig({
  root: 'src/portal',
  publicDir: false,
  envDir: '../..',
  plugins: [react(), precompressBuild()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Read by the server to hint the first chunks of /login and /home (serve-portal.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The Mantine basics every page uses, login included, as one chunk: many
              // small shared chunks would each pay their own gzip and request overhead
              // (the login budget of DESIGN.md section 10).
              name: 'mantine-base',
              test: /@mantine[\\/](form|core[\\/]esm[\\/](core|components[\\/](Input|InputBase|TextInput|PasswordInput|NativeSelect|ActionIcon|Anchor|Alert|CloseButton|Group|Stack|Text|Title|Paper|Center|Image|Button|UnstyledButton|Loader|Box)[\\/]))/,
            },
            ...chunkGroups,
          ],
        },
      },
    },
  },
  server: {
    fs: { allow: ['../..'] },
    // Every server path prefix of the spec (derived by codegen), the server's own routes
    // outside the spec, and the realtime socket. A page the browser asks for (HTML) stays with
    // Vite: /login, /company and others are portal pages as well.
    proxy: Object.fromEntries([
      ...[...specPrefixes, ...serverOnlyPrefixes].map((prefix) => [
        prefix,
        {
          target: apiTarget,
          bypass: (request: { headers: { accept?: string }; url?: string }) =>
            request.headers.accept?.includes('text/html') ? request.url : undefined,
        },
      ]),
      ['/realtime', { target: apiTarget, ws: true }],
    ]),
  },
  test: {
    root: '.',
    // The servers the tests start log errors only (src/server/config.ts, LOG_LEVEL).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
    // One migrated and seeded database per run, copied by every suite that starts a server.
    globalSetup: ['test/support/seeded-databases.ts'],
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, which ran
    // the whole suite file after file (22 minutes). Two workers use both cores. Every file
    // starts its own server over its own database copy, and a browser file its own Chromium,
    // so files share nothing; the browser tests spend most of their time waiting on pages.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // expect.poll waits on what a user or client would see; its 1 s default failed on a
    // loaded two-core machine while a balance or a field was still on its way. A check that
    // never comes true still fails, after 30 s.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // A worker that V8 or Node stops with a fatal error (CI saw one die of SIGTRAP, which
    // Vitest reports without a cause) leaves a diagnostic report; .ci/run prints it
    // (scripts/crash-reports.ts).
    execArgv: ['--report-on-fatalerror', `--report-directory=${nodeReports}`],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A deadline that holds on a busy two-core machine: some unit tests run codegen
          // over the whole spec, which takes seconds there.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root: '.',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // A process runs up to 12 files in one module graph, then a fresh one takes over: the
          // server is imported once per 12 files instead of once per file, and no process
          // opens and closes a PGlite database for each of some 85 files, the churn of which V8
          // (Node 24) can die of (CI lost a worker to SIGTRAP, a V8 check failure reported
          // upstream as nodejs/node#64500). A browser worker runs ~17 files in one process.
          pool: recycledForks(12),
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          root: '.',
          include: ['test/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker runs its files one after the other in one module graph: each file starts
          // its own portal over its own database, and opens its own Chromium contexts in the
          // worker's one Chromium (browser-harness.ts), so files share no state, and the server
          // is imported and Chromium launched once per worker. Helper modules register no hooks at
          // their top level (external-transfers-suite.ts shows how).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
