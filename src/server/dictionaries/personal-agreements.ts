// personalAgreements: what a personal customer agrees to when registering (product-spec
// section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import personalAgreements from './data/personal-agreements.json' with { type: 'json' }

export const handler: Handler<'personalAgreements'> = async () => rpcOk({ personalAgreements })
