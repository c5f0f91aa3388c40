// The first chunks of /login and /home, hinted in the page itself: without the hints the
// browser learns of a route's code only once the entry script has loaded and run, one round
// trip later (Lighthouse's budget, DESIGN.md section 10). The chunks come from the build's
// manifest (vite.config.ts, build.manifest); a build without one gets the page unchanged.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

interface ManifestChunk {
  file: string
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The route modules each page starts with (src/portal/app/router.tsx), relative to src/portal. */
export const routeModules: Record<string, string[]> = {
  '/login': ['features/login/login-page.tsx'],
  '/home': ['app/query-root.tsx', 'app/main-layout.tsx', 'features/home/home-page.tsx'],
}

/** The chunk files of these modules and of what they import, minus those of the entry. */
export function chunkFiles(manifest: Manifest, modules: string[]): string[] {
  const entryFiles = new Set<string>()
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) collect(imported, into)
  }
  collect('index.html', entryFiles)
  const files = new Set<string>()
  for (const key of modules) collect(key, files)
  return [...files].filter((file) => !entryFiles.has(file))
}

/** index.html for each hinted path, with a modulepreload link per chunk of its route. */
export function hintedPages(portalDir: string): Map<string, string> {
  const pages = new Map<string, string>()
  const manifestPath = resolve(portalDir, '.vite/manifest.json')
  if (!existsSync(manifestPath)) return pages
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const html = readFileSync(resolve(portalDir, 'index.html'), 'utf8')
  for (const [path, modules] of Object.entries(routeModules)) {
    const links = chunkFiles(manifest, modules)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ')
    if (links) pages.set(path, html.replace('</head>', `  ${links}\n  </head>`))
  }
  return pages
}
