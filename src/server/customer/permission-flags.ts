// The per-session permission flags of product-spec section 6, as getCustomerInfo and
// customerAccessListGet answer them: every named flag, false unless the customer has it.
import type { components } from '../../generated/api.d.ts'

/** The flags section 6 names; all default to false. */
const permissionFlags = [
  'sendMoneyPaxumUser',
  'sendMoneyUser',
  'requestMoney',
  'settlementAccount',
  'addFundsWireThirdParty',
  'addFundsBankThirdParty',
  'addFundsCrypto',
  'transferMoneyUser',
  // Withdraw to own account and send to others by each external kind (section 6).
  'Crypto',
  'Wire',
  'Bank',
  'ToCard',
  'InstantPayment',
  'Interac',
  'sendCryptoEft',
  'sendMoneyWire',
  'sendMoneyEft',
  'sendMoneyCreditCard',
  'sendMoneyInstantPayment',
  'sendMoneyInterac',
] as const

/** The named flags filled with false, then the customer's stored flags over them. */
export function permissionsOf(
  stored: Record<string, boolean>,
): components['schemas']['Permissions'] {
  const defaults = Object.fromEntries(permissionFlags.map((flag) => [flag, false]))
  return { ...defaults, ...stored } as components['schemas']['Permissions']
}
