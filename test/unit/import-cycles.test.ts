// No import cycle in src/, type-only imports included. eslint's import-x/no-cycle guards the
// imports that load code, but it skips `import type` by design (eslint-plugin-import-x 4.18,
// rules/no-cycle.js), and a type cycle still ties two modules together for the reader.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Each file's relative imports (values, types and import() alike) that are files of src/. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => resolve(dirname(file), fileName))
        .filter((target) => known.has(target))
      return [file, targets]
    }),
  )
}

/** Tarjan's strongly connected components; any with more than one file is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()!
      component.push(relative(src, member))
    } while (member !== file)
    if (component.length > 1) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('imports in src/', () => {
  it('form no cycle, counting type-only imports', () => {
    expect(cycles(importGraph(sourceFiles(src)))).toEqual([])
  })

  it('would report a cycle of two files', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ])
    expect(cycles(graph)).toHaveLength(1)
  })
})
