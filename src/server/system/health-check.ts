// healthCheck (GET /healthz): the process serves HTTP. No database call, so that a slow
// database never gets a working process restarted by its supervisor.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'

export const handler: Handler<'healthCheck'> = async () =>
  reply<'healthCheck', 200>(200, { status: 'alive' })
