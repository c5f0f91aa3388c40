// customerAccessListGet, read by the menu and the route guard (the viewer), the company choice
// and the mass pages: the customers the user may act for, with the acting customer's right,
// type and permission flags (product-spec sections 2 and 6). The cache key holds the acting
// customer, so each company's answer is kept on its own; signing out clears them all
// (query-client.ts).
import type { QueryClient } from '@tanstack/react-query'
import { ResponseCode } from '../../generated/constants.ts'
import {
  operationQuery,
  useOperationQuery,
  type OperationQueryOptions,
  type RpcReply,
} from './operation-query.ts'

export type CustomerAccessListReply = RpcReply<'customerAccessListGet'>

export function useCustomerAccessList(options: OperationQueryOptions = {}) {
  return useOperationQuery('customerAccessListGet', {}, options)
}

/** For an event handler: the acting customer's cached answer, or one call. */
export function fetchCustomerAccessList(client: QueryClient) {
  return client.fetchQuery(operationQuery('customerAccessListGet', {}))
}

/** The access info of an answer; undefined when it was refused or lost. */
export function accessInfoOf(reply: CustomerAccessListReply | undefined) {
  return reply?.responseCode === ResponseCode.Success ? reply.accessInfo : undefined
}
