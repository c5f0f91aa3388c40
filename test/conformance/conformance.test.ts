// Conformance, generated from the spec: every served operation answers its happy path with
// a body that validates against its response schema, and every invalid body built from its
// request schema gets VF naming the field (4xx on REST), never a 5xx and never a changed
// database. Hostile input (issue 11) is part of it: text a database cannot hold, integers past
// every column, a truncated multipart body, NUL in path and query parameters; each is VF or
// 4xx naming what it broke, never a 5xx. Operations not served yet answer IM. Runs per
// operation: CONFORMANCE_RUNS (100 in `npm test`, 1,000 in `npm run fuzz`); the last line
// counts the requests and the server errors.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { operations } from '../../src/generated/operations.ts'
import { handlers } from '../../src/generated/handlers.ts'
import * as validators from '../../src/generated/validators.js'
import type { ValidateFunction } from '../../src/generated/validators.js'
import spec from '../../src/generated/spec.json' with { type: 'json' }
import { demoPassword } from '../../src/server/demo/seed.ts'
import { textErrors } from '../../src/server/rpc/text-input.ts'
import { withFilesAsObjects } from '../../codegen/operation-table.ts'
import type { Json as SpecJson } from '../../codegen/bundle-spec.ts'
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'
import { startServer, type Reply, type TestServer } from '../integration/server-harness.ts'
import {
  hugeIntegers,
  invalidBodyArbitrary,
  makeResolver,
  type Json,
  type Schema,
} from './invalid-bodies.ts'
import { prepareSignIn, resolveUserIds, type SignInPreparation } from './prepare-sign-in.ts'
import {
  isCustomerPreparation,
  prepareCustomer,
  type CustomerPreparation,
} from './prepare-customer.ts'
import {
  identityRunPreparations,
  prepareIdentityRun,
  type IdentityRunPreparation,
} from './prepare-identity-run.ts'
import { isCardPreparation, prepareCard, type CardPreparation } from './prepare-card.ts'
import {
  isGlobalBatchPreparation,
  prepareGlobalBatch,
  type GlobalBatchPreparation,
} from './prepare-global-batch.ts'

const runs = Number(process.env.CONFORMANCE_RUNS ?? 100)
const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>
const served = new Set(Object.keys(handlers))
const components = (spec.components as { schemas: Record<string, Schema> }).schemas
const resolve = makeResolver(components)

interface HappyPath {
  as?: string
  body?: Json
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  /** Headers sent as they are (x-api-key for the merchant public API). */
  headers?: Record<string, string>
  /**
   * A step the runner performs first: a fresh sign-in code, or a refresh token; or one of the
   * sign-in steps of test/conformance/prepare-sign-in.ts, which may also set path parameters
   * and the bearer token of the happy call.
   */
  prepare?:
    | 'pkceCode'
    | 'refreshToken'
    | SignInPreparation
    | CustomerPreparation
    | IdentityRunPreparation
    | CardPreparation
    | GlobalBatchPreparation
}

const happyDir = join(import.meta.dirname, 'happy-paths')
const happyPaths: Record<string, HappyPath> = {}
for (const file of readdirSync(happyDir).filter((name) => name.endsWith('.yaml'))) {
  Object.assign(happyPaths, parse(readFileSync(join(happyDir, file), 'utf8')) ?? {})
}

type Entry = (typeof operations)[number]
const stats = new Map<string, { tried: number; serverErrors: number }>()

/** The fuzzing tally of one operation: invalid bodies and hostile transport input. */
function statOf(operationId: string): { tried: number; serverErrors: number } {
  const known = stats.get(operationId)
  if (known) return known
  const stat = { tried: 0, serverErrors: 0 }
  stats.set(operationId, stat)
  return stat
}
let server: TestServer
const tokens = new Map<string, string>()
const signedInAt = new Map<string, number>()
/**
 * Access tokens live 300 s on the test server. One operation's 1,000 runs take seconds, the
 * whole fuzz minutes: a token older than this is replaced before the next operation starts,
 * never during its runs, where a sign-in would change the database being compared.
 */
const renewTokenAfterMs = 180_000

