// contractStats (GET /contract/stats): the counters of the list's meta alone.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { contractCounters } from './contract-listing.ts'

export const handler: Handler<'contractStats'> = async (context) =>
  reply(200, { data: await contractCounters(context) })
