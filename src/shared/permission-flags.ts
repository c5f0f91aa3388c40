// The per-session permission flags of product-spec section 6, of the acting customer; every
// flag defaults to false. Which flag allows which transfer is this one table, read by the
// server's access check, directory and submits and by the portal's transfer and mass pages.
import { TransferType } from '../generated/constants.ts'
import type { ExternalTransferType } from './transfer-types.ts'

/** For whom a transfer is: the customer's own account, or a third party ('3d'). */
export type TransferPermission = 'own' | '3d'

/** The flags section 6 lists first, beside the per-type ones below. */
export const sessionFlags = [
  'sendMoneyPaxumUser',
  'sendMoneyUser',
  'requestMoney',
  'settlementAccount',
  'addFundsWireThirdParty',
  'addFundsBankThirdParty',
  'addFundsCrypto',
  'transferMoneyUser',
] as const

export interface TypeFlags {
  /** Withdraw to own account (permission 'own'); section 6 names these without a prefix. */
  own: string
  /** Send to others (permission '3d'). */
  thirdParty: string
  /** Send a mass file of the type. */
  mass: string
}

/** Section 6: the flags that allow each external type, for own, third-party and mass sending. */
export const typeFlags: Readonly<Record<ExternalTransferType, TypeFlags>> = {
  wire: { own: 'Wire', thirdParty: 'sendMoneyWire', mass: 'sendMoneyMassWire' },
  eft: { own: 'Bank', thirdParty: 'sendMoneyEft', mass: 'sendMoneyMassEft' },
  oct: { own: 'ToCard', thirdParty: 'sendMoneyCreditCard', mass: 'sendMoneyMassCreditCard' },
  crypto_eft: { own: 'Crypto', thirdParty: 'sendCryptoEft', mass: 'sendMoneyMassCrypto' },
  instant_payment: {
    own: 'InstantPayment',
    thirdParty: 'sendMoneyInstantPayment',
    mass: 'sendMoneyMassInstantPayment',
  },
  interac: { own: 'Interac', thirdParty: 'sendMoneyInterac', mass: 'sendMoneyMassInterac' },
}

/** P2P goes to others only: by e-mail one at a time, or as a mass file. */
export const p2pFlags = { thirdParty: 'sendMoneyUser', mass: 'sendMoneyMassUser' } as const

/** Global transfers (section 6 "Send to other" and "Mass send"). */
export const globalTransferFlags = {
  thirdParty: 'sendMoneyGlobalTransfer',
  mass: 'sendMoneyMassGlobalTransfer',
} as const

/** Every mass-send flag of section 6: any of them opens the mass transfer pages. */
export const massFlags: readonly string[] = [
  p2pFlags.mass,
  ...Object.values(typeFlags).map((flags) => flags.mass),
  globalTransferFlags.mass,
]

/** The flag an external transfer for own account or a third party needs. */
export function flagFor(type: ExternalTransferType, permission: TransferPermission): string {
  return permission === 'own' ? typeFlags[type].own : typeFlags[type].thirdParty
}

/** The flag any transfer type needs (P2P always goes to another: its one flag). */
export function flagOfTransfer(type: string, permission: TransferPermission): string | undefined {
  if (type === TransferType.P2p) return p2pFlags.thirdParty
  return Object.hasOwn(typeFlags, type)
    ? flagFor(type as ExternalTransferType, permission)
    : undefined
}

/** For whom the flags allow a type: own account, third party, both or neither. */
export function allowedPermissions(
  type: ExternalTransferType,
  flags: Readonly<Record<string, boolean | undefined>>,
): TransferPermission[] {
  return (['own', '3d'] as const).filter((permission) => flags[flagFor(type, permission)] === true)
}

/** Whether the flags allow a type at all, to the customer's own account or to others. */
export function typeAllowed(
  type: ExternalTransferType,
  flags: Readonly<Record<string, boolean | undefined>>,
): boolean {
  return allowedPermissions(type, flags).length > 0
}

/** Whether any mass flag is on. */
export function anyMassFlag(flags: Readonly<Record<string, boolean | undefined>>): boolean {
  return massFlags.some((flag) => flags[flag] === true)
}
