// purposesBusiness: the purposes of account a business chooses from (product-spec section 3).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import purposes from './data/account-purposes.json' with { type: 'json' }

export const handler: Handler<'purposesBusiness'> = async () =>
  rpcOk({ purposes: purposes.business })
