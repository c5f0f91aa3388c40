// streamingPlatformDeclarationGet: the streaming-platform declaration with the platforms last
// declared; asked of webcam studios and live-streaming networks (declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationGet } from './declarations.ts'

export const handler: Handler<'streamingPlatformDeclarationGet'> = (context) =>
  declarationGet(context, 'streamingPlatform')
