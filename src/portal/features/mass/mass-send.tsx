// Sending a confirmed mass transfer, alike for P2P and external batches (product-spec
// sections 4 and 7): the attempt's idempotency key, the approval step as for a single
// transfer, and the server's summary with each refused row.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Paper, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import { useTransferApproval } from '../../components/transfer/use-transfer-approval.tsx'
import type { MassSummary } from './mass-draft.ts'
import { RowErrors, rowErrorsOf, type RowError } from './mass-parts.tsx'
import type { MultipartAnswer } from './mass-upload.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export type MassAnswer = components['schemas']['TransferResult'] & {
  summary?: MassSummary
  errors?: { parameter: string; description: string }[]
}

export interface MassResult {
  ok: boolean
  summary?: MassSummary
  rows: RowError[]
}

export function useMassSend() {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<MassResult | null>(null)
  const approval = useTransferApproval()

  /** Posts the batch; a sent batch's draft is forgotten by `onSent`. */
  async function send(
    draft: { idempotencyKey: string },
    post: () => Promise<MultipartAnswer<MassAnswer>>,
    onSent: () => void,
  ) {
    setBusy(true)
    try {
      const { data, status } = await post()
      // An answer ends the attempt; only a lost answer keeps the key for a retry.
      draft.idempotencyKey = newIdempotencyKey()
      const ok = data?.responseCode === ResponseCode.Success
      setResult({
        ok,
        rows: data ? rowErrorsOf(data) : [],
        ...(data?.summary && { summary: data.summary }),
      })
      if (ok) onSent()
      approval.follow(data, status)
    } catch {
      approval.fail({
        kind: 'failure',
        failure: { title: null, text: t('transfers:errors.network') },
      })
    } finally {
      setBusy(false)
    }
  }
  return { busy, result, send, popups: approval.popups }
}

/** The refused rows of an answer that came without a summary. */
export function RefusedRows({ result }: { result: MassResult | null }) {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  if (!result || result.summary || result.rows.length === 0) return null
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4">
        {t('result.refused')}
      </Title>
      <RowErrors errors={result.rows} />
    </Paper>
  )
}
