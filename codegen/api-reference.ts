// The API reference served at /api/docs: one static HTML page from the bundled spec, no
// scripts and no outside resources, so it works offline and under the strict CSP.
import type { Json, JsonObject } from './bundle-spec.ts'
import { requestSchema, responseSchema, type OperationEntry } from './operation-table.ts'

const escape = (text: unknown): string =>
  String(text ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

interface FieldRow {
  name: string
  type: string
  required: boolean
  rules: string
  description: string
}

export function apiReferenceHtml(spec: JsonObject, table: OperationEntry[]): string {
  const schemas = (spec.components as JsonObject).schemas as JsonObject
  const info = spec.info as JsonObject
  const tags = (spec.tags as JsonObject[] | undefined) ?? []
  const areas = [...new Set(table.map((entry) => entry.area))].sort()
  const resolve = (node: Json | undefined): JsonObject => {
    let current = (node ?? {}) as JsonObject
    for (let depth = 0; typeof current.$ref === 'string' && depth < 10; depth++) {
      current = (schemas[current.$ref.replace('#/components/schemas/', '')] ?? {}) as JsonObject
    }
    return current
  }

  function typeOf(schema: JsonObject): string {
    const s = resolve(schema)
    if (s.allOf) return 'object'
    if (s.type === 'array') return `array of ${typeOf((s.items ?? {}) as JsonObject)}`
    if (Array.isArray(s.type)) return s.type.join(' | ')
    if (s.type) return String(s.type)
    if (s.anyOf || s.oneOf) return 'one of several shapes'
    return 'any'
  }

  function rulesOf(schema: JsonObject): string {
    const s = resolve(schema)
    const rules: string[] = []
    if (s.enum) rules.push(`one of ${(s.enum as Json[]).map((v) => JSON.stringify(v)).join(', ')}`)
    if (s.const !== undefined) rules.push(`always ${JSON.stringify(s.const)}`)
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
      if (s[key] !== undefined) rules.push(`${key} ${String(s[key])}`)
    }
    for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'format', 'pattern']) {
      if (s[key] !== undefined) rules.push(`${key} ${String(s[key])}`)
    }
    if (s.default !== undefined) rules.push(`default ${JSON.stringify(s.default)}`)
    return rules.join('; ')
  }

  /** Flattens an object schema into dotted field rows, three levels deep. */
  function fields(schema: Json | undefined, prefix = '', depth = 0): FieldRow[] {
    const s = resolve(schema)
    const parts = (s.allOf as JsonObject[] | undefined) ?? [s]
    const rows: FieldRow[] = []
    for (const part of parts) {
      const object = resolve(part)
      const required = new Set((object.required as string[] | undefined) ?? [])
      for (const [name, value] of Object.entries((object.properties ?? {}) as JsonObject)) {
        const property = value as JsonObject
        const resolved = resolve(property)
        rows.push({
          name: prefix + name,
          type: typeOf(property),
          required: required.has(name),
          rules: rulesOf(property),
          description: String(property.description ?? resolved.description ?? ''),
        })
        const inner = resolved.type === 'array' ? resolve(resolved.items as JsonObject) : resolved
        if (depth < 2 && (inner.properties || inner.allOf)) {
          const suffix = resolved.type === 'array' ? '[].' : '.'
          rows.push(...fields(inner, `${prefix}${name}${suffix}`, depth + 1))
        }
      }
    }
    return rows
  }

  const fieldTable = (rows: FieldRow[]) =>
    rows.length === 0
      ? '<p class="muted">No fields.</p>'
      : `<table><thead><tr><th>field</th><th>type</th><th>required</th><th>rules</th><th>description</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td><code>${escape(r.name)}</code></td><td>${escape(r.type)}</td><td>${r.required ? 'yes' : ''}</td><td>${escape(r.rules)}</td><td>${escape(r.description)}</td></tr>`,
          )
          .join('')}</tbody></table>`

  const operationHtml = (entry: OperationEntry) => {
    const request = requestSchema(spec, entry)
    const responses = entry.responseStatuses
      .map((status) => {
        const schema = responseSchema(spec, entry, status)
        return `<h4>${escape(status)}</h4>${schema ? fieldTable(fields(schema)) : '<p class="muted">No body.</p>'}`
      })
      .join('')
    return `<section id="${escape(entry.operationId)}"><h3><code>${escape(entry.operationId)}</code></h3>
<p><span class="method">${escape(entry.method)}</span> <code>${escape(entry.path)}</code> · access: <code>${escape(entry.access)}</code></p>
<p>${escape(entry.summary)}</p>
<h4>Request</h4>${request ? fieldTable(fields(request)) : '<p class="muted">No body.</p>'}
${responses}</section>`
  }

  const toc = areas
    .map(
      (area) =>
        `<li><a href="#area-${escape(area)}">${escape(area)}</a> (${table.filter((e) => e.area === area).length})</li>`,
    )
    .join('')
  const body = areas
    .map((area) => {
      const description = tags.find((tag) => tag.name === area)?.description ?? ''
      const ops = table.filter((entry) => entry.area === area)
      return `<h2 id="area-${escape(area)}">${escape(area)}</h2><p>${escape(description)}</p>${ops.map(operationHtml).join('')}`
    })
    .join('')

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#1a1a1a}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;display:block;overflow-x:auto}
th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f5f5f5}section{border-top:1px solid #eee;padding-top:.5rem}
.method{font-weight:700;color:#0b5fff}.muted{color:#666}a{color:#0b5fff}
</style></head><body>
<h1>${escape(info.title)}</h1>
<p>Version ${escape(info.version)}. ${escape(info.description)}</p>
<p>The machine-readable description: <a href="/api/docs/openapi.json">openapi.json</a>.
RPC answers carry <code>responseCode</code>: <code>00</code> is success; <code>VF</code> lists
the fields that failed in <code>errors</code>; <code>AU</code> (HTTP 401) means sign in or refresh.</p>
<nav><h2>Areas</h2><ul>${toc}</ul></nav>
${body}
</body></html>
`
}
