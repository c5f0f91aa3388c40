// Typed queries and mutations over the RPC operations of the spec, on the portal's client
// (version header, retries, token refresh, acting customer: transport.ts). The operationId
// names the call, its body and its answer, all taken from src/generated/api.d.ts.
//
// An answer keeps the RPC semantics the pages already follow (product-spec section 8): the
// envelope with its responseCode is the query's data, whatever the code, and the HTTP
// status comes with it for failureText and describeFailure. Only a lost answer (network,
// "Request call failed" after a refused refresh) is the query's error.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { paths } from '../../generated/api.d.ts'
import { actingCustomer } from './acting-customer.ts'
import { api } from './client.ts'
import { ResponseCode } from '../../generated/constants.ts'

type RpcPath = Extract<keyof paths, `/rpc/${string}`>
/** Every RPC operationId of the spec. */
export type RpcOperationId = RpcPath extends `/rpc/${infer Id}` ? Id : never
type Post<Op extends RpcOperationId> = paths[`/rpc/${Op}`]['post']
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

/** The request body an operation takes. */
export type RpcBody<Op extends RpcOperationId> = JsonOf<NonNullable<Post<Op>['requestBody']>>
/** The envelope an operation answers with status 200. */
export type RpcReply<Op extends RpcOperationId> = JsonOf<Post<Op>['responses'][200]>

export interface RpcAnswer<Op extends RpcOperationId> {
  /** The envelope; undefined when the HTTP status was not 200. */
  data: RpcReply<Op> | undefined
  status: number
}

/** Calls one operation; `signal` cancels it (a query passes its own). */
export async function callRpc<Op extends RpcOperationId>(
  operationId: Op,
  body: RpcBody<Op>,
  signal?: AbortSignal,
): Promise<RpcAnswer<Op>> {
  // openapi-fetch types each path on its own; a path chosen at run time needs the loose
  // form, and the types above give the caller back what this call loses.
  const post = api.POST as unknown as (
    path: string,
    init: { body: unknown; signal?: AbortSignal },
  ) => Promise<{ data?: RpcReply<Op>; response: Response }>
  const { data, response } = await post(`/rpc/${operationId}`, {
    body,
    ...(signal && { signal }),
  })
  return { data, status: response.status }
}

/**
 * The cache key of an operation's answer: the acting customer is part of it, since the same
 * call answers differently for another company (product-spec section 2, fromCustomerId).
 * Without a body it is the prefix of every answer of the operation, for invalidation.
 */
export function operationKey<Op extends RpcOperationId>(operationId: Op, body?: RpcBody<Op>) {
  return body === undefined
    ? (['rpc', operationId] as const)
    : (['rpc', operationId, actingCustomer() ?? null, body] as const)
}

/** The options of an operation's query, for useQuery, prefetching or fetchQuery. */
export function operationQuery<Op extends RpcOperationId>(operationId: Op, body: RpcBody<Op>) {
  return queryOptions({
    queryKey: operationKey(operationId, body),
    queryFn: ({ signal }) => callRpc(operationId, body, signal),
  })
}

export interface OperationQueryOptions {
  /** False holds the call back until what it needs is known; default true. */
  enabled?: boolean
  /** How long an answer is served from the cache without asking again; default 0. */
  staleTime?: number
}

/** An operation's answer, loaded once for every component that asks at the same time. */
export function useOperationQuery<Op extends RpcOperationId>(
  operationId: Op,
  body: RpcBody<Op>,
  options: OperationQueryOptions = {},
) {
  return useQuery({ ...operationQuery(operationId, body), ...options })
}

/** Marks the answers of these operations stale, so whoever shows them loads them again. */
export function invalidateOperations(client: QueryClient, operationIds: RpcOperationId[]) {
  return Promise.all(
    operationIds.map((id) => client.invalidateQueries({ queryKey: operationKey(id) })),
  )
}

/**
 * An operation that changes something. After an answer '00' the listed operations are
 * loaded again (balances after a transfer); a refused call changed nothing.
 */
export function useOperationMutation<Op extends RpcOperationId>(
  operationId: Op,
  options: { invalidates?: RpcOperationId[] } = {},
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RpcBody<Op>) => callRpc(operationId, body),
    onSuccess: async (answer) => {
      const code = (answer.data as { responseCode?: string } | undefined)?.responseCode
      if (code === ResponseCode.Success)
        await invalidateOperations(client, options.invalidates ?? [])
    },
  })
}