async function tokenFor(user: string | undefined): Promise<string | undefined> {
  if (!user || user === 'anonymous') return undefined
  const known = tokens.get(user)
  if (known) return known
  const pair = await server.signIn(user)
  tokens.set(user, pair.accessToken)
  signedInAt.set(user, Date.now())
  return pair.accessToken
}

/**
 * A cached token whose session ended (a password change ends them all) is replaced before the
 * call, as the portal signs in again after a 401 (product-spec section 7); the check only
 * reads, so the database fingerprint of an invalid-body run is not disturbed.
 */
async function renewEndedSession(user: string | undefined): Promise<void> {
  const token = user ? tokens.get(user) : undefined
  if (!user || !token) return
  const probe = await fetch(`${server.baseUrl}/auth/devices`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const fresh = Date.now() - (signedInAt.get(user) ?? 0) < renewTokenAfterMs
  if (probe.status !== 401 && fresh) return
  tokens.delete(user)
  await tokenFor(user)
}

async function prepared(happy: HappyPath): Promise<Json> {
  await renewEndedSession(happy.as)
  // A top-level "user:<username>" of an object body names that user's id, as in parameters.
  const given = happy.body ?? {}
  const body = (
    typeof given === 'object' && given !== null && !Array.isArray(given)
      ? await resolveUserIds(server, given as Record<string, string | number>)
      : given
  ) as { [key: string]: Json }
  if (happy.prepare === 'pkceCode') {
    const codeVerifier = createCodeVerifier()
    const login = await server.post('/auth/login', {
      client: 'spa',
      username: 'demo@nova.example',
      password: demoPassword,
      codeChallenge: await codeChallengeS256(codeVerifier),
    })
    return { ...body, code: String(login.body.code), codeVerifier }
  }
  if (happy.prepare === 'refreshToken') {
    return { ...body, refreshToken: (await server.signIn('business@nova.example')).refreshToken }
  }
  if (happy.prepare && isCustomerPreparation(happy.prepare)) {
    const step = await prepareCustomer(server, happy.prepare, await tokenFor(happy.as))
    return { ...body, ...step.body } as Json
  }
  if (happy.prepare && isCardPreparation(happy.prepare)) {
    const step = await prepareCard(server, happy.prepare, await tokenFor(happy.as))
    return { ...body, ...step.body } as Json
  }
  if (happy.prepare && isGlobalBatchPreparation(happy.prepare)) {
    const step = await prepareGlobalBatch(server, happy.prepare, await tokenFor(happy.as))
    return { ...body, ...step.body } as Json
  }
  if (happy.prepare && identityRunPreparations.includes(happy.prepare)) {
    const link = await prepareIdentityRun(server, happy.prepare as IdentityRunPreparation)
    return { ...body, ...link } as Json
  }
  if (happy.prepare) {
    const step = await prepareSignIn(
      server,
      happy.prepare as SignInPreparation,
      await tokenFor(happy.as),
    )
    preparedCalls.set(happy, step)
    return { ...body, ...step.body } as Json
  }
  return body
}

/** Path parameters and bearer tokens a sign-in preparation chose for the happy call. */
const preparedCalls = new WeakMap<
  HappyPath,
  { params?: Record<string, string>; query?: Record<string, string>; token?: string }
>()

/** What a hostile caller sends besides a body (issue 11). */
interface Hostile {
  /** Path and query parameters as they go into the URL, already percent-encoded. */
  encodedParams?: Record<string, string>
  encodedQuery?: Record<string, string>
  /** A raw body with its content type, instead of the JSON one. */
  raw?: { contentType: string; body: string }
}

async function call(
  entry: Entry,
  happy: HappyPath,
  body: Json | undefined,
  hostile: Hostile = {},
): Promise<Reply> {
  let path: string = entry.path
  for (const [name, value] of Object.entries(hostile.encodedParams ?? {})) {
    path = path.replace(`{${name}}`, value)
  }
  const step = preparedCalls.get(happy)
  const params = await resolveUserIds(server, { ...happy.params, ...step?.params })
  for (const [name, value] of Object.entries(params)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)))
  }
  path = path.replace(/\{[^}]+\}/g, '1')
  const encodedQuery = hostile.encodedQuery ?? {}
  const query = [
    new URLSearchParams(
      Object.entries({ ...happy.query, ...step?.query })
        .filter(([k]) => !(k in encodedQuery))
        .map(([k, v]) => [k, String(v)]),
    ).toString(),
    ...Object.entries(encodedQuery).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
  ]
    .filter((part) => part !== '')
    .join('&')
  const url = `${server.baseUrl}${path}${query ? `?${query}` : ''}`
  const headers: Record<string, string> = {}
  const token = step?.token ?? (await tokenFor(happy.as))
  if (token) headers.authorization = `Bearer ${token}`
  Object.assign(headers, happy.headers)
  const hasBody = body !== undefined && !['GET', 'DELETE'].includes(entry.method)
  if (hasBody) headers['content-type'] = 'application/json'
  if (hostile.raw) headers['content-type'] = hostile.raw.contentType
  const response = await fetch(url, {
    method: entry.method,
    headers,
    body: hostile.raw?.body ?? (hasBody ? JSON.stringify(body) : undefined),
  })
  const text = await response.text()
  let parsed: Reply['body']
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    parsed = {}
  }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

