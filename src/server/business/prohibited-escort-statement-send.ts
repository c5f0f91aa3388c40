// prohibitedEscortStatementSend: signs the prohibited escort services statement; asked of
// adult-industry businesses (declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationSend } from './declarations.ts'

export const handler: Handler<'prohibitedEscortStatementSend'> = (context, input) =>
  declarationSend(context, 'prohibitedEscort', input)
