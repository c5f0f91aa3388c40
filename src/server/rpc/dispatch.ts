// One path for every operation: session, access (x-access), validation, then the handler.
// Access is decided from the spec's x-access, never from matching URL strings.
import { noteResponseCode } from '../request-log.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as validators from '../../generated/validators.js'
import type { ValidateFunction } from '../../generated/validators.js'
import * as queryValidators from '../../generated/query-validators.js'
import { handlers } from '../../generated/handlers.ts'
import type { operations as operationTable } from '../../generated/operations.ts'
import type { HandlerContext } from './handler-context.ts'
import type { Session } from '../auth/session.ts'
import { inReaderLanguage, refusal, rpcFail, validationFailure, type Outcome } from './outcome.ts'
import { fieldErrors } from './validation-errors.ts'
import { guardedBySecret } from './secret-guesses.ts'
import { checkedAnswer } from './answer-check.ts'
import { asRestDenial, checkAccess, type AccessDecision } from './access.ts'
import { multipartBody } from './multipart-body.ts'
import { requestTextErrors } from './text-input.ts'
import { sessionRefusal } from '../auth/session-checks.ts'
import { brandHeader, requestBrandId } from './request-brand.ts'
import { pendingTermsRefusal } from '../customer/pending-terms.ts'
import spec from '../../generated/spec.json' with { type: 'json' }
import type { AppServices } from '../services.ts'
import type { CustomerGuards } from './request-guards.ts'
import { defaultLang, isLang, type Lang } from '../messages/messages.ts'
import { storeLanguage } from '../messages/reader-language.ts'
import { verifyHelpDeskToken } from '../support/help-desk-tokens.ts'

export type OperationEntry = (typeof operationTable)[number]

/** Body keys of the legacy envelope (product-spec section 7), not part of any payload. */
const envelopeKeys = ['method', 'lang', 'fromEmail', 'authSecret', 'fromCustomerId'] as const

const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>
const queryValidatorTable = queryValidators as unknown as Record<
  string,
  ValidateFunction | undefined
>
const handlerTable = handlers as unknown as Record<
  string,
  (c: HandlerContext, i: unknown) => Promise<Outcome>
>

/**
 * Runs an operation and writes its refusals (VF) in the reader's language
 * (refusalLanguage), whichever step refused.
 */
export async function dispatch(
  services: AppServices,
  entry: OperationEntry,
  request: FastifyRequest,
): Promise<Outcome> {
  return inReaderLanguage(
    await dispatchOperation(services, entry, request),
    refusalLanguage(request),
  )
}

/**
 * The language a refusal is written in: the envelope's lang, which the portal sends on every
 * JSON call; else the first interface language of Accept-Language (a file upload, a REST
 * call); else English. It is the request's own, not the stored one: a refusal answers this
 * request, and a caller that names no language reads English (docs/decisions.md).
 */
export function refusalLanguage(request: FastifyRequest): Lang {
  const body = request.body
  if (isObject(body) && isLang(body.lang)) return body.lang
  const header = request.headers['accept-language']
  for (const range of (typeof header === 'string' ? header : '').split(',')) {
    const tag = (range.split(';')[0] ?? '').trim().toLowerCase().split('-')[0]
    const lang = tag === 'uk' ? 'ua' : tag
    if (isLang(lang)) return lang
  }
  return defaultLang
}

async function dispatchOperation(
  services: AppServices,
  entry: OperationEntry,
  request: FastifyRequest,
): Promise<Outcome> {
  const session = await sessionOf(services, request, entry)
  const refusal = await sessionGuardRefusal(services, entry, session, request)
  if (refusal) return refusal
  const read = await readBody(entry, request)
  if ('failure' in read) return read.failure
  const { rawBody } = read
  const body = entry.kind === 'rpc' && isObject(rawBody) ? withoutEnvelope(rawBody) : rawBody
  const fromCustomerId = session?.helpDeskCustomerId ?? actingCustomerNamed(entry, request, rawBody)

  const decision = await checkAccess(services, entry, session, fromCustomerId, request)
  if ('denied' in decision) {
    const { denied } = decision
    return entry.kind === 'rpc' ? denied : asRestDenial(denied, restCustomerParameter(request))
  }

  const invalid = bodyFailure(entry, request, rawBody, body)
  if (invalid) return invalid
  const handler = handlerTable[entry.operationId]
  if (!handler) return notServed(entry)
  // The query is the handler's typed input, so it is read only for an operation served. It
  // is validated in place: digits become the integers the spec declares and defaults are
  // filled in on the object itself, which public-API access links its caller to
  // (api-key-access.ts). The handler receives that same object. Only REST operations have
  // query validators.
  const query = (request.query ?? {}) as Record<string, unknown>
  const validateQuery = queryValidatorTable[`query_${entry.operationId}`]
  if (validateQuery && !validateQuery(query)) {
    return validationFailure(fieldErrors(validateQuery.errors), 400)
  }
  const context = handlerContext(services, request, session, decision, rawBody, query)
  await rememberLanguage(services, session, context.lang)
  // A paymentSecret operation runs behind the guard against guessing secrets.
  const guarded = { access: entry.access, ip: request.ip, factor: services.config.rateLimitFactor }
  const answer = await guardedBySecret(services.db, guarded, () => handler(context, body))
  // Rendered before the spec check, which sees the wire shape.
  const outcome = inReaderLanguage(answer, refusalLanguage(request))
  return services.config.checkAnswers ? checkedAnswer(entry, outcome, request) : outcome
}

