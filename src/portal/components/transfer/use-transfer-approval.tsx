// What follows a submitted transfer (product-spec section 4): approval type 0 shows the
// success popup, 1 the push confirm (the server e-mails a code until push reaches
// transfers, so the code field sits under it), 2-4 the code popup; a business user with
// access right 3 sees "approval transaction created". A wrong code shows the error popup and
// the person stays on the page, with the way back to the code.
import { useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { invalidateOperations, type RpcOperationId } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { failureText, newIdempotencyKey } from './transfer-display.ts'
import { announce, transactionKey } from '../announced-events.ts'
import { ApprovalType, ResponseCode } from '../../../generated/constants.ts'
import {
  asksForCode,
  CodeStepPopup,
  OutcomePopup,
  type CodeApprovalType,
  type Outcome,
} from './transfer-popups.tsx'

type TransferResult = components['schemas']['TransferResult']

/** What a transfer changes: the balances, and the lists of recent transfers and history. */
const changedByTransfer: RpcOperationId[] = [
  'balanceInquiry',
  'recentTransferList',
  'transactionHistoryList',
]
interface CodeStep {
  trxid: number
  /** What the submit said to approve with the code (a global payment's operationId). */
  operationId?: string | undefined
  approveType: CodeApprovalType
  sentTo?: string | undefined
}

/** The answer of an approve call: the envelope, and a failure's fields. */
type ApproveAnswer = { responseCode?: string } & Parameters<typeof failureText>[0]

/** How a flow of its own follows the submit (a global payment: globalPayApprove, its summary). */
export interface ApprovalOptions {
  /** Approves a code step; transferApprove with the step's trxid when absent. */
  approve?: (
    step: { trxid: number; operationId?: string | undefined },
    approvalCode: string,
    idempotencyKey: string,
  ) => Promise<{ data?: ApproveAnswer | undefined; response: { status: number } }>
  /** A transfer done (no code, or the right code) goes here instead of the success popup. */
  onDone?: (transactionId: number) => void
  /** True for a refusal the page shows itself (on the fields it names): then no popup. */
  ownsRefusal?: (answer: TransferResult) => boolean
}

/** The default approve call: transferApprove on the order the submit named. */
const approveTransfer: NonNullable<ApprovalOptions['approve']> = (step, approvalCode, key) =>
  api.POST('/rpc/transferApprove', {
    body: { trxid: step.trxid, approvalCode, idempotencyKey: key },
  })

/** The popup's lines after a transfer: its transaction id and its fee, when known. */
function useSuccessLines() {
  const { t } = useTranslation('transfers')
  const money = useMoney()
  return (answer: { transactionId?: number; fee?: string; feeCurrencyCode?: string }) => [
    ...(answer.transactionId ? [t('popup.transactionId', { id: answer.transactionId })] : []),
    ...(answer.fee !== undefined && answer.feeCurrencyCode
      ? [t('popup.fee', { fee: money(answer.fee, answer.feeCurrencyCode) })]
      : []),
  ]
}

/** Sends the code again; the approvalCode mode generates a new one instead. */
async function resendCode(step: CodeStep): Promise<string | undefined> {
  if (step.approveType === ApprovalType.ApprovalCode) {
    const { data } = await api.POST('/rpc/approvalCodeGenerate', { body: {} })
    return data?.approvalSentTo
  }
  const { data } = await api.POST('/rpc/transferApprovalResend', { body: { trxid: step.trxid } })
  return data?.approvalSentTo
}

/** Opens the code popup an answer asks for; in the approvalCode mode the code is asked first. */
function startCodeStep(
  answer: TransferResult & { transactionId: number },
  approveType: CodeApprovalType,
  setCode: (step: CodeStep) => void,
) {
  const step: CodeStep = {
    trxid: answer.transactionId,
    operationId: answer.operationId,
    approveType,
    sentTo: answer.approvalSentTo,
  }
  setCode(step)
  // In the approvalCode mode the submit sends nothing: the code is asked for first.
  if (approveType === ApprovalType.ApprovalCode) {
    void api.POST('/rpc/approvalCodeRequest', { body: {} }).then(({ data }) => {
      if (data?.approvalSentTo) setCode({ ...step, sentTo: data.approvalSentTo })
    })
  }
}

export function useTransferApproval(
  onTransferred: () => void = () => undefined,
  options: ApprovalOptions = {},
): {
  /** Takes the submit's answer and opens the next step. */
  follow(answer: TransferResult | undefined, httpStatus: number): void
  /** Shows a failure of the page's own calls in the same popup. */
  fail(outcome: Outcome): void
  popups: ReactNode
} {
  const { t } = useTranslation('transfers')
  const { code, setCode, outcome, setOutcome, failCode, closeOutcome, retry } = useCodeSteps()
  const [busy, setBusy] = useState(false)
  const client = useQueryClient()
  const successLines = useSuccessLines()
  const onFinished = () => {
    void invalidateOperations(client, changedByTransfer)
    onTransferred()
  }

  function follow(answer: TransferResult | undefined, httpStatus: number) {
    if (answer?.responseCode !== ResponseCode.Success) {
      if (answer && options.ownsRefusal?.(answer)) return
      setOutcome({ kind: 'failure', failure: failureText(answer, httpStatus) })
      return
    }
    onFinished()
    if (answer.approvalRequestCreated) {
      setOutcome({ kind: 'requestCreated' })
      return
    }
    const type = answer.approveType
    if (asksForCode(type) && answer.transactionId) {
      startCodeStep({ ...answer, transactionId: answer.transactionId }, type, setCode)
      return
    }
    if (answer.transactionId) announce(transactionKey(answer.transactionId))
    if (answer.transactionId && options.onDone) options.onDone(answer.transactionId)
    else setOutcome({ kind: 'success', lines: successLines(answer) })
  }

  async function approve(step: CodeStep, approvalCode: string) {
    setBusy(true)
    try {
      const call = options.approve ?? approveTransfer
      const { data, response } = await call(step, approvalCode, newIdempotencyKey())
      if (data?.responseCode === ResponseCode.Success) {
        setCode(null)
        onFinished()
        announce(transactionKey(step.trxid))
        if (options.onDone) options.onDone(step.trxid)
        else setOutcome({ kind: 'success', lines: successLines({ transactionId: step.trxid }) })
      } else failCode(step, { kind: 'failure', failure: failureText(data, response.status) })
    } catch {
      failCode(step, { kind: 'failure', failure: { title: null, text: t('errors.network') } })
    } finally {
      setBusy(false)
    }
  }

  const popups = (
    <ApprovalPopups
      code={code}
      busy={busy}
      onApprove={(step, value) => void approve(step, value)}
      onCancelCode={() => setCode(null)}
      outcome={outcome}
      onCloseOutcome={closeOutcome}
      {...(retry && { onRetry: retry })}
    />
  )
  return { follow, fail: setOutcome, popups }
}

/** The open code popup, the outcome popup, and the code a failure can go back to. */
function useCodeSteps() {
  const [code, setCode] = useState<CodeStep | null>(null)
  const [hiddenCode, setHiddenCode] = useState<CodeStep | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  /** A wrong or failed code: the outcome popup, with the way back to the code. */
  function failCode(step: CodeStep, failure: Outcome) {
    setCode(null)
    setHiddenCode(step)
    setOutcome(failure)
  }
  function closeOutcome() {
    setOutcome(null)
    setHiddenCode(null)
  }
  const retry = hiddenCode
    ? () => {
        setOutcome(null)
        setCode(hiddenCode)
        setHiddenCode(null)
      }
    : undefined
  return { code, setCode, outcome, setOutcome, failCode, closeOutcome, retry }
}

interface ApprovalPopupsProps {
  code: CodeStep | null
  busy: boolean
  onApprove(step: CodeStep, code: string): void
  onCancelCode(): void
  outcome: Outcome | null
  onCloseOutcome(): void
  /** Back to the code popup after a wrong code; absent when there is no code to go back to. */
  onRetry?: () => void
}

function ApprovalPopups({ code, outcome, ...props }: ApprovalPopupsProps) {
  return (
    <>
      {code && (
        <CodeStepPopup
          key={code.trxid}
          approveType={code.approveType}
          sentTo={code.sentTo}
          busy={props.busy}
          onSubmit={(value) => props.onApprove(code, value)}
          onResend={() => resendCode(code)}
          onCancel={props.onCancelCode}
        />
      )}
      <OutcomePopup
        outcome={outcome}
        withHome
        onClose={props.onCloseOutcome}
        {...(props.onRetry && { onRetry: props.onRetry })}
      />
    </>
  )
}
