// Serves the built portal with an SPA fallback: any GET that is not an API path and asks for
// HTML gets index.html, and the client router decides (including its own 404 page). Files go
// out brotli- or gzip-compressed when the browser accepts it, from copies made at build time.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { isPageNavigation, type RouteAnswers } from './security-headers.ts'
import { hintedPages } from './portal-preload.ts'

const apiPrefixes = ['/rpc/', '/api', '/auth/']
/** Portal pages under an API prefix: the OAuth entry a partner links to (product-spec §2). */
const portalPages = ['/auth/sei']

export async function servePortal(
  app: FastifyInstance,
  portalDir: string | undefined,
): Promise<void> {
  const root = portalDir ? resolve(portalDir) : undefined
  const hasPortal = root !== undefined && existsSync(resolve(root, 'index.html'))
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies (scripts/precompress.ts): each answer is the one
      // the browser's Accept-Encoding prefers, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }
  // A page navigation (a reload, a typed address) to a signed-in JSON read of the API whose
  // address is also a portal page gets the portal (register-routes.ts); the portal's own
  // calls (fetch: Sec-Fetch-Dest empty, no text/html) reach the API.
  // A callback hook, not an async one: it runs on every request and mostly does nothing.
  app.addHook('onRequest', (request, reply, done) => {
    const answers = request.routeOptions.config as RouteAnswers
    if (hasPortal && answers.pageOnNavigation === true && isPageNavigation(request)) {
      void reply.header('cache-control', 'no-cache').sendFile('index.html')
      return
    }
    done()
  })
  // /login and /home name their route's first chunks themselves (portal-preload.ts).
  const hinted = hasPortal ? hintedPages(root) : new Map<string, string>()
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isApi =
      !portalPages.includes(path) && apiPrefixes.some((prefix) => request.url.startsWith(prefix))
    if (hasPortal && !isApi && isPageNavigation(request)) {
      const page = hinted.get(path)
      if (page) return reply.header('cache-control', 'no-cache').type('text/html').send(page)
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).type('application/json').send({ message: 'Not found' })
  })
}
