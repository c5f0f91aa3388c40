// The access vocabulary of spec/README.md ("Access" and "Screens"), one grammar for the
// operations' x-access (checked by the server before any handler) and the screens' access:
// (which decides the portal's menu and route guard, and which brands:check compares with the
// operations a screen calls). A screen may add "customer:business" or "customer:personal":
// which customers a page suits is the portal's matter, not the server's.
import { AccessRight } from '../generated/constants.ts'
import { everyAccessRight, isBusinessCustomer } from './access-rights.ts'

export type AccessKind =
  'public' | 'user' | 'admin' | 'rights' | 'paymentSecret' | 'internal' | 'apiKey'
export type CustomerKind = 'business' | 'personal'

export interface Access {
  kind: AccessKind
  /** The access rights on the acting customer that are admitted (rights:N,...). */
  rights?: readonly number[]
  /** The acting customer's permission flag of product-spec section 6 that must be true. */
  permission?: string
  /** Screens only: the kind of acting customer the screen is for. */
  customer?: CustomerKind
}

const accessPattern =
  /^(public|user|admin|paymentSecret|internal|apiKey|rights:([1-5](?:,[1-5])*)(?: permission:([A-Za-z][A-Za-z0-9]*))?(?: customer:(business|personal))?)$/

/** The parsed access, or undefined when the text is not in the vocabulary. */
export function parseAccess(text: string): Access | undefined {
  const match = accessPattern.exec(text)
  if (!match) return undefined
  const [, whole = '', rights, permission, customer] = match
  if (rights === undefined) return { kind: whole as AccessKind }
  return {
    kind: 'rights',
    rights: rights.split(',').map(Number),
    ...(permission ? { permission } : {}),
    ...(customer ? { customer: customer as CustomerKind } : {}),
  }
}

/** What the portal knows of the person looking: the session and the acting customer. */
export interface Viewer {
  signedIn: boolean
  isAdmin: boolean
  /** The user's right on the acting customer: 2 on their own, an administrator 2 on anyone. */
  accessRight: number
  /** The acting customer's profile type (personal 0, old business 1, business 2). */
  customerType: number
  /** The acting customer's permission flags. */
  permissions: Readonly<Record<string, boolean | undefined>>
}

/** Whether the access lets the viewer in. Server-to-server kinds admit no portal viewer. */
export function admits(access: Access, viewer: Viewer): boolean {
  if (access.kind === 'public') return true
  if (!viewer.signedIn) return false
  switch (access.kind) {
    case 'user':
      return true
    case 'admin':
      return viewer.isAdmin
    case 'rights': {
      const business = isBusinessCustomer(viewer.customerType)
      return (
        (access.rights ?? []).includes(viewer.accessRight) &&
        (access.permission === undefined || viewer.permissions[access.permission] === true) &&
        (access.customer === undefined || (access.customer === 'business') === business)
      )
    }
    default:
      return false
  }
}

/**
 * Why an operation would refuse someone a screen admits, or undefined when everyone the screen
 * admits may call it (the rule of spec/README.md, "Screens"). A signed-in user holds one of
 * the rights 1 to 5 on whomever they act for, so `user` on a screen stands for all of them;
 * an administrator holds full access (2) on everyone.
 */
export function screenAccessGap(screen: Access, operation: Access): string | undefined {
  if (operation.kind === 'public') return undefined
  if (screen.kind === 'public') return 'the screen is public but the operation needs a sign-in'
  if (operation.kind === 'user') return undefined
  if (operation.kind === 'admin') {
    return screen.kind === 'admin' ? undefined : 'the operation is for administrators only'
  }
  if (operation.kind !== 'rights') return `the operation is for ${operation.kind} callers`
  const needed = operation.rights ?? []
  const held = screen.kind === 'admin' ? [AccessRight.Full] : (screen.rights ?? everyAccessRight)
  const missing = held.filter((right) => !needed.includes(right))
  if (missing.length > 0) {
    return `the screen admits rights ${missing.join(',')} that the operation refuses (it needs rights:${needed.join(',')})`
  }
  if (operation.permission !== undefined && screen.permission !== operation.permission) {
    return `the operation needs permission:${operation.permission}; name it on the screen too`
  }
  return undefined
}
