// A transaction event on the realtime channel (issue 6) makes the answers that show money
// stale, so a transfer made here or in another tab shows without a reload.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { realtime } from './realtime-session.ts'
import { invalidateOperations, type RpcOperationId } from './operation-query.ts'

export function useReloadOnTransactions(operationIds: RpcOperationId[]): void {
  const client = useQueryClient()
  const key = operationIds.join(',')
  useEffect(
    () =>
      realtime.subscribe((event) => {
        if (event.transaction_id !== undefined)
          void invalidateOperations(client, key.split(',') as RpcOperationId[])
      }),
    [client, key],
  )
}
