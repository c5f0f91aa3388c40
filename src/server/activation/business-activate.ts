// businessActivate: action=activationBusiness with user and code; then the authorized users
// get their activation links (activate.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { activate } from './activate.ts'

export const handler: Handler<'businessActivate'> = (context, input) =>
  activate(context, input.email, input.activationCode, ['activationBusiness'], 'activationCode')
