// The modulepreload hints of /login and /home: the chunks of the route's modules and of what
// they import, once each, less the entry's (index.html names those itself); pages of a build
// without a manifest are served unchanged.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkFiles, hintedPages } from '../../../src/server/portal-preload.ts'

const manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_base-b.js'] },
  '_base-b.js': { file: 'assets/base-b.js' },
  '_shell-c.js': { file: 'assets/shell-c.js', imports: ['_base-b.js'] },
  'app/main-layout.tsx': { file: 'assets/main-layout-d.js', imports: ['_shell-c.js'] },
  'features/home/home-page.tsx': { file: 'assets/home-page-e.js', imports: ['_shell-c.js'] },
  'app/query-root.tsx': { file: 'assets/query-root-f.js', imports: ['_shell-c.js'] },
  'features/login/login-page.tsx': { file: 'assets/login-page-g.js', imports: ['_base-b.js'] },
}

describe('chunkFiles', () => {
  it("lists a route's chunks and their imports once, without the entry's", () => {
    expect(chunkFiles(manifest, ['app/main-layout.tsx', 'features/home/home-page.tsx'])).toEqual([
      'assets/main-layout-d.js',
      'assets/shell-c.js',
      'assets/home-page-e.js',
    ])
  })

  it('skips a module the manifest does not know', () => {
    expect(chunkFiles(manifest, ['features/gone.tsx'])).toEqual([])
  })
})

describe('hintedPages', () => {
  const html = '<html><head><title>Portal</title></head><body></body></html>'

  it('adds the modulepreload links of /login and /home before </head>', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-'))
    mkdirSync(join(dir, '.vite'))
    writeFileSync(join(dir, 'index.html'), html)
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
    const pages = hintedPages(dir)
    expect([...pages.keys()].sort()).toEqual(['/home', '/login'])
    expect(pages.get('/login')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-g.js">',
    )
    const home = pages.get('/home') ?? ''
    expect(home.match(/modulepreload/g)).toHaveLength(4)
    expect(home).not.toContain('base-b.js')
    expect(home.indexOf('query-root-f.js')).toBeLessThan(home.indexOf('</head>'))
  })

  it('hints nothing for a build without a manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-'))
    writeFileSync(join(dir, 'index.html'), html)
    expect(hintedPages(dir).size).toBe(0)
  })
})
