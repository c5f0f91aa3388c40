// A client of the contracts service (product-spec section 7) for the contracts' integration
// tests: REST calls with the bearer token, and the demo's business ids by name.
import { inArray } from 'drizzle-orm'
import { customers } from '../../../src/server/db/schema.ts'
import type { Reply, TestServer } from '../server-harness.ts'

export async function rest(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as Reply['body']) : {},
  }
}

export interface DemoBusinesses {
  northwind: number
  group: number
  retail: number
  labs: number
}

/** The demo's business customers a contract is made between (src/server/demo/contracts.ts). */
export async function demoBusinesses(server: TestServer): Promise<DemoBusinesses> {
  const names = {
    northwind: 'Northwind Trading Ltd',
    group: 'Harbor Group Ltd',
    retail: 'Harbor Retail Ltd',
    labs: 'Harbor Labs Ltd',
  }
  const rows = await server.db
    .select({ id: customers.id, name: customers.businessName })
    .from(customers)
    .where(inArray(customers.businessName, Object.values(names)))
  const idOf = (name: string) => {
    const row = rows.find((found) => found.name === name)
    if (!row) throw new Error(`the demo has ${name}`)
    return row.id
  }
  return {
    northwind: idOf(names.northwind),
    group: idOf(names.group),
    retail: idOf(names.retail),
    labs: idOf(names.labs),
  }
}

/** Contract as the tests read it. */
export interface ContractBody {
  id: number
  status: string
  direction: string
  identificationStatus?: string
  percentage: number
  activeTo?: string | null
  terminateInfo?: { terminatedBy?: number; note?: string }
}

export const dataOf = (reply: Reply) => reply.body.data as ContractBody

/** yyyy-mm-dd, days from today in UTC. */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