/** Every row of every table, hashed: what an invalid call must never change. */
async function databaseFingerprint(): Promise<string> {
  const tables = (await server.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] }
  const parts: string[] = []
  for (const row of tables.rows) {
    const result = (await server.db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${row.tablename}" t`,
      ),
    )) as unknown as { rows: { n: number; h: string }[] }
    const [first] = result.rows
    parts.push(`${row.tablename}:${first?.n}:${first?.h}`)
  }
  return parts.join(',')
}

/**
 * The JSON request schema, or the multipart one with its files as objects: uploads also
 * arrive as JSON with each file's bytes in base64, and that is how the happy paths send them.
 */
function requestSchemaOf(entry: Entry): Schema | undefined {
  const item = (spec.paths as Record<string, Record<string, Schema>>)[entry.path]
  const operation = item?.[entry.method.toLowerCase()] as
    { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined
  const content = operation?.requestBody?.content
  const multipart = content?.['multipart/form-data']?.schema
  return (
    content?.['application/json']?.schema ??
    (multipart && (withFilesAsObjects(multipart as SpecJson) as Schema))
  )
}

/** The legacy envelope keys an RPC server strips before validation (rpc/dispatch.ts). */
const envelopeKeys = ['method', 'lang', 'fromEmail', 'authSecret', 'fromCustomerId']

/**
 * The body as the validator sees it: without the envelope on RPC, so that a happy path acting
 * for a customer (fromCustomerId) does not make every variant of its body look invalid.
 */
function payloadOf(entry: Entry, body: Json): Json {
  if (entry.kind !== 'rpc' || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return body
  }
  return Object.fromEntries(Object.entries(body).filter(([key]) => !envelopeKeys.includes(key)))
}

interface Parameter {
  name: string
  in: string
  schema?: Schema
}

function parametersOf(entry: Entry): Parameter[] {
  const item = (spec.paths as Record<string, Record<string, unknown>>)[entry.path]
  const operation = item?.[entry.method.toLowerCase()] as { parameters?: Parameter[] } | undefined
  return [...((item?.parameters ?? []) as Parameter[]), ...(operation?.parameters ?? [])]
}

interface HostileCase {
  kind: string
  /** The parameter a VF answer must name. */
  field: string
  hostile: Hostile
  /**
   * Whether the server must refuse it. Percent-encoded CESU-8 is no UTF-8: the query parser
   * keeps it as text, which may be served; it only must not end in a 5xx.
   */
  refused: boolean
}

const truncatedMultipart: Hostile = {
  raw: {
    contentType: 'multipart/form-data; boundary=fuzz',
    body: '--fuzz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"accountId": 1',
  },
}

/**
 * Hostile transport input for one operation: a truncated multipart body (every route that
 * takes a body parses multipart), NUL and a CESU-8 surrogate in each path and query
 * parameter, integers past every column in each integer parameter.
 */
function hostileCases(entry: Entry, happy: HappyPath): HostileCase[] {
  const cases: HostileCase[] = []
  if (entry.method !== 'GET') {
    cases.push({
      kind: 'truncated multipart body',
      field: 'body',
      hostile: truncatedMultipart,
      refused: true,
    })
  }
  for (const parameter of parametersOf(entry)) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    const given = String(happy.params?.[parameter.name] ?? happy.query?.[parameter.name] ?? 'x')
    const encoded: [string, string, boolean][] = [
      ['NUL', `${encodeURIComponent(given)}%00`, true],
      ['lone surrogate (CESU-8)', `${encodeURIComponent(given)}%ED%A0%80`, false],
      ...(resolve(parameter.schema ?? {}).type === 'integer'
        ? hugeIntegers.map((n): [string, string, boolean] => [
            'huge integer',
            BigInt(n).toString(),
            true,
          ])
        : []),
    ]
    for (const [kind, value, refused] of encoded) {
      const hostile: Hostile =
        parameter.in === 'path'
          ? { encodedParams: { [parameter.name]: value } }
          : { encodedQuery: { [parameter.name]: value } }
      const field = parameter.name
      cases.push({ kind: `${kind} in ${parameter.in} parameter`, field, hostile, refused })
    }
  }
  return cases
}

