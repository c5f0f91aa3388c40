// /transfer/external/mass/confirm: the summary of an external mass transfer file before it
// is sent (product-spec section 7: "summary-only preview"), then massTransferUpload with the
// attempt's idempotency key and the approval step as for a single transfer (section 4).
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import { useTransferApproval } from '../../components/transfer/use-transfer-approval.tsx'
import { drafts, type MassSummary } from './mass-draft.ts'
import { externalKinds } from './mass-kinds.ts'
import { Item, RowErrors, rowErrorsOf, SummaryView, type RowError } from './mass-parts.tsx'
import { postMultipart } from './mass-upload.ts'
import { ResponseCode } from '../../../generated/constants.ts'

type Answer = components['schemas']['TransferResult'] & {
  summary?: MassSummary
  errors?: { parameter: string; description: string }[]
}

export function Component() {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const navigate = useNavigate()
  const [draft] = useState(drafts.external)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{
    ok: boolean
    summary?: MassSummary
    rows: RowError[]
  } | null>(null)
  const approval = useTransferApproval()
  if (!draft) return <Navigate to="/transfer/mass" replace />

  async function send() {
    if (!draft) return
    setBusy(true)
    try {
      const { data, status } = await postMultipart<Answer>(
        'massTransferUpload',
        {
          accountId: draft.accountId,
          transferType: externalKinds[draft.kind].transferType,
          idempotencyKey: draft.idempotencyKey,
        },
        draft.file,
      )
      draft.idempotencyKey = newIdempotencyKey()
      const ok = data?.responseCode === ResponseCode.Success
      setResult({
        ok,
        rows: data ? rowErrorsOf(data) : [],
        ...(data?.summary && { summary: data.summary }),
      })
      if (ok) drafts.setExternal(null)
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

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('confirm.title')}
      </Title>
      <Paper withBorder p="md" radius="md" data-testid="mass-confirm">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Item label={t('confirm.kind')} value={t(`kinds.${draft.kind}.title`)} />
          <Item label={t('from')} value={`${draft.accountId} · ${draft.currencyCode}`} />
          <Item label={t('confirm.source')} value={draft.file.name} />
        </SimpleGrid>
      </Paper>
      <SummaryView
        summary={result?.summary ?? draft.summary}
        title={result ? (result.ok ? t('result.sent') : t('result.refused')) : t('confirm.summary')}
      />
      {result && !result.summary && result.rows.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4">
            {t('result.refused')}
          </Title>
          <RowErrors errors={result.rows} />
        </Paper>
      )}
      {!result?.ok && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(`/transfer/mass/${draft.kind}`)}>
            {t('back')}
          </Button>
          <Button
            onClick={() => void send()}
            loading={busy}
            disabled={draft.summary.validCount === 0}
          >
            {t('send')}
          </Button>
        </Group>
      )}
      {result?.ok && (
        <Group>
          <Button variant="default" onClick={() => void navigate('/history/batch-transfers')}>
            {t('result.batches')}
          </Button>
        </Group>
      )}
      {approval.popups}
    </Stack>
  )
}
