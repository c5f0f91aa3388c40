// The card issuer in use: the built-in one until a deployment writes an adapter for its
// issuer (README.md in this folder).
import { builtInCardIssuer } from './built-in-card-issuer.ts'
import type { CardIssuerAdapter } from './card-issuer-adapter.ts'

const defaultIssuer = builtInCardIssuer()

export function cardIssuer(): CardIssuerAdapter {
  return defaultIssuer
}
