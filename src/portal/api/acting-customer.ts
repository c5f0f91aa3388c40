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

/** An RPC request with fromCustomerId added to its JSON body, when a customer is chosen. */
export async function withActingCustomer(request: Request): Promise<Request> {
  const customerId = actingCustomer()
  if (customerId === undefined || request.method !== 'POST') return request
  const url = new URL(request.url)
  if (!url.pathname.startsWith('/rpc/')) return request
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) return request
  const text = await request.clone().text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    return request
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || 'fromCustomerId' in body)
    return request
  return new Request(request, { body: JSON.stringify({ ...body, fromCustomerId: customerId }) })
}
