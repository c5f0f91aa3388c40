// /transfer/mass/p2p/confirm: what a P2P mass transfer adds up to before it is sent, then
// the answer: the approval step like a single transfer (section 4; a business initiator's
// batch becomes an approval request) and the server's summary with each refused row.
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { drafts, type P2pDraft } from './mass-draft.ts'
import { summarizeLines, type LinesSummary } from './mass-lines.ts'
import { Item, SummaryView } from './mass-parts.tsx'
import { RefusedRows, useMassSend, type MassAnswer } from './mass-send.tsx'
import { postMultipart, type MultipartAnswer } from './mass-upload.ts'
import { useMoney } from '../../i18n/use-money.ts'

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
  const { busy, result, send, popups } = useMassSend()

  if (!draft) return <Navigate to="/transfer/mass/p2p" replace />

  const post = (): Promise<MultipartAnswer<MassAnswer>> =>
    draft.file
      ? postMultipart<MassAnswer>(
          'p2pMassTransferFileSubmit',
          { accountId: draft.accountId, idempotencyKey: draft.idempotencyKey },
          draft.file,
        )
      : api
          .POST('/rpc/p2pMassTransferTextSubmit', {
            body: {
              accountId: draft.accountId,
              text: draft.text ?? '',
              idempotencyKey: draft.idempotencyKey,
            },
          })
          .then(({ data, response }) => ({
            data: data as MassAnswer | undefined,
            status: response.status,
          }))

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('confirm.title')}
      </Title>
      <P2pMassFacts draft={draft} lines={lines}>
        {!result?.ok && (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => void navigate('/transfer/mass/p2p')}>
              {t('back')}
            </Button>
            <Button
              onClick={() => void send(draft, post, () => drafts.setP2p(null))}
              loading={busy}
            >
              {t('send')}
            </Button>
          </Group>
        )}
      </P2pMassFacts>
      <RefusedRows result={result} />
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
      {popups}
    </Stack>
  )
}

interface P2pMassFactsProps {
  draft: P2pDraft
  lines: LinesSummary | null
  /** The actions under the facts. */
  children: ReactNode
}

/** What the batch adds up to, as read from the file or the pasted lines. */
function P2pMassFacts({ draft, lines, children }: P2pMassFactsProps) {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const money = useMoney()
  return (
    <Paper withBorder p="md" radius="md" data-testid="mass-confirm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Item label={t('from')} value={`${draft.accountId} · ${draft.currencyCode}`} />
        <Item
          label={t('confirm.source')}
          value={draft.file ? draft.file.name : t('confirm.pasted')}
        />
        {lines && <Item label={t('confirm.payments')} value={String(lines.count)} />}
        {lines && (
          <Item label={t('confirm.total')} value={money(lines.total, draft.currencyCode)} />
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
      {children}
    </Paper>
  )
}
