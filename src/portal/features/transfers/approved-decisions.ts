// Approving or declining from /transfer/approved: the ticked requests
// (businessTransactionApprove) or a whole mass batch (businessTransactionMassApprove, product-
// spec section 6), then the code step when the approver's own approval mode asks for one
// (businessTransactionConfirm) and the outcome popup, which offers the code again on failure.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import {
  failureText,
  newIdempotencyKey,
  type TransferAnswer,
} from '../../components/transfer/transfer-display.ts'
import {
  asksForCode,
  type CodeApprovalType,
  type Outcome,
} from '../../components/transfer/transfer-popups.tsx'
import { ResponseCode, type ApprovalType } from '../../../generated/constants.ts'

export interface ApprovalCodeStep {
  approvalTransactionId: number
  approveType: CodeApprovalType
  sentTo?: string | undefined
  declined: boolean
}

/** What both decision operations answer: a failure, or whether a code step follows. */
interface DecisionAnswer extends TransferAnswer {
  approveType?: ApprovalType
  approvalTransactionId?: number
  approvalSentTo?: string
}
type DecisionCall = () => Promise<{ data?: DecisionAnswer | undefined; response: Response }>

export function useApprovalDecisions(selected: Set<number>, reload: () => void) {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const [busy, setBusy] = useState(false)
  const popups = useDecisionPopups()
  const { setCode, setOutcome, setRetryCode } = popups
  const networkFailure = (): Outcome => ({
    kind: 'failure',
    failure: { title: null, text: t('errors.network') },
  })

  /** Both decisions answer alike: a failure, a code step, or done. */
  async function run(call: DecisionCall, declined: boolean) {
    setBusy(true)
    try {
      const { data, response } = await call()
      if (data?.responseCode !== ResponseCode.Success) {
        setOutcome({ kind: 'failure', failure: failureText(data, response.status) })
      } else if (asksForCode(data.approveType) && data.approvalTransactionId) {
        setCode({
          approvalTransactionId: data.approvalTransactionId,
          approveType: data.approveType,
          sentTo: data.approvalSentTo,
          declined,
        })
      } else finish(declined)
    } catch {
      setOutcome(networkFailure())
    } finally {
      setBusy(false)
    }
  }

  async function decide(declined: boolean) {
    if (selected.size === 0) return
    const body = { transactionIds: [...selected], declined, idempotencyKey: newIdempotencyKey() }
    await run(() => api.POST('/rpc/businessTransactionApprove', { body }), declined)
  }

  /** Every request of one mass batch at once, with the same code step as above. */
  async function decideBatch(batchId: number, declined: boolean) {
    const body = { batchId, declined, idempotencyKey: newIdempotencyKey() }
    await run(() => api.POST('/rpc/businessTransactionMassApprove', { body }), declined)
  }

  function finish(declined: boolean) {
    setOutcome({
      kind: 'success',
      lines: [t(declined ? 'approved.declinedDone' : 'approved.approvedDone')],
    })
    reload()
  }

  async function confirm(step: ApprovalCodeStep, value: string) {
    setBusy(true)
    try {
      const { data, response } = await api.POST('/rpc/businessTransactionConfirm', {
        body: {
          approvalTransactionId: step.approvalTransactionId,
          code: value,
          idempotencyKey: newIdempotencyKey(),
        },
      })
      setCode(null)
      if (data?.responseCode === ResponseCode.Success) finish(step.declined)
      else {
        setRetryCode(step)
        setOutcome({ kind: 'failure', failure: failureText(data, response.status) })
      }
    } catch {
      setCode(null)
      setRetryCode(step)
      setOutcome(networkFailure())
    } finally {
      setBusy(false)
    }
  }

  const { code, outcome, closeOutcome, retry, cancelCode } = popups
  return { busy, code, outcome, decide, decideBatch, confirm, closeOutcome, retry, cancelCode }
}

/** The code popup and the outcome popup, which offers the code again after a failure. */
function useDecisionPopups() {
  const [code, setCode] = useState<ApprovalCodeStep | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [retryCode, setRetryCode] = useState<ApprovalCodeStep | null>(null)
  function closeOutcome() {
    setOutcome(null)
    setRetryCode(null)
  }
  /** Back to the code popup after a wrong or failed code; undefined when there is none. */
  const retry = retryCode
    ? () => {
        setOutcome(null)
        setCode(retryCode)
        setRetryCode(null)
      }
    : undefined
  const cancelCode = () => setCode(null)
  return { code, setCode, outcome, setOutcome, setRetryCode, closeOutcome, retry, cancelCode }
}
