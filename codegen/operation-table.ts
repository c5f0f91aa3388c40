// Derives the operation table (operationId -> path, access, schemas) from the bundled spec.
import { SpecError, type Json, type JsonObject } from './bundle-spec.ts'
import { parseAccess } from '../src/shared/access.ts'

/**
 * Who may call an operation (DESIGN.md section 11), checked by the dispatcher before the
 * handler runs (src/server/rpc/access.ts):
 * - public: anyone; admin: an administrator (isAdmin);
 * - user: a signed-in user, for themselves only (their devices, password, sign-ins): the
 *   handler always sees the user's own customer, whatever fromCustomerId says;
 * - rights:N[,N]: a signed-in user whose access right on the acting customer is one of N
 *   (product-spec section 4: 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading); a user
 *   has 2 on their own customer and an administrator 2 on everyone;
 * - rights:N[,N] permission:<flag>: as rights, and the acting customer's permission flag of
 *   product-spec section 6 is true;
 * - paymentSecret: a global-payment recipient holding the payment's secret link;
 * - internal: another server, with the internal service token;
 * - apiKey: a merchant's server with an enabled API key in x-api-key, from an allowed IP.
 * Every operation that can act for a customer (everything signed in but admin and user)
 * names the rights it needs, so no handler is left to decide who may call it.
 */
export type Access =
  'public' | 'user' | 'admin' | `rights:${string}` | 'paymentSecret' | 'internal' | 'apiKey'

export interface OperationEntry {
  operationId: string
  method: string
  path: string
  /** 'rpc' operations use the response envelope and also answer at /api?method=. */
  kind: 'rpc' | 'rest'
  area: string
  access: Access
  /** The access rights on the acting customer that may call it (from rights:N,...). */
  rights?: number[]
  /** The permission flag the acting customer needs (from permission:<flag>). */
  permission?: string
  summary: string
  hasRequestBody: boolean
  responseStatuses: string[]
  /**
   * Every successful answer is JSON (or empty): no file a browser would show. A page
   * navigation to such a GET path is the portal's page of the same address (serve-portal.ts).
   */
  jsonOnly: boolean
  paging?: JsonObject
  /** Requests per client and window (x-rate-limit), enforced by src/server/rpc/rate-limit.ts. */
  rateLimit?: RateLimit
}

