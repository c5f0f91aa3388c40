// purposesPersonal: the purposes of account a personal customer chooses from (product-spec
// section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import purposes from './data/account-purposes.json' with { type: 'json' }

export const handler: Handler<'purposesPersonal'> = async () =>
  rpcOk({ purposes: purposes.personal })
