// /transfer/mass/<kind> for wire, eft, oct and digital (product-spec sections 2, 6 and 7):
// the source account and a file in the layout of the kind's sample. Preview asks the server
// for the file's summary (massTransferPreview, nothing is sent) and opens the confirm page.
import { useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import {
  failureText,
  newIdempotencyKey,
  type FailureText,
} from '../../components/transfer/transfer-display.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { drafts, type MassSummary } from './mass-draft.ts'
import { externalKinds, isExternalKind } from './mass-kinds.ts'
import {
  MassGate,
  RowErrors,
  rowErrorsOf,
  SampleLink,
  SourceAccount,
  type RowError,
} from './mass-parts.tsx'
import { postMultipart } from './mass-upload.ts'
import { useMassAccess } from './use-mass-access.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'

type PreviewAnswer = components['schemas']['Envelope'] & {
  summary?: MassSummary
  errors?: { parameter: string; description: string }[]
}

export function Component() {
  const { kind } = useParams()
  if (!isExternalKind(kind)) return <Navigate to="/transfer/mass" replace />
  return <ExternalMassForm key={kind} kind={kind} />
}

type ExternalKind = keyof typeof externalKinds

/**
 * The chosen account and file; Preview asks for the file's summary and keeps both, with the
 * attempt's key, as the draft the confirm page reads.
 */
function useExternalMassPreview(kind: ExternalKind) {
  const { t } = useTranslation(['mass', 'common'])
  const navigate = useNavigate()
  const { state } = useOwnAccounts()
  const previous = useRef(drafts.external()?.kind === kind ? drafts.external() : null).current
  const [from, setFrom] = useState(previous ? String(previous.accountId) : '')
  const [file, setFile] = useState<File | null>(previous?.file ?? null)
  const [invalid, setInvalid] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<(FailureText & { rows: RowError[] }) | null>(null)
  const key = useRef(previous?.idempotencyKey ?? newIdempotencyKey())

  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]

  async function preview(event: React.FormEvent) {
    event.preventDefault()
    if (!source) return
    if (!file) return setInvalid(t('errors.file'))
    setBusy(true)
    setFailure(null)
    try {
      const { data, status } = await postMultipart<PreviewAnswer>(
        'massTransferPreview',
        { accountId: source.accountId, transferType: externalKinds[kind].transferType },
        file,
      )
      if (data?.responseCode === ResponseCode.Success && data.summary) {
        drafts.setExternal({
          kind,
          accountId: source.accountId,
          currencyCode: source.currencyCode,
          idempotencyKey: key.current,
          file,
          summary: data.summary,
        })
        void navigate('/transfer/external/mass/confirm')
      } else {
        setFailure({ ...failureText(data, status), rows: data ? rowErrorsOf(data) : [] })
      }
    } catch {
      setFailure({ title: null, text: t('common:errors.network'), rows: [] })
    } finally {
      setBusy(false)
    }
  }
  function chooseFile(chosen: File | null) {
    setFile(chosen)
    setInvalid(null)
  }
  return { state, accounts, source, setFrom, file, chooseFile, invalid, busy, failure, preview }
}

function ExternalMassForm({ kind }: { kind: ExternalKind }) {
  const { t } = useTranslation(['mass', 'common'])
  const access = useMassAccess()
  const { state, accounts, source, file, invalid, busy, failure, ...form } =
    useExternalMassPreview(kind)

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t(`kinds.${kind}.title`)}
      </Title>
      <MassGate kind={kind} access={access}>
        {state.status === 'loading' && <Loading />}
        {state.status === 'ready' && (
          <Paper
            withBorder
            p="md"
            radius="md"
            component="form"
            onSubmit={(e) => void form.preview(e)}
            noValidate
          >
            <Stack>
              <Text size="sm" c="dimmed">
                {t(`kinds.${kind}.text`)}
              </Text>
              <SourceAccount
                accounts={accounts}
                value={source ? String(source.accountId) : ''}
                onChange={form.setFrom}
              />
              <FileInput
                label={t('file')}
                placeholder={t('chooseFile')}
                value={file}
                onChange={form.chooseFile}
                error={invalid}
                clearable
                required
              />
              <Group justify="space-between" wrap="wrap">
                <SampleLink kind={kind} access={access} />
                <Button type="submit" loading={busy}>
                  {t('preview')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        {failure && (
          <Alert color="red" role="alert" title={failure.title ?? t('common:errors.error')}>
            {failure.text ?? (failure.title ? null : t('common:errors.server'))}
            <RowErrors errors={failure.rows} />
          </Alert>
        )}
        <Text size="sm">
          <Anchor component={Link} to="/transfer/mass">
            {t('otherKinds')}
          </Anchor>
        </Text>
      </MassGate>
    </Stack>
  )
}
