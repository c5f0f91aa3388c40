// Who is looking, for the menu and the route guard (spec/README.md, Screens): the user's right
// on the acting customer, that customer's type and permission flags (customerAccessListGet)
// and whether the user is an administrator (getCustomerInfo). Read once per acting customer
// and kept until sign-out; the server still checks every call (src/server/rpc/access.ts).
import { useEffect, useState } from 'react'
import { AccessRight, CustomerInfoCustomerType, ResponseCode } from '../../generated/constants.ts'
import { admits, parseAccess, type Viewer } from '../../shared/access.ts'
import { anyMassFlag } from '../../shared/permission-flags.ts'
import { actingCustomer } from '../api/acting-customer.ts'
import { api, session } from '../api/client.ts'

/** What a page asks of the viewer: an access in the screens' words, and maybe any of flags. */
export interface PageAccess {
  access: string
  /** The page opens when any of these flags is on (the mass pages: any mass-send flag). */
  anyPermission?: 'mass'
}

/** A viewer who may open only what every signed-in user may: the answer when reading fails. */
const nobody: Viewer = {
  signedIn: true,
  isAdmin: false,
  accessRight: AccessRight.NoAccess,
  customerType: CustomerInfoCustomerType.Personal,
  permissions: {},
}

let cached: { acting: number | undefined; viewer: Promise<Viewer> } | undefined
session.subscribe((tokens) => {
  if (!tokens) cached = undefined
})

async function loadViewer(acting: number | undefined): Promise<Viewer> {
  const [accessReply, infoReply] = await Promise.all([
    api.POST('/rpc/customerAccessListGet', { body: {} }).catch(() => null),
    api.POST('/rpc/getCustomerInfo', { body: {} }).catch(() => null),
  ])
  const info =
    accessReply?.data?.responseCode === ResponseCode.Success
      ? accessReply.data.accessInfo
      : undefined
  if (!info) return nobody
  // The user's own customer comes first in the list; a chosen company is found by its id.
  const entry = info.accessList.find((item) => item.customerId === acting) ?? info.accessList[0]
  const customer =
    infoReply?.data?.responseCode === ResponseCode.Success ? infoReply.data.customer : undefined
  return {
    signedIn: true,
    isAdmin: customer?.isAdmin === true,
    accessRight: info.accessRights ?? entry?.accessRights ?? AccessRight.NoAccess,
    customerType: entry?.customerType ?? CustomerInfoCustomerType.Personal,
    permissions: { ...(info.permissions ?? {}) },
  }
}

function viewerOf(acting: number | undefined): Promise<Viewer> {
  if (!cached || cached.acting !== acting) cached = { acting, viewer: loadViewer(acting) }
  return cached.viewer
}

/** The viewer of the acting customer; undefined while it loads. */
export function useViewer(): Viewer | undefined {
  const acting = actingCustomer()
  const [loaded, setLoaded] = useState<{ acting: number | undefined; viewer: Viewer }>()
  useEffect(() => {
    let active = true
    void viewerOf(acting).then((viewer) => active && setLoaded({ acting, viewer }))
    return () => {
      active = false
    }
  }, [acting])
  return loaded && loaded.acting === acting ? loaded.viewer : undefined
}

/** Whether the viewer may open a page; an access outside the vocabulary opens to no one. */
export function mayOpen(page: PageAccess, viewer: Viewer): boolean {
  const access = parseAccess(page.access)
  if (!access || !admits(access, viewer)) return false
  return page.anyPermission !== 'mass' || anyMassFlag(viewer.permissions)
}

/** Pages every signed-in user may open, shown while the viewer loads. */
export function openToEveryone(page: PageAccess): boolean {
  const kind = parseAccess(page.access)?.kind
  return page.anyPermission === undefined && (kind === 'public' || kind === 'user')
}
