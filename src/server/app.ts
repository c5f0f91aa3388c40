// Builds the Fastify app. Order, and why: security headers first so every answer carries
// them; then the error handler, so malformed JSON becomes VF instead of Fastify's own shape;
// then the routes from the spec; the built portal last, as the fallback for everything else.
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify'
import pino, { type DestinationStream } from 'pino'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/open-database.ts'
import { loadSigningKey, TokenService } from './auth/tokens.ts'
import { registerRoutes } from './rpc/register-routes.ts'
import { servePortal } from './serve-portal.ts'
import { securityHeaders } from './security-headers.ts'
import { registerMassSamples } from './transfers/mass-samples.ts'
import { refusalLanguage, send } from './rpc/dispatch.ts'
import { inReaderLanguage, refusal, rpcRefuse, validationFailure } from './rpc/outcome.ts'
import { multipartReadFailure, registerMultipart } from './rpc/multipart-body.ts'
import { loggedError, logServerError } from './error-log.ts'
import { registerRequestLog, requestId } from './request-log.ts'
import { RealtimeHub } from './realtime/hub.ts'
import { RequestGuards } from './rpc/request-guards.ts'
import { attachRealtime } from './realtime/websocket.ts'
import { OutboxDelivery, sendersFromConfig } from './outbox/delivery.ts'
import type { AppServices } from './services.ts'

export interface BuildOptions {
  /** Where the log goes instead of stdout (a test reading what was logged). */
  logStream?: DestinationStream
}

/**
 * Standard output, written in blocks rather than one write per line: a line per request
 * written at once cost a system call per request, a third of a small request's own (issue
 * 15's RPC overhead). A block goes out when it reaches 4 KB, at least every second, and
 * whole when the app closes; what a killed process had not written yet is lost
 * (docs/decisions.md, "Request log").
 */
function bufferedStdout(): { stream: DestinationStream; close(): void } {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 })
  // With a callback, a stream that has failed (a closed stdout) reports instead of throwing.
  const timer = setInterval(() => stream.flush(() => undefined), 1000)
  timer.unref()
  return {
    stream,
    close() {
      clearInterval(timer)
      try {
        stream.flushSync()
      } catch {
        // Standard output is gone (a closed pipe): there is nowhere left to write.
      }
    },
  }
}

/**
 * Pino at config.logLevel. Fastify's per-request lines are off: they carry the URL, and a
 * query string is a parameter; request-log.ts writes one line per request without it, at
 * info. Errors are logged by the error handler through error-log.ts;
 * an error logged anywhere else still goes through its serializer, and credentials in
 * headers are redacted should a request ever be logged.
 */
function loggerOptions(config: ServerConfig, stream: DestinationStream) {
  return {
    level: config.logLevel,
    stream,
    serializers: { err: (error: unknown) => loggedError(error) },
    redact: {
      paths: ['authorization', 'cookie', 'x-api-key', 'x-internal-token'].map(
        (name) => `req.headers["${name}"]`,
      ),
      censor: '[redacted]',
    },
  }
}

export async function buildApp(
  db: Db,
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const guards = new RequestGuards(db)
  const services: AppServices = {
    db,
    config,
    tokens: new TokenService(db, config, await loadSigningKey(db), guards),
    outbox: new OutboxDelivery(db, sendersFromConfig(config)),
    guards,
  }
  const stdout = options.logStream ? undefined : bufferedStdout()
  const app = Fastify({
    logger: loggerOptions(config, options.logStream ?? stdout!.stream),
    // Fastify's own request lines carry the URL; request-log.ts writes one without it.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // Only behind a known proxy may X-Forwarded-For set the client address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  })

  registerRequestLog(app)

  // Helmet's full set on documents, a short one on JSON answers (security-headers.ts).
  app.addHook('onRequest', securityHeaders())

  // Uploads (logos, documents, batch files) arrive as multipart; the parts are attached to
  // the body and checked against the operation's schema by the dispatcher. A body that
  // cannot be read (truncated, no boundary, over a limit) is VF naming body, never a 500.
  await registerMultipart(app, { fileSize: 10 * 1024 * 1024, files: 10, fields: 50 })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unreadable = multipartReadFailure(request, error)
    const status = error.statusCode ?? 500
    const clientError = status >= 400 && status < 500
    if (unreadable || clientError) {
      // RPC outcomes travel as HTTP 200 with their code; REST paths keep the 400 (decisions.md).
      const isRpc = request.url.startsWith('/rpc/') || request.url.startsWith('/api')
      const failure = validationFailure(
        [unreadable ?? refusal('body', 'refusal.request.unreadable', { detail: error.message })],
        isRpc ? 200 : 400,
      )
      return send(reply, failure)
    }
    logServerError(request, error)
    const failure = { ...rpcRefuse('UE', 'answer.common.serverError'), status: 500 }
    return send(reply, inReaderLanguage(failure, refusalLanguage(request)))
  })

  registerRoutes(app, services)
  // The realtime channel upgrades /realtime on the same port; its hub LISTENs for events.
  const hub = await RealtimeHub.start(db)
  // The request guards cache forgets what the database triggers say changed.
  guards.listen(hub)
  attachRealtime(app, services, hub)
  services.outbox.start()
  app.addHook('onClose', async () => {
    await services.outbox.stop()
    await hub.close()
    stdout?.close()
  })
  registerMassSamples(app)
  await servePortal(app, config.portalDir)
  return app
}
