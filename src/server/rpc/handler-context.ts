// Everything a handler may use; built once per request by the dispatcher.
import type { Db } from '../db/open-database.ts'
import type { ServerConfig } from '../config.ts'
import type { Answer, Failure, OperationId } from './outcome.ts'
import type { operations } from '../../generated/api.d.ts'
import type { TokenService } from '../auth/tokens.ts'
import type { Session } from '../auth/session.ts'
import type { BrandId } from './request-brand.ts'
import type { Lang } from '../messages/messages.ts'

/**
 * The query parameters of a REST operation, checked against the spec by the dispatcher and
 * with integers already numbers (generated/query-validators.js).
 */
export type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends {
  query?: infer Query
}
  ? [NonNullable<Query>] extends [never]
    ? Record<string, never>
    : NonNullable<Query>
  : Record<string, never>

/** A handler's context; Op types the query (a helper for any operation leaves it out). */
export interface HandlerContext<Op extends OperationId = never> {
  db: Db
  config: ServerConfig
  tokens: TokenService
  /** Present when the request carried a valid access token. */
  session: Session | undefined
  /** The customer the call acts for: fromCustomerId when allowed, else the session's. */
  customerId: number | undefined
  /**
   * The signed-in user's access right on customerId (product-spec section 4), as the
   * dispatcher checked it against x-access: 2 on their own customer, 0 without a session.
   */
  accessRight: number
  ip: string
  userAgent: string
  /** The brand the request is for: its host, or x-brand in demo mode (rpc/request-brand.ts). */
  brandId: BrandId
  /**
   * The language the body carried (the envelope's lang), when it is one of the interface
   * languages; texts for the reader of this request are written in it (src/server/messages/).
   */
  lang: Lang | undefined
  /**
   * The language this request's refusals are written in (the envelope's lang, else
   * Accept-Language, else English; rpc/dispatch.ts refusalLanguage). A handler that writes a
   * refusal into a success answer (a mass preview's rows) uses it.
   */
  refusalLang?: Lang
  /** Path parameters of REST operations. */
  params: Record<string, string>
  /** Query parameters of REST operations, validated against the spec by the dispatcher. */
  query: [Op] extends [never] ? Readonly<Record<string, unknown>> : QueryOf<Op>
}

type JsonContent<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : T extends { content: { 'multipart/form-data': infer Parts } }
    ? Parts
    : never

/** The validated request body of an operation, typed from the spec ({} when it has none). */
export type RequestOf<Op extends OperationId> = operations[Op] extends {
  requestBody?: infer Body
}
  ? [NonNullable<Body>] extends [never]
    ? Record<string, never>
    : JsonContent<NonNullable<Body>>
  : Record<string, never>

/**
 * An operation's handler. Its return type fixes Op for rpcOk and reply, so their literal is
 * checked against the spec's response, extra fields included; failures suit any operation.
 */
export type Handler<Op extends OperationId> = (
  context: HandlerContext<Op>,
  input: RequestOf<Op>,
) => Promise<Answer<Op> | Failure>

/** A handler whose context has a session: the dispatcher checked x-access first. */
export function requireSession(context: HandlerContext): Session & { customerId: number } {
  if (!context.session || context.customerId === undefined) {
    throw new Error('assertion: a session operation ran without a session')
  }
  return { ...context.session, customerId: context.customerId }
}
