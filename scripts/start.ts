// `npm start`: codegen has run (prestart); build the portal if dist/ is missing or older
// than its sources, then start the server (PGlite in ./data unless DATABASE_URL is set).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const builtIndex = join(root, 'dist/index.html')
const portalSources = [
  'src/portal',
  'src/shared',
  'src/generated',
  'locales',
  'brands',
  'vite.config.ts',
]

function newestChange(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  )
}

function portalIsStale(): boolean {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  return portalSources.some(
    (source) => existsSync(join(root, source)) && newestChange(join(root, source)) > built,
  )
}

if (portalIsStale()) {
  console.log('Building the portal (dist/)...')
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
}
process.chdir(root)
await import('../src/server/main.ts')
