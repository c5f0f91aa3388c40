// binBlacklistList: the card BINs card (OCT) transfers may not go to (product-spec sections 3
// and 7), so the portal can refuse such a card before asking for a fee.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { blockedBinList } from './directory/bin.ts'

export const handler: Handler<'binBlacklistList'> = async () => rpcOk({ bins: blockedBinList() })
