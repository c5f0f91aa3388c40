// Whether a viewer may open one of the menu's hand-written pages, for links outside the menu
// (home's quick actions and cards). Apart from page-menu.ts, which the router reads on the
// sign-in page, so the access rules load with the pages that link.
import type { Viewer } from '../../shared/access.ts'
import { mayOpen } from './page-access.ts'
import { pageMenu, type MenuPage } from './page-menu.ts'

/** Whether the viewer may open a hand-written page of the menu, by its id (links elsewhere). */
export function mayOpenMenuPage(id: MenuPage['id'], viewer: Viewer | undefined): boolean {
  const page = pageMenu.find((item) => item.id === id)
  if (!viewer || !page?.access) return false
  return mayOpen({ access: page.access, anyPermission: page.anyPermission }, viewer)
}
