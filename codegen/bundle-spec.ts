// Merges spec/openapi.yaml and its area files into one self-contained OpenAPI document:
// every entity schema of schemas/ becomes components.schemas.<title>, every reference into
// the root file becomes a local one, and unknown vendor extensions fail the build
// (DESIGN.md section 4: keep them few and documented).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parse } from 'yaml'

/** Vendor extensions the project understands; see schemas/README.md. */
export const knownExtensions = new Set([
  'x-areas',
  'x-access',
  'x-paging',
  'x-rate-limit',
  'x-screen',
  'x-enum-varnames',
  'x-enum-descriptions',
])

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export class SpecError extends Error {}

export function bundleSpec(rootFile: string): JsonObject {
  const rootPath = resolve(rootFile)
  const specDir = dirname(rootPath)
  const root = loadYaml(rootPath)
  const schemas: JsonObject = {}
  const schemaFileByTitle = new Map<string, string>()

  const areas = root['x-areas']
  if (!Array.isArray(areas) || areas.length === 0) {
    throw new SpecError(`${rootFile}: x-areas must list the area files`)
  }
  const paths: JsonObject = {}
  const operationIds = new Map<string, string>()
  for (const area of areas) {
    const areaPath = join(specDir, String(area))
    const doc = loadYaml(areaPath)
    const areaPaths = (doc.paths ?? {}) as JsonObject
    for (const [path, item] of Object.entries(areaPaths)) {
      if (paths[path]) throw new SpecError(`${area}: path ${path} is defined twice`)
      const stem = String(area).replace(/\.yaml$/, '')
      for (const [method, value] of Object.entries(item as JsonObject)) {
        if (method === 'parameters') continue
        const operation = value as JsonObject
        const id = operation.operationId as string | undefined
        if (!id) throw new SpecError(`${area}: ${path} has an operation without operationId`)
        const tags = operation.tags as Json[] | undefined
        if (!tags || tags.length !== 1 || tags[0] !== stem) {
          throw new SpecError(`${area}: ${id} needs exactly one tag, [${stem}]`)
        }
        const other = operationIds.get(id)
        if (other) throw new SpecError(`${area}: operationId ${id} is also used in ${other}`)
        operationIds.set(id, String(area))
      }
      paths[path] = resolveRefs(item, areaPath, `${area}#${path}`)
    }
  }

  // Every entity schema belongs to the spec, also those no operation uses yet (realtime
  // messages, notifications): they are documented and get their named constants.
  const schemasDir = join(specDir, '../schemas')
  const toolingSchemas = new Set(['screen.schema.json', 'overlay.schema.json'])
  const entityFiles = readdirSync(schemasDir).filter(
    (n) => n.endsWith('.schema.json') && !toolingSchemas.has(n),
  )
  for (const name of entityFiles.sort()) {
    addSchemaFile(join(schemasDir, name), `schemas/${name}`)
  }

  const components = (root.components ?? {}) as JsonObject
  const resolvedComponents = resolveRefs(components, rootPath, 'openapi.yaml#components')
  const bundled: JsonObject = { ...root, paths }
  delete bundled['x-areas']
  bundled.components = { ...(resolvedComponents as JsonObject), schemas }
  checkExtensions(bundled, '')
  return bundled

  /** localBase: where a schema file's own "#/..." pointers land in the bundle. */
  function resolveRefs(node: Json, file: string, where: string, localBase?: string): Json {
    if (Array.isArray(node)) return node.map((item) => resolveRefs(item, file, where, localBase))
    if (node === null || typeof node !== 'object') return node
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref'
          ? rewriteRef(String(value), file, where, localBase)
          : resolveRefs(value, file, where, localBase)
    }
    return out
  }

  function rewriteRef(ref: string, file: string, where: string, localBase?: string): string {
    if (ref.startsWith('#')) return localBase ? `${localBase}${ref.slice(1)}` : ref
    const [target = '', fragment] = ref.split('#')
    const targetPath = resolve(dirname(file), target)
    if (targetPath.endsWith('.schema.json')) {
      if (fragment) throw new SpecError(`${where}: refer to a whole schema file, not ${ref}`)
      return `#/components/schemas/${addSchemaFile(targetPath, where)}`
    }
    if (targetPath === rootPath && fragment?.startsWith('/components/')) return `#${fragment}`
    throw new SpecError(`${where}: cannot resolve $ref ${ref}`)
  }

  function addSchemaFile(path: string, where: string): string {
    let schema: JsonObject
    try {
      schema = JSON.parse(readFileSync(path, 'utf8')) as JsonObject
    } catch (error) {
      throw new SpecError(`${where}: cannot read ${relative(specDir, path)}: ${String(error)}`)
    }
    const title = schema.title
    if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) {
      throw new SpecError(`${relative(specDir, path)}: needs a PascalCase "title"`)
    }
    const known = schemaFileByTitle.get(title)
    if (known && known !== path)
      throw new SpecError(`title ${title} is used by ${known} and ${path}`)
    if (known) return title
    schemaFileByTitle.set(title, path)
    const { $schema: _s, $id: _i, ...body } = schema
    schemas[title] = null // reserve the name before recursing, so cycles terminate
    schemas[title] = resolveRefs(
      body,
      path,
      relative(specDir, path),
      `#/components/schemas/${title}`,
    )
    return title
  }
}

function loadYaml(path: string): JsonObject {
  try {
    return parse(readFileSync(path, 'utf8')) as JsonObject
  } catch (error) {
    throw new SpecError(`cannot read ${path}: ${String(error)}`)
  }
}

function checkExtensions(node: Json, where: string): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => checkExtensions(item, `${where}/${index}`))
    return
  }
  if (node === null || typeof node !== 'object') return
  for (const [key, value] of Object.entries(node)) {
    // Property names inside a schema's "properties" are data, not keywords.
    if (key.startsWith('x-') && !where.endsWith('/properties') && !knownExtensions.has(key)) {
      throw new SpecError(`${where}: unknown extension ${key}; known: ${[...knownExtensions]}`)
    }
    checkExtensions(value, `${where}/${key}`)
  }
}
