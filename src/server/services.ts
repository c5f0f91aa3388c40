// What the app hands to the generic layers (routes, dispatcher, realtime channel): built once
// by app.ts. A file of its own so that those layers need not import app.ts, which imports them.
import type { ServerConfig } from './config.ts'
import type { Db } from './db/open-database.ts'
import type { TokenService } from './auth/tokens.ts'
import type { OutboxDelivery } from './outbox/delivery.ts'
import type { RequestGuards } from './rpc/request-guards.ts'

export interface AppServices {
  db: Db
  config: ServerConfig
  tokens: TokenService
  /** Message delivery: the outbox table, plus SMTP or an SMS gateway when configured. */
  outbox: OutboxDelivery
  /** What every signed-in call checks of its customer and sign-in, kept in this process. */
  guards: RequestGuards
}
