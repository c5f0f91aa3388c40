// /transfer/external/mass/confirm: the summary of an external mass transfer file before it
// is sent (product-spec section 7: "summary-only preview"), then massTransferUpload with the
// attempt's idempotency key and the approval step as for a single transfer (section 4).
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core'
import { drafts } from './mass-draft.ts'
import { externalKinds } from './mass-kinds.ts'
import { Item, SummaryView } from './mass-parts.tsx'
import { RefusedRows, useMassSend, type MassAnswer } from './mass-send.tsx'
import { postMultipart } from './mass-upload.ts'

export function Component() {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const navigate = useNavigate()
  const [draft] = useState(drafts.external)
  const { busy, result, send, popups } = useMassSend()
  if (!draft) return <Navigate to="/transfer/mass" replace />

  const post = () =>
    postMultipart<MassAnswer>(
      'massTransferUpload',
      {
        accountId: draft.accountId,
        transferType: externalKinds[draft.kind].transferType,
        idempotencyKey: draft.idempotencyKey,
      },
      draft.file,
    )

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
      <RefusedRows result={result} />
      {!result?.ok && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(`/transfer/mass/${draft.kind}`)}>
            {t('back')}
          </Button>
          <Button
            onClick={() => void send(draft, post, () => drafts.setExternal(null))}
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
      {popups}
    </Stack>
  )
}
