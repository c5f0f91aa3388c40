// Sending a transfer form, the same on every transfer page: the review first (Confirm sends,
// Edit goes back to the form), then one idempotency key per attempt,
// the answer handed to the approval step (product-spec section 4), a lost answer shown as the
// network error while the key is kept, so pressing Send again is a retry the server answers
// with the first result.
import { useRef, useState, type ReactNode } from 'react'
import type { ReviewLine } from './transfer-review.tsx'
import { useTranslation } from 'react-i18next'
import type { components } from '../../../generated/api.d.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import {
  useTransferApproval,
  type ApprovalOptions,
} from '../../components/transfer/use-transfer-approval.tsx'

/** The answer with the envelope's validation errors (a VF names the fields it refuses). */
type TransferResult = components['schemas']['TransferResult'] & {
  errors?: { parameter: string; description: string }[]
}

export interface TransferSubmit {
  busy: boolean
  /**
   * Sends with the attempt's key and follows the answer; resolves to the answer, or
   * undefined when none came.
   */
  send(
    call: (idempotencyKey: string) => Promise<{
      data?: TransferResult | undefined
      response: { status: number }
    }>,
  ): Promise<TransferResult | undefined>
  popups: ReactNode
  /** The review open before money moves (transfer-review.tsx), or null while the form shows. */
  review: { lines: ReviewLine[] } | null
  /**
   * Shows the review of a checked form; its Confirm sends `call` as `send` does and hands the
   * answer to `then`. `lines` may ask the server first (the fee now); null keeps the form.
   */
  openReview(
    lines: () => Promise<ReviewLine[] | null>,
    call: SendCall,
    then?: (answer: TransferResult | undefined) => void,
  ): Promise<void>
  /** Confirm on the review: sends. */
  confirm(): Promise<void>
  /** Edit on the review: back to the filled form. */
  back(): void
}

type SendCall = Parameters<TransferSubmit['send']>[0]

interface PendingReview {
  lines: ReviewLine[]
  call: SendCall
  then: (answer: TransferResult | undefined) => void
}

export function useTransferSubmit(
  onTransferred?: () => void,
  options?: ApprovalOptions,
): TransferSubmit {
  const { t } = useTranslation('transfers')
  const approval = useTransferApproval(onTransferred, options)
  const attemptKey = useRef(newIdempotencyKey())
  const [busy, setBusy] = useState(false)

  async function send(
    call: Parameters<TransferSubmit['send']>[0],
  ): Promise<TransferResult | undefined> {
    setBusy(true)
    try {
      const { data, response } = await call(attemptKey.current)
      // An answer ends the attempt: a changed form is a new attempt with a new key. Only a
      // lost answer (the catch below) keeps the key, so sending again is a retry.
      attemptKey.current = newIdempotencyKey()
      approval.follow(data, response.status)
      return data
    } catch {
      approval.fail({ kind: 'failure', failure: { title: null, text: t('errors.network') } })
      return undefined
    } finally {
      setBusy(false)
    }
  }

  const [pending, setPending] = useState<PendingReview | null>(null)

  async function openReview(
    lines: () => Promise<ReviewLine[] | null>,
    call: SendCall,
    then: (answer: TransferResult | undefined) => void = () => undefined,
  ) {
    setBusy(true)
    try {
      const shown = await lines()
      if (shown) setPending({ lines: shown, call, then })
    } finally {
      setBusy(false)
    }
  }

  async function confirm() {
    if (!pending) return
    const answer = await send(pending.call)
    setPending(null)
    pending.then(answer)
  }

  return {
    busy,
    send,
    popups: approval.popups,
    review: pending && { lines: pending.lines },
    openReview,
    confirm,
    back: () => setPending(null),
  }
}
