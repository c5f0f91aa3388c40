// Who is looking, for the menu and the route guard (spec/README.md, Screens): the user's right
// on the acting customer, that customer's type and permission flags (customerAccessListGet)
// and whether the user is an administrator (getCustomerInfo). Both are cached queries keyed
// by the acting customer, read once each and kept until sign-out; the server still checks
// every call (src/server/rpc/access.ts).
import { AccessRight, CustomerInfoCustomerType, ResponseCode } from '../../generated/constants.ts'
import type { Viewer } from '../../shared/access.ts'
import { actingCustomer } from '../api/acting-customer.ts'
import {
  accessInfoOf,
  useCustomerAccessList,
  type CustomerAccessListReply,
} from '../api/get-customer-access-list.ts'
import { useCustomerInfo, type CustomerInfoReply } from '../api/get-customer-info.ts'

// The rules read no server state: page-access.ts, for the menu's unit tests.
export { mayOpen, openToEveryone, type PageAccess } from './page-access.ts'

/** A viewer who may open only what every signed-in user may: the answer when reading fails. */
const nobody: Viewer = {
  signedIn: true,
  isAdmin: false,
  accessRight: AccessRight.NoAccess,
  customerType: CustomerInfoCustomerType.Personal,
  permissions: {},
}

/** The rights are not expected to change while the person is signed in. */
const accessListStaleMs = Number.POSITIVE_INFINITY

function viewerOf(
  acting: number | undefined,
  accessReply: CustomerAccessListReply | undefined,
  infoReply: CustomerInfoReply | undefined,
): Viewer {
  const info = accessInfoOf(accessReply)
  if (!info) return nobody
  // The user's own customer comes first in the list; a chosen company is found by its id.
  const entry = info.accessList.find((item) => item.customerId === acting) ?? info.accessList[0]
  const customer = infoReply?.responseCode === ResponseCode.Success ? infoReply.customer : undefined
  return {
    signedIn: true,
    isAdmin: customer?.isAdmin === true,
    accessRight: info.accessRights ?? entry?.accessRights ?? AccessRight.NoAccess,
    customerType: entry?.customerType ?? CustomerInfoCustomerType.Personal,
    permissions: { ...(info.permissions ?? {}) },
  }
}

/** The viewer of the acting customer; undefined while it loads. */
export function useViewer(): Viewer | undefined {
  const access = useCustomerAccessList({ staleTime: accessListStaleMs })
  const info = useCustomerInfo()
  if (access.isPending || info.isPending) return undefined
  // A lost answer is the query's error and leaves no data: the viewer is then nobody.
  return viewerOf(actingCustomer(), access.data?.data, info.data?.data)
}