/** At most perClient requests from one client in windowSeconds; the rest get 429. */
export interface RateLimit {
  perClient: number
  windowSeconds: number
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch']

export function operationTable(spec: JsonObject): OperationEntry[] {
  const table: OperationEntry[] = []
  for (const [path, item] of Object.entries(spec.paths as JsonObject)) {
    for (const [method, value] of Object.entries(item as JsonObject)) {
      if (!httpMethods.includes(method)) continue
      const operation = value as JsonObject
      const operationId = String(operation.operationId)
      const access = operation['x-access']
      // One grammar with the screens' access (src/shared/access.ts); the customer: qualifier
      // is the portal's, the server knows none.
      const parsed = typeof access === 'string' ? parseAccess(access) : undefined
      if (!parsed || parsed.customer !== undefined) {
        throw new SpecError(
          `${operationId}: x-access must be public, user, admin, rights:N[,N] (the access rights on ` +
            `the acting customer, optionally followed by " permission:<flag>"), paymentSecret, ` +
            `internal or apiKey; a signed-in operation that can act for a company names its rights`,
        )
      }
      const kind = path === `/rpc/${operationId}` ? 'rpc' : 'rest'
      if (path.startsWith('/rpc/') && kind !== 'rpc') {
        throw new SpecError(`${operationId}: an RPC path must be /rpc/${operationId}`)
      }
      if (kind === 'rpc' && method !== 'post') throw new SpecError(`${operationId}: RPC is POST`)
      const paging = operation['x-paging'] as JsonObject | undefined
      if (paging !== undefined) checkPaging(operationId, paging)
      const rateLimit = operation['x-rate-limit']
      if (rateLimit !== undefined) checkRateLimit(operationId, rateLimit, operation)
      if (parsed.kind === 'paymentSecret') checkGuessLimit(operationId, operation)
      const tags = operation.tags as Json[] | undefined
      table.push({
        operationId,
        method: method.toUpperCase(),
        path,
        kind,
        area: String(tags?.[0] ?? 'misc'),
        access: access as Access,
        ...(parsed.rights ? { rights: [...parsed.rights] } : {}),
        ...(parsed.permission ? { permission: parsed.permission } : {}),
        summary: String(operation.summary ?? ''),
        hasRequestBody: operation.requestBody !== undefined,
        responseStatuses: Object.keys((operation.responses ?? {}) as JsonObject),
        jsonOnly: answersJsonOnly(operation),
        ...(operation['x-paging'] ? { paging: operation['x-paging'] as JsonObject } : {}),
        ...(rateLimit !== undefined ? { rateLimit: rateLimit as unknown as RateLimit } : {}),
      })
    }
  }
  return table.sort((a, b) => a.operationId.localeCompare(b.operationId))
}

/** Whether every 2xx answer of the operation is JSON or has no body. */
function answersJsonOnly(operation: JsonObject): boolean {
  const responses = (operation.responses ?? {}) as JsonObject
  return Object.entries(responses)
    .filter(([status]) => status.startsWith('2'))
    .every(([, response]) =>
      Object.keys(((response as JsonObject | null)?.content ?? {}) as JsonObject).every(
        (type) => type === 'application/json',
      ),
    )
}

function checkPaging(operationId: string, paging: JsonObject): void {
  const styles = ['page', 'cursor', 'limit']
  if (!styles.includes(String(paging.style))) {
    throw new SpecError(`${operationId}: x-paging.style must be one of ${styles.join(', ')}`)
  }
  if (!Number.isInteger(paging.defaultPageSize) || Number(paging.defaultPageSize) < 1) {
    throw new SpecError(`${operationId}: x-paging.defaultPageSize must be a positive integer`)
  }
  const known = ['style', 'pageParam', 'sizeParam', 'cursorParam', 'defaultPageSize', 'firstPage']
  const unknown = Object.keys(paging).filter((key) => !known.includes(key))
  if (unknown.length > 0) throw new SpecError(`${operationId}: unknown x-paging keys ${unknown}`)
}

/**
 * x-rate-limit: { perClient, windowSeconds }, whole numbers, on an operation that declares the
 * 429 its limit answers (spec/README.md, Rate limits).
 */
function checkRateLimit(operationId: string, limit: Json, operation: JsonObject): void {
  const where = `${operationId}: x-rate-limit`
  if (limit === null || typeof limit !== 'object' || Array.isArray(limit)) {
    throw new SpecError(`${where} must be { perClient: <n>, windowSeconds: <s> }`)
  }
  for (const key of ['perClient', 'windowSeconds']) {
    const value = limit[key]
    if (!Number.isInteger(value) || Number(value) < 1 || Number(value) > 86_400) {
      throw new SpecError(`${where}.${key} must be a whole number from 1 to 86400`)
    }
  }
  const unknown = Object.keys(limit).filter((key) => !['perClient', 'windowSeconds'].includes(key))
  if (unknown.length > 0) throw new SpecError(`${where}: unknown keys ${unknown}`)
  if (!Object.keys((operation.responses ?? {}) as JsonObject).includes('429')) {
    throw new SpecError(`${where} needs a '429' response (RateLimited or RateLimitedRpc)`)
  }
}

/**
 * A paymentSecret operation answers 429 once its caller sent too many wrong secrets
 * (src/server/rpc/secret-guesses.ts), so it declares that 429 (spec/README.md, Rate limits).
 */
function checkGuessLimit(operationId: string, operation: JsonObject): void {
  if (!Object.keys((operation.responses ?? {}) as JsonObject).includes('429')) {
    throw new SpecError(
      `${operationId}: x-access paymentSecret needs a '429' response (RateLimitedRpc)`,
    )
  }
}

/**
 * The JSON schema of an operation's request body, or undefined. A multipart body is
 * validated like JSON once the server has parsed it: JSON parts become values and file
 * parts become file objects, which `format: binary` then accepts as they are.
 */
export function requestSchema(spec: JsonObject, entry: OperationEntry): Json | undefined {
  const operation = operationObject(spec, entry)
  const body = operation.requestBody as JsonObject | undefined
  const content = body?.content as JsonObject | undefined
  const json = (content?.['application/json'] as JsonObject | undefined)?.schema
  if (json !== undefined) return json
  const multipart = (content?.['multipart/form-data'] as JsonObject | undefined)?.schema
  return multipart === undefined ? undefined : withFilesAsObjects(multipart)
}

export function withFilesAsObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(withFilesAsObjects)
  if (node === null || typeof node !== 'object') return node
  if (node.type === 'string' && node.format === 'binary') {
    return { type: 'object', required: ['filename', 'mimetype', 'size'] }
  }
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) out[key] = withFilesAsObjects(value)
  return out
}

/** The JSON schema of one response status, following a $ref to components.responses. */
export function responseSchema(
  spec: JsonObject,
  entry: OperationEntry,
  status: string,
): Json | undefined {
  const operation = operationObject(spec, entry)
  let response = (operation.responses as JsonObject)[status] as JsonObject
  const ref = response.$ref
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/responses/', '')
    response = ((spec.components as JsonObject).responses as JsonObject)[name] as JsonObject
  }
  const content = response.content as JsonObject | undefined
  return (content?.['application/json'] as JsonObject | undefined)?.schema
}

function operationObject(spec: JsonObject, entry: OperationEntry): JsonObject {
  const item = (spec.paths as JsonObject)[entry.path] as JsonObject
  return item[entry.method.toLowerCase()] as JsonObject
}

export function kebabCase(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
}
