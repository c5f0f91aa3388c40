// The per-session permission flags of product-spec section 6, as getCustomerInfo and
// customerAccessListGet answer them: every named flag, false unless the customer has it.
import type { components } from '../../generated/api.d.ts'
import { sessionFlags, typeFlags } from '../../shared/permission-flags.ts'

/**
 * The flags answered even when false: section 6's session flags, then withdraw to own account
 * and send to others by each external type. The mass and global flags are answered only when
 * the customer has them.
 */
const permissionFlags = [
  ...sessionFlags,
  ...Object.values(typeFlags).map((flags) => flags.own),
  ...Object.values(typeFlags).map((flags) => flags.thirdParty),
]

/** The named flags filled with false, then the customer's stored flags over them. */
export function permissionsOf(
  stored: Record<string, boolean>,
): components['schemas']['Permissions'] {
  const defaults = Object.fromEntries(permissionFlags.map((flag) => [flag, false]))
  return { ...defaults, ...stored } as components['schemas']['Permissions']
}
