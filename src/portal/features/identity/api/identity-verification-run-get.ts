// identityVerificationRunGet: the run a page link opens (product-spec section 2), asked again
// every pollMs while the provider checks, so the page shows the outcome once it is known.
// Each new status of the run changes the customer's verification state (section 4), so the
// answers that show it are loaded again when the person goes back to the account.
import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '../../../../generated/api.d.ts'
import { KycRequestStatus, ResponseCode } from '../../../../generated/constants.ts'
import {
  invalidateOperations,
  operationQuery,
  type RpcAnswer,
} from '../../../api/operation-query.ts'

export type IdentityRun = components['schemas']['ServicesIdentityVerificationRun']

export interface RunLink {
  workflowRunId: string
  token: string
}

export const pollMs = 2000

/** The run of an answer; undefined while loading or when the link opens none. */
export function runOf(answer: RpcAnswer<'identityVerificationRunGet'> | undefined) {
  const data = answer?.data
  return data?.responseCode === ResponseCode.Success ? data.identityVerificationRun : undefined
}

export function runQuery(link: RunLink) {
  return operationQuery('identityVerificationRunGet', link)
}

export function useIdentityVerificationRun(link: RunLink) {
  const client = useQueryClient()
  const query = useQuery({
    ...runQuery(link),
    refetchInterval: (query) =>
      runOf(query.state.data)?.status === KycRequestStatus.InProgress ? pollMs : false,
  })
  const status = runOf(query.data)?.status
  useEffect(() => {
    if (status === undefined) return
    void invalidateOperations(client, ['profileInquiry', 'kycCustomerInfoGet', 'identityGet'])
  }, [client, status])
  return query
}
