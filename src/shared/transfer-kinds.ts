// The external kinds are the transfer types of product-spec section 9 that leave the bank.
// Shared so that the transfers area and the payout rails (src/server/adapters/rail/) speak of
// them without the rails importing the area that hands them payouts.
export const externalKinds = [
  'wire',
  'eft',
  'oct',
  'crypto_eft',
  'instant_payment',
  'interac',
] as const
export type ExternalKind = (typeof externalKinds)[number]

export function isExternalKind(kind: string): kind is ExternalKind {
  return (externalKinds as readonly string[]).includes(kind)
}
