// The panels of one page (page-screen.tsx) show one customer's records from several sides: an
// upload in one panel (a proof of address) changes what another lists (the documents asked
// for). A change saved in a resource panel is told to the page, and every resource panel of
// it loads its list again. A settings panel is not reloaded: it may hold what the person is
// typing. Outside a page there is nothing to tell.
import { createContext, useContext } from 'react'

export interface PageChanges {
  /** Counts the changes saved in the page's panels. */
  version: number
  changed(): void
}

export const PageChangesContext = createContext<PageChanges | null>(null)

export function usePageChanges(): PageChanges | null {
  return useContext(PageChangesContext)
}
