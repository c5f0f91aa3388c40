// contractTerminateNow: the "terminateNow" action of product-spec section 4, as the state machine allows it
// (contract-states.ts); 422 when the contract's status does not.
import type { Handler } from '../rpc/handler-context.ts'
import { takeAction } from './contract-actions.ts'

export const handler: Handler<'contractTerminateNow'> = (context) =>
  takeAction(context, 'terminateNow')