/**
 * The refusals that come before the body is read: a valid token can still be refused (a
 * tmpJwt outside device linking, or a call from outside the customer's IP whitelist,
 * auth/session-checks.ts), and terms not yet accepted close every other service
 * (customer/pending-terms.ts). What they check of the customer is read through the request
 * guards cache (request-guards.ts), not from the database on every call.
 */
async function sessionGuardRefusal(
  services: AppServices,
  entry: OperationEntry,
  session: Session | undefined,
  request: FastifyRequest,
): Promise<Outcome | undefined> {
  if (!session || entry.access === 'public') return undefined
  const refusalOn = (guards: CustomerGuards) =>
    sessionRefusal(entry.operationId, session, request.ip, guards) ??
    pendingTermsRefusal(entry, guards.termsPending)
  // A refusal on what the cache holds is confirmed by the database (request-guards.ts).
  const refusal =
    refusalOn(await services.guards.customer(session.customerId)) &&
    refusalOn(await services.guards.customer(session.customerId, true))
  if (refusal) return entry.kind === 'rpc' ? refusal : asRestDenial(refusal)
  return undefined
}

/**
 * The request body as the operation sees it. No body at all reads as {}; a JSON null, array
 * or scalar stays what it is and fails validation as "body". Multipart parts become the body
 * their schema describes.
 */
async function readBody(
  entry: OperationEntry,
  request: FastifyRequest,
): Promise<{ rawBody: Record<string, unknown> } | { failure: Outcome }> {
  const rawBody = (request.body === undefined ? {} : request.body) as Record<string, unknown>
  if (!request.isMultipart()) return { rawBody }
  const parsed = await multipartBody(request, multipartProperties(entry))
  if ('invalidJson' in parsed) {
    const failure = validationFailure([
      refusal(String(parsed.invalidJson), 'refusal.request.notJson'),
    ])
    return { failure: entry.kind === 'rpc' ? failure : { ...failure, status: 400 } }
  }
  // A form part is text: the acting customer of an upload arrives as digits.
  if (typeof parsed.fromCustomerId === 'string' && /^[1-9][0-9]{0,9}$/.test(parsed.fromCustomerId))
    return { rawBody: { ...parsed, fromCustomerId: Number(parsed.fromCustomerId) } }
  return { rawBody: parsed }
}

/** The customer the call names as the one it acts for, before access decides on it. */
function actingCustomerNamed(
  entry: OperationEntry,
  request: FastifyRequest,
  rawBody: Record<string, unknown>,
): unknown {
  if (entry.kind !== 'rpc') return restActingCustomer(request, rawBody)
  return isObject(rawBody) ? rawBody.fromCustomerId : undefined
}

/**
 * The first reason the body cannot reach the handler: text the database cannot hold (NUL,
 * a lone surrogate), or a body its schema refuses.
 */
function bodyFailure(
  entry: OperationEntry,
  request: FastifyRequest,
  rawBody: Record<string, unknown>,
  body: Record<string, unknown>,
): Outcome | undefined {
  const unstorable = requestTextErrors(request, rawBody)
  if (unstorable.length > 0) {
    return validationFailure(unstorable, entry.kind === 'rpc' ? 200 : 400)
  }
  const validate = validatorTable[`request_${entry.operationId}`]
  if (validate && !validate(body)) {
    return validationFailure(fieldErrors(validate.errors), entry.kind === 'rpc' ? 200 : 400)
  }
  return undefined
}

/** Never a 500 and never a fake success: the client learns the operation is not served. */
function notServed(entry: OperationEntry): Outcome {
  const failure = rpcFail('IM', `${entry.operationId} is described in the spec but not served yet.`)
  return entry.kind === 'rpc' ? failure : { ...failure, status: 404 }
}

function handlerContext(
  services: AppServices,
  request: FastifyRequest,
  session: Session | undefined,
  decision: Extract<AccessDecision, { accessRight: number }>,
  rawBody: Record<string, unknown>,
  query: Record<string, unknown>,
): HandlerContext {
  const lang = isObject(rawBody) && isLang(rawBody.lang) ? rawBody.lang : undefined
  return {
    db: services.db,
    config: services.config,
    tokens: services.tokens,
    session,
    customerId: decision.actingCustomerId,
    accessRight: decision.accessRight,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    brandId: requestBrandId(request.hostname, request.headers[brandHeader], services.config.demo),
    lang,
    refusalLang: refusalLanguage(request),
    params: (request.params ?? {}) as Record<string, string>,
    query,
  }
}

