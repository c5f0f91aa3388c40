// Per-client rate limits (the spec's x-rate-limit, src/server/rpc/rate-limit.ts): one fixed
// window counter per limited scope and client, in the database so that every instance
// sharing it counts the same requests (README.md, PostgreSQL).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is limited: an operationId, or a handler's own scope (texts to one number). */
    scope: text('scope').notNull(),
    /** Who is counted: the client's address (an IPv6 client by its /64), or a destination. */
    clientKey: text('client_key').notNull(),
    /** The window runs from the first request counted in it for windowSeconds. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.clientKey] }),
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
)
