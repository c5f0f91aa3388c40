// accountActivate: action=activation or activationEmployee with user and code.
import type { Handler } from '../rpc/handler-context.ts'
import { activate } from './activate.ts'

export const handler: Handler<'accountActivate'> = (context, input) =>
  activate(
    context,
    input.username,
    input.activationCode,
    ['activation', 'activationEmployee'],
    'activationCode',
  )
