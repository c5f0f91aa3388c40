// Dictionaries load lazily on first use and persist in sessionStorage for the tab
// (product-spec section 9). A reply with a code other than '00' is handed back without
// storing anything, so the next use asks again (section 8).
import type { components } from '../../generated/api.d.ts'
import { ResponseCode } from '../../generated/constants.ts'

export type Currency = components['schemas']['Currency']

export interface DictionaryReply {
  responseCode: string
  responseDescription?: string
  [key: string]: unknown
}

export interface DictionaryLoader {
  load(operationId: string, payload?: Record<string, unknown>): Promise<DictionaryReply>
}

const keyPrefix = 'portal.dict.'

export function createDictionaryLoader(
  send: (request: Request) => Promise<Response>,
  storage: Storage,
  origin: string,
): DictionaryLoader {
  const inFlight = new Map<string, Promise<DictionaryReply>>()
  return {
    load(operationId, payload = {}) {
      const key = `${keyPrefix}${operationId}:${JSON.stringify(payload)}`
      const stored = storage.getItem(key)
      if (stored) return Promise.resolve(JSON.parse(stored) as DictionaryReply)
      const running = inFlight.get(key)
      if (running) return running
      const request = new Request(`${origin}/rpc/${operationId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
      const pending = send(request)
        .then((response) => response.json() as Promise<DictionaryReply>)
        .then((reply) => {
          if (reply.responseCode === ResponseCode.Success)
            storage.setItem(key, JSON.stringify(reply))
          return reply
        })
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
      return pending
    },
  }
}

let portalLoader: DictionaryLoader | undefined

/**
 * The portal's loader goes over the API transport, which client.ts hands over when it loads
 * (with the entry): this module does not import the client, so it loads in Node for its tests
 * and a dictionary never waits for a chunk of its own.
 */
export function setDictionaryTransport(send: (request: Request) => Promise<Response>): void {
  portalLoader = createDictionaryLoader(send, sessionStorage, window.location.origin)
}

/** The portal's loader, over the API transport and the tab's sessionStorage. */
export async function loadDictionary(
  operationId: string,
  payload?: Record<string, unknown>,
): Promise<DictionaryReply> {
  if (!portalLoader) throw new Error("assertion: client.ts set the dictionaries' transport")
  return portalLoader.load(operationId, payload)
}

export async function loadCurrencies(): Promise<Currency[]> {
  const reply = await loadDictionary('currencies')
  return reply.responseCode === ResponseCode.Success
    ? ((reply.currencies as Currency[] | undefined) ?? [])
    : []
}
