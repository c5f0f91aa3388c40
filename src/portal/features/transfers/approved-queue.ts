// The approval queue's server state for /transfer/approved (product-spec sections 4 and 6):
// one page of requests under the applied filters, the count of waiting requests for the
// heading, the company's initiators for the filter and the approver's ticks.
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { failureText, type FailureText } from '../../components/transfer/transfer-display.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export type ApprovalRequest = components['schemas']['ApprovalRequest']
export const approvalPageSize = 50

export interface ApprovalFilters {
  transactionType: string
  createdBy: string
  fromDate: string
  toDate: string
}
export const noApprovalFilters: ApprovalFilters = {
  transactionType: '',
  createdBy: '',
  fromDate: '',
  toDate: '',
}

export type ApprovalListState =
  | { status: 'loading' }
  | { status: 'failed'; failure: FailureText }
  | { status: 'ready'; requests: ApprovalRequest[]; total: number }

export function useApprovalQueue() {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const [applied, setApplied] = useState<ApprovalFilters>(noApprovalFilters)
  const [page, setPage] = useState(1)
  const [list, setList] = useState<ApprovalListState>({ status: 'loading' })
  const [count, setCount] = useState<number | null>(null)
  const [users, setUsers] = useState<string[]>([])
  const [selected, setSelected] = useState<Set<number>>(new Set())

  const load = useCallback(() => {
    setList({ status: 'loading' })
    const body = {
      pageNumber: page,
      pageSize: approvalPageSize,
      ...Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== '')),
    }
    api.POST('/rpc/businessTransactionList', { body }).then(
      ({ data, response }) => {
        if (data?.responseCode === ResponseCode.Success) {
          setList({ status: 'ready', requests: data.requests ?? [], total: data.total ?? 0 })
        } else if (
          data?.responseCode === ResponseCode.AccessDenied ||
          data?.responseCode === ResponseCode.NoAccess
        ) {
          // Only approvers (rights 2 and 4) have a queue (product-spec section 6).
          setList({ status: 'failed', failure: { title: null, text: t('approved.noRights') } })
        } else setList({ status: 'failed', failure: failureText(data, response.status) })
      },
      () => setList({ status: 'failed', failure: { title: null, text: t('errors.network') } }),
    )
    void api.POST('/rpc/businessTransactionNotificationCount', { body: {} }).then(({ data }) => {
      if (data?.responseCode === ResponseCode.Success) setCount(data.count ?? 0)
    })
    setSelected(new Set())
  }, [page, applied, t])
  useEffect(load, [load])
  useEffect(() => {
    void api.POST('/rpc/businessTransactionUserList', { body: {} }).then(({ data }) => {
      setUsers((data?.users ?? []).map((u) => u.email))
    })
  }, [])

  /** A new filter starts again from the first page. */
  function applyFilters(filters: ApprovalFilters) {
    setPage(1)
    setApplied(filters)
  }
  return { page, setPage, list, count, users, selected, setSelected, load, applyFilters }
}