/**
 * A signed-in request in another supported language than the one stored updates it, so texts
 * sent later (jobs, the outbox) are in the language the customer now reads. The stored one is
 * read from the request guards cache, so a request in the same language writes nothing.
 */
async function rememberLanguage(
  services: AppServices,
  session: Session | undefined,
  lang: Lang | undefined,
): Promise<void> {
  if (!session || !lang) return
  const guards = await services.guards.customer(session.customerId)
  if (!guards.exists || guards.lang === lang) return
  if (await storeLanguage(services.db, session.customerId, lang))
    services.guards.forget({ customerId: session.customerId })
}

async function sessionOf(
  services: AppServices,
  request: FastifyRequest,
  entry: OperationEntry,
): Promise<Session | undefined> {
  const header = request.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  const token = header.slice('Bearer '.length).trim()
  const session = await services.tokens.verifyAccess(token)
  if (session || !helpDeskOperations.has(entry.operationId)) return session
  // The help desk's own token (support/help-desk-tokens.ts), on the paths that take it only.
  const claims = await verifyHelpDeskToken(services.db, token)
  if (!claims) return undefined
  return {
    userId: claims.userId,
    customerId: claims.ownCustomerId,
    isAdmin: claims.isAdmin,
    familyId: claims.familyId,
    expiresAtMs: claims.expiresAtMs,
    helpDeskCustomerId: claims.customerId,
  }
}

/** The operations whose spec security takes the help desk's token (scheme helpDesk). */
const helpDeskOperations = new Set(
  Object.values(spec.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
    Object.values(item)
      .map((operation) => operation as { operationId?: string; security?: object[] })
      .filter((operation) => operation.security?.some((scheme) => 'helpDesk' in scheme))
      .map((operation) => String(operation.operationId)),
  ),
)

/** The properties of an operation's multipart body, as the spec declares them. */
function multipartProperties(entry: OperationEntry): Record<string, { type?: string }> {
  const paths = spec.paths as Record<string, Record<string, unknown>>
  const operation = paths[entry.path]?.[entry.method.toLowerCase()] as
    { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } } | undefined
  const components = (
    spec.components as { schemas: Record<string, { type?: string; properties?: object }> }
  ).schemas
  const declared = operation?.requestBody?.content?.['multipart/form-data']?.schema as
    { properties?: object; $ref?: string } | undefined
  // The form may itself be a component (a $ref), as globalPayBatchUpload's is.
  const formName = declared?.$ref?.replace('#/components/schemas/', '')
  const schema = formName ? components[formName] : declared
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string; $ref?: string }>
  // A property that refers to a component (an id) is read with the component's type.
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const referred = property.$ref?.replace('#/components/schemas/', '')
      return [
        name,
        referred && components[referred] ? { ...property, ...components[referred] } : property,
      ]
    }),
  )
}

/**
 * REST services name the customer they act for in the path (a {customerId} parameter, as
 * /customers/{customerId}/identity-verification), in the query (fromCustomerId, or
 * customerId on the merchant public-api paths) or in the body; the same access rule applies
 * to it. A path that names its customer names the one the call is about, so it comes first.
 */
function restActingCustomer(request: FastifyRequest, body: unknown): unknown {
  const params = (request.params ?? {}) as Record<string, unknown>
  const query = (request.query ?? {}) as Record<string, unknown>
  const raw =
    params.customerId ??
    query.fromCustomerId ??
    query.customerId ??
    (isObject(body) ? body.customerId : undefined)
  if (typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw)) return Number(raw)
  return raw
}

/** The parameter a REST call named its customer with, for a VF about it. */
function restCustomerParameter(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>
  const query = (request.query ?? {}) as Record<string, unknown>
  if (params.customerId !== undefined) return 'customerId'
  return query.fromCustomerId !== undefined ? 'fromCustomerId' : 'customerId'
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function withoutEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  const payload = { ...body }
  for (const key of envelopeKeys) delete payload[key]
  return payload
}

export function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  reply.code(outcome.status)
  if (outcome.body && !(outcome.body instanceof Uint8Array))
    noteResponseCode(reply.request, (outcome.body as { responseCode?: unknown }).responseCode)
  for (const [name, value] of Object.entries(outcome.headers ?? {})) reply.header(name, value)
  if (outcome.status === 204 || outcome.body === undefined) return reply.send()
  if (outcome.body instanceof Uint8Array) return reply.send(Buffer.from(outcome.body))
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(outcome.body))
}
