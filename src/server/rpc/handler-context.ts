// Everything a handler may use; built once per request by the dispatcher.
import type { Db } from '../db/open-database.ts'
import type { ServerConfig } from '../config.ts'
import type { Outcome } from './outcome.ts'
import type { operations } from '../../generated/api.d.ts'
import type { TokenService } from '../auth/tokens.ts'
import type { Session } from '../auth/session.ts'

export interface HandlerContext {
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
  lang: string
  /** Path parameters of REST operations. */
  params: Record<string, string>
  /** Query parameters of REST operations, as strings (not validated by the dispatcher yet). */
  query: Record<string, string>
}

type JsonContent<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : T extends { content: { 'multipart/form-data': infer Parts } }
    ? Parts
    : never

/** The validated request body of an operation, typed from the spec. */
export type RequestOf<Op extends keyof operations> = operations[Op] extends {
  requestBody?: infer Body
}
  ? JsonContent<NonNullable<Body>>
  : never

export type Handler<Op extends keyof operations> = (
  context: HandlerContext,
  input: RequestOf<Op>,
) => Promise<Outcome>

/** A handler whose context has a session: the dispatcher checked x-access first. */
export function requireSession(context: HandlerContext): Session & { customerId: number } {
  if (!context.session || context.customerId === undefined) {
    throw new Error('assertion: a session operation ran without a session')
  }
  return { ...context.session, customerId: context.customerId }
}