function responseMediaTypes(entry: Entry, status: number): string[] {
  const item = (spec.paths as Record<string, Record<string, Schema>>)[entry.path]
  const operation = item?.[entry.method.toLowerCase()] as
    { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined
  return Object.keys(operation?.responses?.[String(status)]?.content ?? {})
}

beforeAll(async () => {
  // Every happy path signs in from 127.0.0.1, over a hundred people in a few minutes: the
  // per-client limits are the integration suite's to test (test/integration/rpc/rate-limit.test.ts).
  server = await startServer(
    { name: 'PGlite (memory)', kind: 'pglite' },
    {},
    {
      RATE_LIMIT_FACTOR: '20',
    },
  )
})

afterAll(async () => {
  await server?.close()
  const total = [...stats.values()].reduce((sum, s) => sum + s.tried, 0)
  const errors = [...stats.values()].reduce((sum, s) => sum + s.serverErrors, 0)
  console.log(
    `fuzz: ${total} requests, ${errors} server errors (invalid bodies and hostile input ` +
      `over ${stats.size} served operations, ${runs} runs each)`,
  )
})

describe('served operations', () => {
  for (const entry of operations.filter((e) => served.has(e.operationId))) {
    describe(entry.operationId, () => {
      const happy = happyPaths[entry.operationId]

      test('has a happy path in test/conformance/happy-paths/', () => {
        expect(
          happy,
          `add ${entry.operationId} to a file in test/conformance/happy-paths/`,
        ).toBeDefined()
      })

      test.runIf(happy !== undefined)('answers its happy path with a valid response', async () => {
        const reply = await call(entry, happy!, await prepared(happy!))
        expect(reply.status, reply.text).toBeLessThan(300)
        expect(entry.responseStatuses as readonly string[]).toContain(String(reply.status))
        const mediaType = reply.headers.get('content-type')?.split(';')[0]
        if (reply.text !== '' && mediaType !== 'application/json') {
          // A file answer (a PDF, say): the spec must declare its media type for the status.
          expect(responseMediaTypes(entry, reply.status)).toContain(mediaType)
          return
        }
        if (entry.kind === 'rpc') expect(reply.body.responseCode, reply.text).toBe('00')
        if (reply.text !== '') {
          const validate = validatorTable[`response_${entry.operationId}_${reply.status}`]
          expect(validate, `no response schema for status ${reply.status}`).toBeDefined()
          expect(validate!(reply.body), JSON.stringify(validate!.errors)).toBe(true)
        }
      })

      const schema = requestSchemaOf(entry)
      test.runIf(happy !== undefined && schema !== undefined)(
        `answers ${runs} invalid bodies with VF naming the field, and changes nothing`,
        async () => {
          const base = await prepared(happy!)
          const validate = validatorTable[`request_${entry.operationId}`]!
          const before = await databaseFingerprint()
          const stat = statOf(entry.operationId)
          await fc.assert(
            fc.asyncProperty(invalidBodyArbitrary(schema!, base, resolve), async (invalid) => {
              // Unstorable text passes the schema; the dispatcher refuses it before validation.
              fc.pre(
                !validate(payloadOf(entry, invalid.body)) || textErrors(invalid.body).length > 0,
              )
              stat.tried++
              const reply = await call(entry, happy!, invalid.body)
              if (reply.status >= 500) stat.serverErrors++
              expect(reply.status, `${invalid.kind}: ${reply.text}`).toBeLessThan(500)
              if (entry.kind === 'rpc') {
                expect(reply.body.responseCode, `${invalid.kind}: ${reply.text}`).toBe('VF')
              } else {
                expect(reply.status, `${invalid.kind}: ${reply.text}`).toBeGreaterThanOrEqual(400)
              }
              if (reply.body.responseCode === 'VF') {
                const named = (reply.body.errors ?? []).map((e) => e.parameter)
                const matches = named.some(
                  (p) => p === invalid.field || p.startsWith(`${invalid.field}.`),
                )
                expect(matches, `${invalid.kind} of ${invalid.field}: ${reply.text}`).toBe(true)
              }
            }),
            { numRuns: runs, maxSkipsPerRun: 1000 },
          )
          expect(await databaseFingerprint()).toBe(before)
        },
      )

      test.runIf(happy !== undefined)(
        'answers hostile transport input with VF or 4xx naming it, and changes nothing',
        async () => {
          const base = await prepared(happy!)
          const stat = statOf(entry.operationId)
          const cases = hostileCases(entry, happy!)
          const send = async ({ kind, field, hostile }: HostileCase) => {
            stat.tried++
            const reply = await call(entry, happy!, base, hostile)
            if (reply.status >= 500) stat.serverErrors++
            const what = `${kind} of ${field}: ${reply.status} ${reply.text}`
            expect(reply.status, what).toBeLessThan(500)
            return { reply, what }
          }
          const before = await databaseFingerprint()
          for (const hostileCase of cases.filter((c) => c.refused)) {
            const { reply, what } = await send(hostileCase)
            if (entry.kind === 'rpc') expect(reply.body.responseCode, what).toBe('VF')
            else expect(reply.status, what).toBeGreaterThanOrEqual(400)
            if (reply.body.responseCode === 'VF') {
              const named = (reply.body.errors ?? []).map((e) => e.parameter)
              expect(named, what).toContain(hostileCase.field)
            }
          }
          expect(await databaseFingerprint()).toBe(before)
          // What may be served is sent last, once the database was compared.
          for (const hostileCase of cases.filter((c) => !c.refused)) await send(hostileCase)
        },
      )
    })
  }
})

describe('operations not served yet', () => {
  const unserved = operations.filter((e) => !served.has(e.operationId))
  test.runIf(unserved.length > 0)(
    'answer IM (or refuse access or input first), never a 5xx',
    async () => {
      for (const entry of unserved) {
        const validate = validatorTable[`request_${entry.operationId}`]
        const body = validate ? {} : undefined
        const reply = await call(entry, { as: 'demo@nova.example' }, body)
        expect(reply.status, `${entry.operationId}: ${reply.text}`).toBeLessThan(500)
        const code =
          reply.body.responseCode ??
          (reply.status === 401 || reply.status === 403 ? 'denied' : undefined)
        expect(
          ['IM', 'VF', 'AU', 'ENOA', '13', 'denied'],
          `${entry.operationId}: ${reply.text}`,
        ).toContain(code)
        const emptyIsValid = !validate || validate({})
        // demo@ is a personal customer: full rights on itself, no permission flags.
        const rule = entry as { rights?: readonly number[]; permission?: string }
        const accessIsOpen =
          ['public', 'user'].includes(entry.access) ||
          (rule.rights?.includes(2) === true && !rule.permission)
        if (emptyIsValid && accessIsOpen) expect(code, entry.operationId).toBe('IM')
      }
    },
  )
})
