// ping: answers 00 with the server time.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'

export const handler: Handler<'ping'> = async () => rpcOk({ serverTime: new Date().toISOString() })
