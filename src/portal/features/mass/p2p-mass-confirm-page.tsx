// /transfer/mass/p2p/confirm: what a P2P mass transfer adds up to before it is sent, as the
// server previews it (p2pMassTransferPreview: the payments, the sum, the fees, the total), then
// the answer: the approval step like a single transfer (section 4; a business initiator's
// batch becomes an approval request) and the server's summary with each refused row.
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { drafts, type P2pDraft } from './mass-draft.ts'
import type { MassSummary } from './mass-draft.ts'
import { Item, RowErrors, SummaryView } from './mass-parts.tsx'
import { RefusedRows, useMassSend, type MassAnswer } from './mass-send.tsx'
import { postMultipart, type MultipartAnswer } from './mass-upload.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { failureText } from '../../components/transfer/transfer-display.ts'

/** The draft's lines as text: a file is read here, as the server reads it (without a BOM). */
function useDraftText(draft: P2pDraft | null): string | undefined {
  const query = useQuery({
    // A file is known by its name, size and time; a typed list by its text.
    queryKey: [
      'massDraftText',
      draft?.file?.name,
      draft?.file?.size,
      draft?.file?.lastModified,
      draft?.text,
    ],
    queryFn: async () =>
      (await (draft?.file ? draft.file.text() : Promise.resolve(draft?.text ?? ''))).replace(
        /^\uFEFF/,
        '',
      ),
    enabled: draft !== null,
    // Read from the person's own file: nothing on the server makes it stale.
    staleTime: Number.POSITIVE_INFINITY,
  })
  return query.data
}

/** The server's summary of the draft's lines, with the fees it will charge (issue 16). */
export interface P2pPreview {
  summary: MassSummary | undefined
  /** Why the server refused the whole list (too many lines, none, not your account). */
  failure: string | null
}

function useP2pPreview(draft: P2pDraft | null): P2pPreview | undefined {
  const text = useDraftText(draft)
  const query = useOperationQuery(
    'p2pMassTransferPreview',
    { accountId: draft?.accountId ?? 0, text: text ?? '' },
    { enabled: draft !== null && text !== undefined },
  )
  if (!query.data) return undefined
  const { data, status } = query.data
  if (data?.responseCode === '00') return { summary: data.summary, failure: null }
  const failure = failureText(data, status)
  return { summary: undefined, failure: failure.title ?? failure.text ?? '' }
}

export function Component() {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const navigate = useNavigate()
  const [draft] = useState(drafts.p2p)
  const preview = useP2pPreview(draft)
  // All or nothing: a list with a refused line would be refused whole, so it is not sent.
  const sendable = preview?.summary !== undefined && preview.summary.invalidCount === 0
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
      <P2pMassFacts draft={draft} preview={preview}>
        {!result?.ok && (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => void navigate('/transfer/mass/p2p')}>
              {t('back')}
            </Button>
            <Button
              onClick={() => void send(draft, post, () => drafts.setP2p(null))}
              loading={busy}
              disabled={!sendable}
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
  /** Undefined while the server reads the lines. */
  preview: P2pPreview | undefined
  /** The actions under the facts. */
  children: ReactNode
}

/** What the batch adds up to as the server will send it: the payments, the fees, the total. */
function P2pMassFacts({ draft, preview, children }: P2pMassFactsProps) {
  const { t } = useTranslation(['mass', 'transfers', 'common'])
  const money = useMoney()
  const summary = preview?.summary
  return (
    <Paper withBorder p="md" radius="md" data-testid="mass-confirm" aria-busy={!preview}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Item label={t('from')} value={`${draft.accountId} · ${draft.currencyCode}`} />
        <Item
          label={t('confirm.source')}
          value={draft.file ? draft.file.name : t('confirm.pasted')}
        />
        {summary && <Item label={t('confirm.payments')} value={String(summary.validCount)} />}
        {summary && (
          <Item
            label={t('confirm.total')}
            value={money(summary.totalAmount, summary.currencyCode)}
          />
        )}
        {summary?.totalFee !== undefined && (
          <Item
            label={t('summary.totalFee')}
            value={money(summary.totalFee, summary.feeCurrencyCode ?? summary.currencyCode)}
          />
        )}
        {summary?.totalWithFee !== undefined && (
          <Item
            label={t('summary.totalWithFee')}
            value={money(summary.totalWithFee, summary.currencyCode)}
          />
        )}
      </SimpleGrid>
      {preview?.failure !== null && preview?.failure !== undefined && (
        <Alert color="red" mt="md" role="alert" data-testid="preview-failure">
          {preview.failure || t('common:errors.server')}
        </Alert>
      )}
      <RowErrors errors={summary?.rowErrors ?? []} />
      <Text size="sm" c="dimmed" mt="md">
        {t('confirm.checkedAgain')}
      </Text>
      {children}
    </Paper>
  )
}
