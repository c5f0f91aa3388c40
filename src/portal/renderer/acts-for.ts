// The customer a screen acts for (a screen's actsFor, schemas/screen.schema.json): an
// administrator's screens about one customer name it in the address (?customerId=7), and every
// call of the screen, and of a page's panels, sends it as fromCustomerId (product-spec section
// 6: administrators act for any customer). A screen without actsFor acts as the tab does (its
// chosen company, else the signed-in customer).
import { createContext, useContext } from 'react'
import type { ScreenDescription } from './screens-data.ts'

export interface ActsFor {
  /** The customer named in the address; undefined when the address names none. */
  customerId: number | undefined
}

/** null: the screen acts as the tab does. */
export const ActsForContext = createContext<ActsFor | null>(null)

export function useActsFor(): ActsFor | null {
  return useContext(ActsForContext)
}

/** The customer the address names for a screen with actsFor; null for one without. */
export function actsForOf(
  screen: Pick<ScreenDescription, 'actsFor'>,
  search: string,
): ActsFor | null {
  if (!screen.actsFor) return null
  const value = new URLSearchParams(search).get(screen.actsFor)
  const id = value !== null && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined
  return { customerId: id !== undefined && id <= 2 ** 31 - 1 ? id : undefined }
}
