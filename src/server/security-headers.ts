// The security headers of every answer (DESIGN.md section 11). A document the browser renders
// (the portal, the API reference, a file opened in a tab) gets Helmet's full set with the
// strict CSP: script-src 'self', no eval, no inline script. A JSON answer of the API is never
// rendered, so it gets a short set that forbids everything a document could do: a CSP of
// default-src 'none', no framing, no sniffing, HSTS, and no-store, since an answer of a bank's
// API holds personal data that no cache should keep. The long set on every small JSON answer
// cost a sixth of the server's requests per second (issue 15, bench:rpc).
import type { FastifyReply, FastifyRequest } from 'fastify'
import helmet from 'helmet'

/** Strict CSP of documents: no inline scripts, no eval; Mantine needs inline styles. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

const hsts = { maxAge: 31536000, includeSubDomains: true }

export const apiAnswerHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': `max-age=${hsts.maxAge}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
}

/** What a route says of its answers (register-routes.ts). */
export interface RouteAnswers {
  /** A JSON answer of the API, never rendered as a document. */
  jsonApi?: boolean
  /** A page navigation to this address gets the portal's page instead (serve-portal.ts). */
  pageOnNavigation?: boolean
}

/** A browser loading a document: Sec-Fetch-Dest says so, or (older browsers) Accept does. */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false
  const destination = request.headers['sec-fetch-dest']
  if (destination !== undefined) return destination === 'document'
  return (request.headers.accept ?? '').includes('text/html')
}

/** An onRequest hook (a callback one: it runs on every request) setting the right set. */
export function securityHeaders() {
  // Helmet's middleware, built once: @fastify/helmet would build it (and parse the policy)
  // again on every request.
  const documentHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    strictTransportSecurity: hsts,
    crossOriginEmbedderPolicy: false,
  })
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const answers = request.routeOptions.config as RouteAnswers
    const page = answers.pageOnNavigation === true && isPageNavigation(request)
    if (answers.jsonApi === true && !page) {
      void reply.headers(apiAnswerHeaders)
      done()
      return
    }
    documentHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  }
}
