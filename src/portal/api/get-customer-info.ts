// getCustomerInfo, asked for by the header, the terms page, the security pages, the
// external transfer page and the rendered screens ("$customerId"): one call per session,
// shared through the cache. What changes it (terms accepted, two-step settings saved, a
// company chosen) invalidates it; signing out clears it (query-client.ts).
import type { QueryClient } from '@tanstack/react-query'
import {
  invalidateOperations,
  operationQuery,
  useOperationQuery,
  type RpcReply,
} from './operation-query.ts'

export type CustomerInfoReply = RpcReply<'getCustomerInfo'>

/** The customer does not change by itself while the person is signed in. */
const customerInfoStaleMs = Number.POSITIVE_INFINITY

export function customerInfoQuery() {
  return { ...operationQuery('getCustomerInfo', {}), staleTime: customerInfoStaleMs }
}

export function useCustomerInfo(options: { enabled?: boolean } = {}) {
  return useOperationQuery('getCustomerInfo', {}, { ...options, staleTime: customerInfoStaleMs })
}

/** For code outside React (the renderer's "$customerId"): the cached answer or one call. */
export function fetchCustomerInfo(client: QueryClient) {
  return client.fetchQuery(customerInfoQuery())
}

export function invalidateCustomerInfo(client: QueryClient) {
  return invalidateOperations(client, ['getCustomerInfo'])
}
