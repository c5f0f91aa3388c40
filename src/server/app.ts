// Builds the Fastify app. Order, and why: security headers first so every answer carries
// them; then the error handler, so malformed JSON becomes VF instead of Fastify's own shape;
// then the routes from the spec; the built portal last, as the fallback for everything else.
import Fastify, { type FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/open-database.ts'
import { loadSigningKey, TokenService } from './auth/tokens.ts'
import { registerRoutes } from './rpc/register-routes.ts'
import { servePortal } from './serve-portal.ts'
import { registerMassSamples } from './transfers/mass-samples.ts'
import { send } from './rpc/dispatch.ts'
import { validationFailure } from './rpc/outcome.ts'
import { RealtimeHub } from './realtime/hub.ts'
import { attachRealtime } from './realtime/websocket.ts'
import { OutboxDelivery, sendersFromConfig } from './outbox/delivery.ts'

export interface AppServices {
  db: Db
  config: ServerConfig
  tokens: TokenService
  /** Message delivery: the outbox table, plus SMTP or an SMS gateway when configured. */
  outbox: OutboxDelivery
}

/** Strict CSP (DESIGN.md section 11): no inline scripts, no eval; Mantine needs inline styles. */
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

export async function buildApp(db: Db, config: ServerConfig): Promise<FastifyInstance> {
  const services: AppServices = {
    db,
    config,
    tokens: new TokenService(db, config, await loadSigningKey(db)),
    outbox: new OutboxDelivery(db, sendersFromConfig(config)),
  }
  const app = Fastify({
    logger: false,
    // Only behind a known proxy may X-Forwarded-For set the client address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  })

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  })

  // Uploads (logos, documents, batch files) arrive as multipart; the parts are attached to
  // the body and checked against the operation's schema by the dispatcher.
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 50 },
  })

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // RPC outcomes travel as HTTP 200 with their code; REST paths keep the 400 (decisions.md).
      const isRpc = request.url.startsWith('/rpc/') || request.url.startsWith('/api')
      const failure = validationFailure(
        [{ parameter: 'body', description: error.message }],
        isRpc ? 200 : 400,
      )
      return send(reply, failure)
    }
    request.log.error(error)
    console.error(error)
    return send(reply, {
      status: 500,
      body: { responseCode: 'UE', responseDescription: 'Server error' },
    })
  })

  registerRoutes(app, services)
  // The realtime channel upgrades /realtime on the same port; its hub LISTENs for events.
  const hub = await RealtimeHub.start(db)
  attachRealtime(app, services, hub)
  services.outbox.start()
  app.addHook('onClose', async () => {
    services.outbox.stop()
    await hub.close()
  })
  registerMassSamples(app)
  await servePortal(app, config.portalDir)
  return app
}
