// studioDeclarationSend: signs the webcam-studio declaration; a business that is no webcam
// studio is not asked for it (ENOA, declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationSend } from './declarations.ts'

export const handler: Handler<'studioDeclarationSend'> = (context, input) =>
  declarationSend(context, 'studio', input)
