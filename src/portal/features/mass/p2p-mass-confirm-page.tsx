// /transfer/mass/p2p/confirm: what a P2P mass transfer adds up to before it is sent, then
// the answer: the approval step like a single transfer (section 4; a business initiator's
// batch becomes an approval request) and the server's summary with each refused row.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import { useTransferApproval } from '../../components/transfer/use-transfer-approval.tsx'
import { drafts, type MassSummary, type P2pDraft } from './mass-draft.ts'
import { summarizeLines, type LinesSummary } from './mass-lines.ts'
import { Item, RowErrors, rowErrorsOf, SummaryView, type RowError } from './mass-parts.tsx'
import { postMultipart } from './mass-upload.ts'
import { ResponseCode } from '../../../generated/constants.ts'

type Answer = components['schemas']['TransferResult'] & {
  summary?: MassSummary
  errors?: { parameter: string; description: string }[]
}

/** The draft's lines counted, once its file is read (null until then). */
function useDraftLines(draft: P2pDraft | null): LinesSummary | null {
  const query = useQuery({
    // A file is known by its name, size and time; a typed list by its text.
    queryKey: [
      'massDraftLines',
      draft?.file?.name,
      draft?.file?.size,
      draft?.file?.lastModified,
      draft?.text,
    ],
    queryFn: async () =>
      summarizeLines(await (draft?.file ? draft.file.text() : Promise.resolve(draft?.text ?? ''))),
    enabled: draft !== null,
    // Read from the person's own file: nothing on the server makes it stale.
    staleTime: Number.POSITIVE_INFINITY,
  })
  return query.data ?? null
}

export function Component() {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const navigate = useNavigate()
  const [draft] = useState(drafts.p2p)
  const lines = useDraftLines(draft)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{
    ok: boolean
    summary?: MassSummary
    rows: RowError[]
  } | null>(null)
  const approval = useTransferApproval()

  if (!draft) return <Navigate to="/transfer/mass/p2p" replace />

  async function send() {
    if (!draft) return
    setBusy(true)
    try {
      const { data, status } = draft.file
        ? await postMultipart<Answer>(
            'p2pMassTransferFileSubmit',
            { accountId: draft.accountId, idempotencyKey: draft.idempotencyKey },
            draft.file,
          )
        : await api
            .POST('/rpc/p2pMassTransferTextSubmit', {
              body: {
                accountId: draft.accountId,
                text: draft.text ?? '',
                idempotencyKey: draft.idempotencyKey,
              },
            })
            .then(({ data, response }) => ({
              data: data as Answer | undefined,
              status: response.status,
            }))
      // An answer ends the attempt; only a lost answer keeps the key for a retry.
      draft.idempotencyKey = newIdempotencyKey()
      const ok = data?.responseCode === ResponseCode.Success
      setResult({
        ok,
        rows: data ? rowErrorsOf(data) : [],
        ...(data?.summary && { summary: data.summary }),
      })
      if (ok) drafts.setP2p(null)
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
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Item label={t('from')} value={`${draft.accountId} · ${draft.currencyCode}`} />
          <Item
            label={t('confirm.source')}
            value={draft.file ? draft.file.name : t('confirm.pasted')}
          />
          {lines && <Item label={t('confirm.payments')} value={String(lines.count)} />}
          {lines && (
            <Item label={t('confirm.total')} value={`${lines.total} ${draft.currencyCode}`} />
          )}
        </SimpleGrid>
        {lines && lines.unreadable.length > 0 && (
          <Alert color="yellow" mt="md">
            {t('confirm.unreadable', { rows: lines.unreadable.join(', ') })}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mt="md">
          {t('confirm.checkedAgain')}
        </Text>
        {!result?.ok && (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => void navigate('/transfer/mass/p2p')}>
              {t('back')}
            </Button>
            <Button onClick={() => void send()} loading={busy}>
              {t('send')}
            </Button>
          </Group>
        )}
      </Paper>
      {result && !result.summary && result.rows.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4">
            {t('result.refused')}
          </Title>
          <RowErrors errors={result.rows} />
        </Paper>
      )}
      {result?.summary && (
        <SummaryView
          summary={result.summary}
          title={result.ok ? t('result.sent') : t('result.refused')}
        />
      )}
      {result?.ok && (
        <Group>
          <Button variant="default" onClick={() => void navigate('/history/batch-transfers')}>
            {t('result.batches')}
          </Button>
          <Button variant="default" onClick={() => void navigate('/transfer/mass/p2p')}>
            {t('result.another')}
          </Button>
        </Group>
      )}
      {approval.popups}
    </Stack>
  )
}
