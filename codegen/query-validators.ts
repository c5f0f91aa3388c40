// Precompiles the query parameters of every REST operation into one validator each, like
// the request bodies (validators.ts). A query string is text: integers and booleans are
// coerced to the type the spec declares, a repeated parameter becomes an array where the
// spec wants one, and defaults are filled in, as Fastify's own querystring validation
// would (ajv's coerceTypes 'array' and useDefaults). The dispatcher validates the query in
// place, so handlers read typed values (HandlerContext.query).
import type { Json, JsonObject } from './bundle-spec.ts'
import { operationTable } from './operation-table.ts'
import { schemaBase, specAjv, standaloneModule, withAbsoluteRefs } from './validators.ts'

interface QueryParameter {
  name: string
  in: string
  required?: boolean
  schema?: Json
}

export function queryValidatorModule(spec: JsonObject): { code: string; names: string[] } {
  const ajv = specAjv(spec, { coerceTypes: 'array', useDefaults: true })
  const exports: Record<string, string> = {}
  const paths = spec.paths as Record<string, Record<string, JsonObject>>
  for (const entry of operationTable(spec)) {
    if (entry.kind !== 'rest') continue
    const item = paths[entry.path] ?? {}
    const operation = item[entry.method.toLowerCase()] ?? {}
    const parameters = [
      ...((item.parameters as unknown as QueryParameter[] | undefined) ?? []),
      ...((operation.parameters as unknown as QueryParameter[] | undefined) ?? []),
    ].filter((parameter) => parameter.in === 'query')
    if (parameters.length === 0) continue
    const schema: JsonObject = {
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((parameter) => [parameter.name, withAbsoluteRefs(parameter.schema ?? {})]),
      ),
      required: parameters.filter((p) => p.required).map((p) => p.name),
    }
    const id = `${schemaBase}query/${entry.operationId}`
    ajv.addSchema(schema, id)
    exports[`query_${entry.operationId}`] = id
  }
  return { code: standaloneModule(ajv, exports), names: Object.keys(exports) }
}
