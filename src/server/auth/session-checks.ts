// Checks of the session step that come after the token's signature (rpc/dispatch.ts): a tmpJwt
// may only link and approve a device (product-spec section 4, verifyDevice and migration), and
// the IP whitelist, when on, refuses every call from another address (section 6).
import type { Session } from './session.ts'
import { type Outcome, rpcRefuse } from '../rpc/outcome.ts'
import { addressListed } from '../security/ip-whitelist.ts'
import type { CustomerGuards } from '../rpc/request-guards.ts'

/** The operations a tmpJwt opens: linking a device and approving it. */
const temporaryOperations = new Set([
  'authDeviceApproveMethodList',
  'authDeviceApproveMethodSet',
  'authDeviceApprove',
  'authDeviceCreate',
  'authDeviceList',
  'externalDeviceApproveMethodList',
  'externalDeviceApproveMethodSet',
  'externalDeviceApprove',
  'externalDeviceCreate',
  'externalDeviceList',
])

/** The own customer's guard data comes from the request guards cache (rpc/request-guards.ts). */
export function sessionRefusal(
  operationId: string,
  session: Session,
  ip: string,
  guards: CustomerGuards,
): Outcome | undefined {
  if (session.temporary && !temporaryOperations.has(operationId)) {
    return rpcRefuse('AU', 'answer.auth.signInIncomplete')
  }
  if (guards.whitelistEnabled && !addressListed(guards.whitelist, ip)) {
    return rpcRefuse('ENOA', 'answer.auth.ipRefused', { ip })
  }
  return undefined
}
