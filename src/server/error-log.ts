// What the server log may say about a failed request (STYLE.md habit 3: a programmer error
// ends the request in a logged 500). Never the request's body or parameters: an error thrown
// by a query carries them (drizzle's DrizzleQueryError puts every bound value in its message,
// its stack and its `params`, a webhook's sealed secret among them), so only the error's type,
// code, message up to the bound values and stack frames are logged, the same for its cause.
import type { FastifyRequest } from 'fastify'
import { operations } from '../generated/operations.ts'

// A type, not an interface: pino's serializers want an object with an index signature.
export type LoggedError = {
  type: string
  message: string
  code?: string
  /** The stack frames only: the first line of a stack repeats the message. */
  stack: string
  cause?: LoggedError
}

/** Long enough for a failed query's SQL text, short enough that a value never pours out. */
const maxMessageLength = 2000
const maxCauseDepth = 3

export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a non-Error was thrown', stack: '' }
  const code = (error as { code?: unknown }).code
  const cause = error.cause
  return {
    type: error.name,
    message: messageWithoutValues(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    ...(cause !== undefined && depth < maxCauseDepth
      ? { cause: loggedError(cause, depth + 1) }
      : {}),
  }
}

/** A failed query's message is "Failed query: <sql>\nparams: <values>": the SQL stays. */
function messageWithoutValues(message: string): string {
  const params = message.indexOf('\nparams:')
  const kept = params >= 0 ? message.slice(0, params) : message
  return kept.length > maxMessageLength ? `${kept.slice(0, maxMessageLength)}...` : kept
}

const operationByRoute = new Map<string, string>(
  operations.map((entry) => [
    `${entry.method} ${entry.path.replace(/\{([^}]+)\}/g, ':$1')}`,
    entry.operationId,
  ]),
)
const operationIds = new Set<string>(operations.map((entry) => entry.operationId))

/** The operation a request called, from its route; never a value the caller chose freely. */
export function operationOf(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? ''
  const known = operationByRoute.get(`${request.method} ${route}`)
  if (known) return known
  // The legacy form names its operation in ?method=; only a known name is repeated.
  const method = (request.query as Record<string, unknown> | undefined)?.method
  if (route === '/api' && typeof method === 'string' && operationIds.has(method)) return method
  return route === '' ? 'no route' : `${request.method} ${route}`
}

/** The log line of a request that ended in a 500; the request id comes with request.log. */
export function logServerError(request: FastifyRequest, error: unknown): void {
  request.log.error(
    { operation: operationOf(request), error: loggedError(error) },
    'request failed with a server error',
  )
}
