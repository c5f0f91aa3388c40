// /transfer/mass/p2p: a P2P transfer to many people at once (product-spec sections 6 and 7):
// the source account and either a file in the layout of the sample or lines pasted one
// payment a line. Continue opens the confirm page with what the lines add up to.
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { drafts } from './mass-draft.ts'
import { MassGate, SampleLink, SourceAccount } from './mass-parts.tsx'
import { useMassAccess } from './use-mass-access.ts'

/** The text a pasted list may hold (spec: p2pMassTransferTextSubmit.text). */
const maxTextLength = 200_000

export function Component() {
  const { t } = useTranslation(['mass', 'common'])
  const navigate = useNavigate()
  const access = useMassAccess()
  const { state } = useOwnAccounts()
  // Coming back from the confirm page keeps what was chosen, and the attempt's key.
  const previous = useRef(drafts.p2p()).current
  const [from, setFrom] = useState(previous ? String(previous.accountId) : '')
  const [mode, setMode] = useState<'file' | 'text'>(previous?.text !== undefined ? 'text' : 'file')
  const [file, setFile] = useState<File | null>(previous?.file ?? null)
  const [text, setText] = useState(previous?.text ?? '')
  const [invalid, setInvalid] = useState<string | null>(null)
  const key = useRef(previous?.idempotencyKey ?? newIdempotencyKey())

  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]

  function next(event: React.FormEvent) {
    event.preventDefault()
    if (!source) return
    if (mode === 'file' && !file) return setInvalid(t('errors.file'))
    if (mode === 'text' && text.trim() === '') return setInvalid(t('errors.text'))
    drafts.setP2p({
      kind: 'p2p',
      accountId: source.accountId,
      currencyCode: source.currencyCode,
      idempotencyKey: key.current,
      ...(mode === 'file' ? { file: file! } : { text }),
    })
    void navigate('/transfer/mass/p2p/confirm')
  }

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('kinds.p2p.title')}
      </Title>
      <MassGate kind="p2p" access={access}>
        {state.status === 'loading' && <Loader aria-label={t('common:loading')} />}
        {state.status === 'failed' && (
          <Alert color="red" role="alert">
            {state.failure.text ?? state.failure.title ?? t('common:errors.server')}
          </Alert>
        )}
        {state.status === 'ready' && (
          <Paper withBorder p="md" radius="md" component="form" onSubmit={next} noValidate>
            <Stack>
              <SourceAccount
                accounts={accounts}
                value={source ? String(source.accountId) : ''}
                onChange={setFrom}
              />
              <SegmentedControl
                value={mode}
                onChange={(value) => {
                  setMode(value as 'file' | 'text')
                  setInvalid(null)
                }}
                data={[
                  { value: 'file', label: t('p2p.byFile') },
                  { value: 'text', label: t('p2p.byText') },
                ]}
                aria-label={t('p2p.how')}
              />
              {mode === 'file' ? (
                <FileInput
                  label={t('file')}
                  placeholder={t('chooseFile')}
                  value={file}
                  onChange={(chosen) => {
                    setFile(chosen)
                    setInvalid(null)
                  }}
                  error={invalid}
                  clearable
                  required
                />
              ) : (
                <Textarea
                  label={t('p2p.lines')}
                  description={t('p2p.linesHelp')}
                  value={text}
                  onChange={(event) => {
                    setText(event.currentTarget.value)
                    setInvalid(null)
                  }}
                  error={invalid}
                  maxLength={maxTextLength}
                  autosize
                  minRows={5}
                  maxRows={14}
                  required
                />
              )}
              <Group justify="space-between" wrap="wrap">
                <SampleLink kind="p2p" access={access} />
                <Button type="submit">{t('continue')}</Button>
              </Group>
            </Stack>
          </Paper>
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
