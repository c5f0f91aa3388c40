// studioDeclarationGet: the webcam-studio declaration to sign and whether it is signed; a
// business that is no webcam studio is not asked for it (ENOA, declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationGet } from './declarations.ts'

export const handler: Handler<'studioDeclarationGet'> = (context) =>
  declarationGet(context, 'studio')
