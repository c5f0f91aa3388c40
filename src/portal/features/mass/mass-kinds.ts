// The kinds of mass transfer (product-spec sections 2 and 6): P2P by e-mail and the external
// kinds under /transfer/mass/<kind>. Each is allowed by its mass permission flag of the
// session (all default to false) and has a sample file among massSampleLinksGet's links.
export const externalKinds = {
  wire: { transferType: 'wire', permission: 'sendMoneyMassWire', sample: 'wire' },
  eft: { transferType: 'eft', permission: 'sendMoneyMassEft', sample: 'eft' },
  oct: { transferType: 'oct', permission: 'sendMoneyMassCreditCard', sample: 'creditCard' },
  digital: { transferType: 'crypto_eft', permission: 'sendMoneyMassCrypto', sample: 'cryptoEft' },
} as const

export type ExternalKind = keyof typeof externalKinds
export type MassKind = 'p2p' | ExternalKind

export const p2pPermission = 'sendMoneyMassUser'

export const massKinds: MassKind[] = ['p2p', 'wire', 'eft', 'oct', 'digital']

export function isExternalKind(value: string | undefined): value is ExternalKind {
  return value !== undefined && Object.hasOwn(externalKinds, value)
}

export function permissionOf(kind: MassKind): string {
  return kind === 'p2p' ? p2pPermission : externalKinds[kind].permission
}

export function sampleOf(kind: MassKind): string {
  return kind === 'p2p' ? 'p2p' : externalKinds[kind].sample
}
