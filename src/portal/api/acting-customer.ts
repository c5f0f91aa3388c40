// The acting customer (product-spec section 2: fromCustomerId sets it): the company a user
// works for, kept per tab and sent as fromCustomerId with every RPC call; logout removes it
// (section 4). The server refuses a customer the user has no rights on (code 13).
const storageKey = 'portal.actingCustomer'

export function actingCustomer(): number | undefined {
  if (typeof sessionStorage === 'undefined') return undefined
  const value = Number(sessionStorage.getItem(storageKey))
  return Number.isInteger(value) && value > 0 ? value : undefined
}

export function setActingCustomer(customerId: number | undefined): void {
  if (customerId === undefined) sessionStorage.removeItem(storageKey)
  else sessionStorage.setItem(storageKey, String(customerId))
}

/**
 * Adds the acting customer as a form part of an upload (the server reads its digits); false
 * when no customer is chosen or the form names one already.
 */
export function withActingPart(form: FormData): boolean {
  const customerId = actingCustomer()
  if (customerId === undefined || form.has('fromCustomerId')) return false
  form.append('fromCustomerId', String(customerId))
  return true
}

/**
 * An RPC request with fromCustomerId added to its JSON body or as a part of its multipart
 * body, when a customer is chosen, and the reader's language added to its JSON body.
 */
export async function withActingCustomer(request: Request): Promise<Request> {
  const customerId = actingCustomer()
  if (request.method !== 'POST') return request
  const url = new URL(request.url)
  if (!url.pathname.startsWith('/rpc/')) return request
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data')) {
    if (customerId === undefined) return request
    const form = await request.clone().formData()
    if (!withActingPart(form)) return request
    // The browser writes a new boundary for the new body, so the old content type goes.
    const headers = new Headers(request.headers)
    headers.delete('content-type')
    return new Request(request.url, {
      method: request.method,
      headers,
      body: form,
      signal: request.signal,
    })
  }
  if (!type.includes('application/json')) return request
  const text = await request.clone().text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    return request
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return request
  const added = {
    ...(customerId !== undefined && !('fromCustomerId' in body) && { fromCustomerId: customerId }),
    ...(!('lang' in body) && readerLanguage()),
  }
  if (Object.keys(added).length === 0) return request
  return new Request(request, { body: JSON.stringify({ ...body, ...added }) })
}

/**
 * The language the person reads the portal in, as the envelope's `lang` (product-spec section
 * 7): the server writes later e-mails and notices in it. The page's language is "uk" for
 * Ukrainian, which the product calls "ua".
 */
function readerLanguage(): { lang: string } | undefined {
  const lang = pageLanguage()
  return lang ? { lang } : undefined
}

/** The page's language in the product's words ("ua" for Ukrainian), once the page has one. */
export function pageLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined
  const lang = document.documentElement.lang.split('-')[0]
  if (!lang) return undefined
  return lang === 'uk' ? 'ua' : lang
}
