// The kinds of mass transfer (product-spec sections 2 and 6): P2P by e-mail and the external
// kinds under /transfer/mass/<kind>. Each is allowed by its mass permission flag of the
// session (all default to false; the flags are src/shared/permission-flags.ts) and has a
// sample file among massSampleLinksGet's links.
import { TransferType } from '../../../generated/constants.ts'
import { globalTransferFlags, p2pFlags, typeFlags } from '../../../shared/permission-flags.ts'

const kind = <T extends keyof typeof typeFlags>(transferType: T, sample: string) => ({
  transferType,
  permission: typeFlags[transferType].mass,
  sample,
})

export const externalKinds = {
  wire: kind(TransferType.Wire, 'wire'),
  eft: kind(TransferType.Eft, 'eft'),
  oct: kind(TransferType.Oct, 'creditCard'),
  digital: kind(TransferType.CryptoEft, 'cryptoEft'),
} as const

export type ExternalKind = keyof typeof externalKinds
/** A global pay batch (issue 16): payments to e-mails, each recipient choosing the payout. */
export type MassKind = 'p2p' | ExternalKind | 'global'

export const p2pPermission = p2pFlags.mass

/** The order the mass choice page offers them in: P2P, the external kinds, then global. */
export const massKinds: readonly MassKind[] = [
  'p2p',
  ...(Object.keys(externalKinds) as ExternalKind[]),
  'global',
]

export function isExternalKind(value: string | undefined): value is ExternalKind {
  return value !== undefined && Object.hasOwn(externalKinds, value)
}

export function permissionOf(kind: MassKind): string {
  if (kind === 'global') return globalTransferFlags.mass
  return kind === 'p2p' ? p2pPermission : externalKinds[kind].permission
}

export function sampleOf(kind: MassKind): string {
  if (kind === 'global') return 'globalPay'
  return kind === 'p2p' ? 'p2p' : externalKinds[kind].sample
}
