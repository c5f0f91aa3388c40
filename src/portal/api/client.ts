// The typed API client: openapi-fetch over the generated paths, with our transport.
import createClient from 'openapi-fetch'
import type { paths } from '../../generated/api.d.ts'
import { SessionStore, type SessionTiming } from './session-store.ts'
import { createTransport } from './transport.ts'
import { pageLanguage, setActingCustomer } from './acting-customer.ts'
import { resolveBrand } from '../brand/resolve-brand.ts'
import { setDictionaryTransport } from './dictionaries.ts'

/** Demo builds let browser tests shorten the session timers (localStorage 'portal.timing'). */
function timingOverride(): Partial<SessionTiming> {
  if (import.meta.env.VITE_DEMO === 'false') return {}
  try {
    return JSON.parse(localStorage.getItem('portal.timing') ?? '{}') as Partial<SessionTiming>
  } catch {
    return {}
  }
}

export const session = new SessionStore({ timing: timingOverride() })

/**
 * The prefix of the registration wizards' drafts (one per brand and wizard,
 * renderer/wizard/draft-storage.ts); logout removes them all (product-spec section 4).
 */
export const registrationDraftKey = 'portal.registrationDraft'

session.subscribe((tokens) => {
  if (tokens) return
  setActingCustomer(undefined)
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i))
  for (const key of keys) {
    if (key === registrationDraftKey || key?.startsWith(`${registrationDraftKey}.`))
      localStorage.removeItem(key)
  }
})

/** The transport every call goes through: version header, timeout, retries, refresh. */
export const send = createTransport({
  session,
  brandId: () => resolveBrand(window.location).id,
  language: pageLanguage,
})

export const api = createClient<paths>({ baseUrl: window.location.origin, fetch: send })

setDictionaryTransport(send)
