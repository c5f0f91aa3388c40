// Server settings from the environment, read once at start.

export interface ServerConfig {
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  /** Demo mode seeds demo customers and lets ?brand= pick a brand. */
  demo: boolean
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  /** The built portal to serve; absent in API-only tests. */
  portalDir: string | undefined
  /** The token other servers present in x-internal-token; unset refuses every internal call. */
  internalToken: string | undefined
  /** Trust X-Forwarded-For (set TRUST_PROXY=true only behind a proxy you run). */
  trustProxy: boolean
  /** smtp://user:pass@host:587 or smtps://...; unset keeps e-mails in the outbox only. */
  smtpUrl: string | undefined
  /** The From address of e-mails sent through SMTP. */
  mailFrom: string
  /** An SMS gateway taking POST {to, text} as JSON; unset keeps SMS in the outbox only. */
  smsGatewayUrl: string | undefined
  /** The issuer shown by authenticator apps and in messages. */
  issuerName: string
  /** Pino's level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string
  /**
   * Multiplies every x-rate-limit's perClient (1 in production). The browser tests sign in
   * through the page from one address many times a minute and set it higher.
   */
  rateLimitFactor: number
  /**
   * Check every answer against the spec and answer a 500 naming the field on a mismatch
   * (rpc/answer-check.ts). On unless NODE_ENV=production, where it would cost a validation
   * per call.
   */
  checkAnswers: boolean
  /**
   * Leading zero bits the built-in captcha's proof of work asks for (0 to 32): 14 costs a
   * browser about 16,000 hashes, a fraction of a second (docs/decisions.md, "Registration
   * (issue 13)"). CAPTCHA_DIFFICULTY=0 accepts any nonce, still once per signed challenge.
   */
  captchaDifficulty: number
  /**
   * Seconds from the moment a person sends the selfie and the document to the built-in
   * identity provider's decision (adapters/identity/README.md): IDENTITY_CHECK_SECONDS, 0 to
   * 3600, 15 unless set. The decision is a job, so tests make the time pass instead.
   */
  identityCheckSeconds: number
  /**
   * Domains serviceCheckUrls refuses, each with its subdomains (services/url-verdict.ts):
   * BLOCKED_URL_DOMAINS, comma-separated, or the link shorteners of defaultBlockedUrlDomains.
   */
  blockedUrlDomains: string[]
  /**
   * Seconds a stopping process (SIGTERM or SIGINT) has to finish its requests and its running
   * job before it gives up and exits 1 (main.ts, shutdown.ts): SHUTDOWN_GRACE_SECONDS, 1 to
   * 3600, 25 unless set, under the 30 s a container runtime usually waits before SIGKILL.
   */
  shutdownGraceSeconds: number
}

/** Link shorteners: a company's website is its own address, not a redirect to one. */
export const defaultBlockedUrlDomains = ['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly']

function domainList(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback
  return value
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/\.$/, ''))
    .filter((domain) => domain !== '')
}

/** A whole number from lowest to highest, or the fallback. */
function wholeBetween(
  value: string | undefined,
  lowest: number,
  highest: number,
  fallback: number,
) {
  const parsed = Number(value)
  const ok =
    value !== undefined && Number.isInteger(parsed) && parsed >= lowest && parsed <= highest
  return ok ? parsed : fallback
}

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: number(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data/pglite',
    demo: env.DEMO !== 'false',
    accessTokenTtlSeconds: number(env.ACCESS_TOKEN_TTL_SECONDS, 300),
    refreshTokenTtlSeconds: number(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600),
    portalDir: env.PORTAL_DIR ?? 'dist',
    trustProxy: env.TRUST_PROXY === 'true',
    internalToken: env.INTERNAL_TOKEN || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@nova.example',
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    issuerName: env.ISSUER_NAME ?? 'Nova',
    // Process-wide even when a test passes its own settings, so the test runner can quiet
    // every server it starts (vite.config.ts sets LOG_LEVEL for the test projects).
    logLevel: env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    rateLimitFactor: Math.floor(number(env.RATE_LIMIT_FACTOR, 1)),
    // Process-wide like logLevel: a production process stays unchecked whatever it passes.
    checkAnswers: (env.NODE_ENV ?? process.env.NODE_ENV) !== 'production',
    captchaDifficulty: wholeBetween(env.CAPTCHA_DIFFICULTY, 0, 32, 14),
    identityCheckSeconds: wholeBetween(env.IDENTITY_CHECK_SECONDS, 0, 3600, 15),
    blockedUrlDomains: domainList(env.BLOCKED_URL_DOMAINS, defaultBlockedUrlDomains),
    shutdownGraceSeconds: wholeBetween(env.SHUTDOWN_GRACE_SECONDS, 1, 3600, 25),
  }
}
