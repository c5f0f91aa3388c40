// contractTerminate: either party asks to end a signed contract, with a note; the contract is
// TERMINATING until the other party accepts (terminateNow), the asker withdraws
// (terminateCancel) or the notice ends (contract-states.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { takeAction } from './contract-actions.ts'

export const handler: Handler<'contractTerminate'> = (context, input) =>
  takeAction(context, 'terminate', input.note)
