// Checks of the session step that come after the token's signature (rpc/dispatch.ts): a tmpJwt
// may only link and approve a device (product-spec section 4, verifyDevice and migration), and
// the IP whitelist, when on, refuses every call from another address (section 6).
import type { AppServices } from '../services.ts'
import type { Session } from './session.ts'
import { rpcFail, type Outcome } from '../rpc/outcome.ts'
import { ipAllowed, ipRefusedMessage } from './ip-allowed.ts'

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

export async function sessionRefusal(
  services: AppServices,
  operationId: string,
  session: Session,
  ip: string,
): Promise<Outcome | undefined> {
  if (session.temporary && !temporaryOperations.has(operationId)) {
    return rpcFail('AU', 'This sign-in is not complete: link and approve a device first.')
  }
  if (!(await ipAllowed(services.db, session.customerId, ip))) {
    return rpcFail('ENOA', ipRefusedMessage(ip))
  }
  return undefined
}
