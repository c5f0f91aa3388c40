// streamingPlatformDeclarationSend: signs the streaming-platform declaration with the platforms
// the business uses, each named once with an http(s) address if any (declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationSend } from './declarations.ts'

export const handler: Handler<'streamingPlatformDeclarationSend'> = (context, input) =>
  declarationSend(context, 'streamingPlatform', input)
