// Sending a transfer form, the same on every transfer page: one idempotency key per attempt,
// the answer handed to the approval step (product-spec section 4), a lost answer shown as the
// network error while the key is kept, so pressing Send again is a retry the server answers
// with the first result.
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { components } from '../../../generated/api.d.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import { useTransferApproval } from '../../components/transfer/use-transfer-approval.tsx'

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
}

export function useTransferSubmit(onTransferred?: () => void): TransferSubmit {
  const { t } = useTranslation('transfers')
  const approval = useTransferApproval(onTransferred)
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

  return { busy, send, popups: approval.popups }
}
