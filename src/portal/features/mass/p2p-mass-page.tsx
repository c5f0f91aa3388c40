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
import { Loading } from '../../components/loading.tsx'

/** The text a pasted list may hold (spec: p2pMassTransferTextSubmit.text). */
const maxTextLength = 200_000

type InputMode = 'file' | 'text'

/** The chosen account and lines; Continue keeps them as the draft the confirm page reads. */
function useP2pMassForm() {
  const { t } = useTranslation(['mass', 'common'])
  const navigate = useNavigate()
  const { state } = useOwnAccounts()
  // Coming back from the confirm page keeps what was chosen, and the attempt's key.
  const previous = useRef(drafts.p2p()).current
  const [from, setFrom] = useState(previous ? String(previous.accountId) : '')
  const [mode, setMode] = useState<InputMode>(previous?.text !== undefined ? 'text' : 'file')
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
  /** Each change of the lines clears the last complaint about them. */
  function clearing<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value)
      setInvalid(null)
    }
  }
  const lines: LinesInputProps = {
    mode,
    onMode: clearing(setMode),
    file,
    onFile: clearing(setFile),
    text,
    onText: clearing(setText),
    invalid,
  }
  return { state, accounts, source, setFrom, lines, next }
}

export function Component() {
  const { t } = useTranslation(['mass', 'common'])
  const access = useMassAccess()
  const { state, accounts, source, setFrom, lines, next } = useP2pMassForm()

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('kinds.p2p.title')}
      </Title>
      <MassGate kind="p2p" access={access}>
        {state.status === 'loading' && <Loading />}
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
              <LinesInput {...lines} />
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

interface LinesInputProps {
  mode: InputMode
  onMode(mode: InputMode): void
  file: File | null
  onFile(file: File | null): void
  text: string
  onText(text: string): void
  invalid: string | null
}

/** The payments as a file in the sample's layout, or pasted one a line. */
function LinesInput(props: LinesInputProps) {
  const { t } = useTranslation(['mass', 'common'])
  return (
    <>
      <SegmentedControl
        value={props.mode}
        onChange={(value) => props.onMode(value as InputMode)}
        data={[
          { value: 'file', label: t('p2p.byFile') },
          { value: 'text', label: t('p2p.byText') },
        ]}
        aria-label={t('p2p.how')}
      />
      {props.mode === 'file' ? (
        <FileInput
          label={t('file')}
          placeholder={t('chooseFile')}
          value={props.file}
          onChange={props.onFile}
          error={props.invalid}
          clearable
          required
        />
      ) : (
        <Textarea
          label={t('p2p.lines')}
          description={t('p2p.linesHelp')}
          value={props.text}
          onChange={(event) => props.onText(event.currentTarget.value)}
          error={props.invalid}
          maxLength={maxTextLength}
          autosize
          minRows={5}
          maxRows={14}
          required
        />
      )}
    </>
  )
}
