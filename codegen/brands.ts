// Reads brands/<id>/brand.yaml, validates each against schemas/brand.schema.json and
// reports mistakes with the file, the line and the fix (STYLE.md habit 9).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import { isMap, isSeq, parseDocument, LineCounter, type Document } from 'yaml'
import { formats } from '../src/shared/formats.ts'

export interface BrandProblem {
  file: string
  line: number
  message: string
}

/**
 * Brand folders: brands/<id>, plus the test fixtures' test/fixtures/brands/<id> when
 * PORTAL_FIXTURES=1 (the browser tests' build; never the product's).
 */
export function fixturesEnabled(): boolean {
  return process.env.PORTAL_FIXTURES === '1'
}

export function brandFolders(root: string): { dir: string; id: string }[] {
  const dirs = ['brands', ...(fixturesEnabled() ? ['test/fixtures/brands'] : [])]
  return dirs.flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .sort()
          .map((id) => ({ dir, id }))
      : [],
  )
}

export function loadBrands(root: string): {
  brands: Record<string, unknown>[]
  problems: BrandProblem[]
} {
  const schema = JSON.parse(readFileSync(join(root, 'schemas/brand.schema.json'), 'utf8'))
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true })
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format)
  const validate = ajv.compile(schema)
  const brands: Record<string, unknown>[] = []
  const problems: BrandProblem[] = []
  for (const { dir: brandsRoot, id } of brandFolders(root)) {
    const brandsDir = join(root, brandsRoot)
    const file = `${brandsRoot}/${id}/brand.yaml`
    if (!existsSync(join(root, file))) continue
    const lineCounter = new LineCounter()
    const doc = parseDocument(readFileSync(join(root, file), 'utf8'), { lineCounter })
    if (doc.errors.length > 0) {
      for (const error of doc.errors) {
        problems.push({ file, line: error.linePos?.[0]?.line ?? 1, message: error.message })
      }
      continue
    }
    const data = doc.toJS() as Record<string, unknown>
    if (!validate(data)) {
      for (const error of validate.errors ?? []) {
        problems.push({
          file,
          line: lineOf(doc, lineCounter, error),
          message: explain(error, schema),
        })
      }
      continue
    }
    if (data.id !== id) {
      problems.push({ file, line: 1, message: `id is "${String(data.id)}"; set it to "${id}"` })
    }
    for (const key of ['projectLogo', 'projectIcon']) {
      if (key in data && !existsSync(join(brandsDir, id, String(data[key])))) {
        problems.push({ file, line: 1, message: `${key} ${String(data[key])} is missing` })
      }
    }
    brands.push(data)
  }
  return { brands, problems }
}

function explain(error: ErrorObject, schema: { properties?: Record<string, unknown> }): string {
  const where = error.instancePath.slice(1).replaceAll('/', '.') || 'the file'
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      const known = error.instancePath === '' ? Object.keys(schema.properties ?? {}) : []
      const near = known.find((name) => editDistance(name, key) <= 2)
      const fix = near ? `did you mean "${near}"?` : 'check its spelling or remove it'
      return `${where}: "${key}" is not a known setting; ${fix}`
    }
    case 'required':
      return `${where}: add the missing setting "${String(params.missingProperty)}"`
    case 'enum':
      return `${where}: use one of ${(params.allowedValues as unknown[]).join(', ')}`
    default:
      return `${where}: ${error.message ?? 'is invalid'}`
  }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]!
}

function lineOf(doc: Document, counter: LineCounter, error: ErrorObject): number {
  const path = error.instancePath.split('/').slice(1)
  const extra = (error.params as Record<string, unknown>).additionalProperty
  if (typeof extra === 'string') path.push(extra)
  let node: unknown = doc.contents
  let offset = 0
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => String((item.key as { value?: unknown })?.value) === key,
      )
      if (!pair) break
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(key)] as { range?: [number] } | undefined
      if (!item) break
      offset = item.range?.[0] ?? offset
      node = item
    } else break
  }
  return counter.linePos(offset).line
}
