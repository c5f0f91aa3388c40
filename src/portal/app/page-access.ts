// Whether a viewer may open a page, in the words of the screens' access (spec/README.md,
// Screens): the access parsed and admitted, and for the mass pages any mass-send flag on.
import { admits, parseAccess, type Viewer } from '../../shared/access.ts'
import { anyMassFlag } from '../../shared/permission-flags.ts'

/** What a page asks of the viewer: an access in the screens' words, and maybe any of flags. */
export interface PageAccess {
  access: string
  /** The page opens when any of these flags is on (the mass pages: any mass-send flag). */
  anyPermission?: 'mass'
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
