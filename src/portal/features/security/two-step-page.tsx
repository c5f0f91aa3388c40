// /setting/two-step-verification: the customer's two two-step modes (product-spec sections 3
// and 7): login2faMode for signing in ("no" is off) and transactionApproveMode for payments.
// A change is asked with customerTwoStepVerificationSet and applied by its confirm with the
// code sent by SMS or e-mail, or, for the authenticator app, the app's first code after
// scanning the otpauth:// QR code. A login-mode change ends every session and answers new
// tokens, which are stored before the person goes to the accounts (section 7).
import { Suspense, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { ApprovalMode } from '../../../generated/constants.ts'
import { loginTwoStepOff, twoStepModes, type TwoStepKind } from '../../../shared/two-step-modes.ts'
import { api, session } from '../../api/client.ts'
import { invalidateCustomerInfo, useCustomerInfo } from '../../api/get-customer-info.ts'
import { QrCode } from '../../components/qr-code.tsx'
import { ResponsePopup, SuccessNotice, type Popup } from '../../renderer/result-popups.tsx'
import { announce, twoStepChangeKey } from '../../components/announced-events.ts'
import { rpcOk, settle } from './call-outcome.ts'
import { CodePopup, type CodeVerdict } from './code-popup.tsx'
import { Loading } from '../../components/loading.tsx'

/** What the server's request takes: an approval mode, or the sign-in mode that is off. */
type Mode = ApprovalMode | typeof loginTwoStepOff

const approvalModes: readonly string[] = Object.values(ApprovalMode)
const isMode = (mode: string): mode is Mode =>
  mode === loginTwoStepOff || approvalModes.includes(mode)

/** Long labels (Spanish, Romanian) wrap on a phone instead of widening the page. */
const wrappingButton = {
  root: { alignSelf: 'flex-start', height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const

type Current = Record<TwoStepKind, string>
type Load =
  { status: 'loading' } | { status: 'failed'; popup: Popup } | { status: 'ready'; current: Current }

interface Pending {
  typeMode: TwoStepKind
  mode: Mode
  reqId: string
  sentTo?: string | undefined
  otpauthUri?: string | undefined
}

/** The login and transaction modes now set, from the customer's cached answer. */
function useCurrentModes(networkMessage: string): Load {
  const info = useCustomerInfo()
  if (info.isPending) return { status: 'loading' }
  if (info.isError)
    return {
      status: 'failed',
      popup: {
        kind: 'failure',
        result: { ok: false, status: 0, body: { message: networkMessage } },
      },
    }
  const { data, status } = info.data
  if (!data || !rpcOk(data))
    return {
      status: 'failed',
      popup: { kind: 'failure', result: { ok: false, status, body: data ?? {} } },
    }
  const customer = data.customer
  return {
    status: 'ready',
    current: {
      login: customer?.login2faMode ?? loginTwoStepOff,
      transaction: customer?.transactionApproveMode ?? ApprovalMode.Simple,
    },
  }
}

export function Component() {
  return (
    <Suspense fallback={<Loader />}>
      <TwoStepPage />
    </Suspense>
  )
}

function TwoStepPage() {
  const { t } = useTranslation(['security', 'common'])
  const { reload, pending, popup, setPopup, notice, setNotice, canceled, ...change } =
    useTwoStepChange()
  const load = useCurrentModes(t('common:errors.network'))

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('twoStep.title')}
      </Title>
      <Text c="dimmed">{t('twoStep.intro')}</Text>
      <SuccessNotice text={notice} onClose={() => setNotice(null)} />
      {canceled && (
        <Alert color="red" role="alert" data-testid="confirmation-canceled">
          {t('canceled')}
        </Alert>
      )}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && (
        <Alert color="red" role="alert" title={t('common:errors.error')}>
          <Stack align="flex-start">
            <Text size="sm">{t('twoStep.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void reload()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {load.status === 'ready' && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['login', 'transaction'] as const).map((typeMode) => (
            <ModeCard
              key={`${typeMode}:${load.current[typeMode]}`}
              typeMode={typeMode}
              current={load.current[typeMode]}
              onChange={(mode) => change.ask(typeMode, mode)}
            />
          ))}
        </SimpleGrid>
      )}
      {pending && (
        <PendingCodePopup pending={pending} onSubmit={change.confirm} onCancel={change.cancel} />
      )}
      <ResponsePopup popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  )
}

/** The code popup of a pending change, with the authenticator's QR code when it has one. */
function PendingCodePopup({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: Pending
  onSubmit(code: string): Promise<CodeVerdict>
  onCancel(): void
}) {
  const { t } = useTranslation(['security', 'common'])
  return (
    <CodePopup
      title={t(`twoStep.approvalTitle.${pending.typeMode}`)}
      // An authenticator's code is shown by the app, not sent anywhere.
      sentTo={pending.mode === ApprovalMode.Otp ? undefined : pending.sentTo}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      {pending.otpauthUri && (
        <>
          <Text size="sm">{t('twoStep.scanAuthenticator')}</Text>
          <QrCode value={pending.otpauthUri} label={t('twoStep.authenticatorQrLabel')} />
        </>
      )}
      {pending.mode === ApprovalMode.Otp && !pending.otpauthUri && (
        <Text size="sm">{t('twoStep.authenticatorCode')}</Text>
      )}
    </CodePopup>
  )
}

/** Why the server refused the mode, shown under the choice; null when it refused otherwise. */
function modeRefusal(
  errors: { parameter: string; description: string }[],
  mode: Mode,
  t: ReturnType<typeof useTranslation>['t'],
): string | null {
  const refusal = errors.find((error) => error.parameter === 'mode')
  // The server's reasons are English; the two a person can act on are said in their language.
  if (refusal && mode === ApprovalMode.Push) return t('twoStep.needsDevice')
  if (refusal && mode === ApprovalMode.Sms) return t('twoStep.needsPhone')
  if (refusal) return refusal.description
  return null
}

/**
 * A mode change asked with customerTwoStepVerificationSet and applied by its confirm, and
 * what the page shows around it.
 */
function useTwoStepChange() {
  const { t } = useTranslation(['security', 'common'])
  const navigate = useNavigate()
  const [pending, setPending] = useState<Pending | null>(null)
  const [popup, setPopup] = useState<Popup | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [canceled, setCanceled] = useState(false)
  const network = t('common:errors.network')

  const queryClient = useQueryClient()
  // The modes are the customer's: reading them again is reading the customer again.
  const reload = () => invalidateCustomerInfo(queryClient)

  async function ask(typeMode: TwoStepKind, mode: Mode): Promise<string | null> {
    setCanceled(false)
    setNotice(null)
    const outcome = await settle(
      api.POST('/customer/two-step-verification', { body: { typeMode, mode } }),
      network,
    )
    if (outcome.ok) {
      const { reqId, approvalSentTo, otpauthUri } = outcome.data
      setPending({ typeMode, mode, reqId, sentTo: approvalSentTo, otpauthUri })
      return null
    }
    const refusal = modeRefusal(outcome.errors, mode, t)
    if (refusal === null) setPopup({ kind: 'failure', result: outcome.failure })
    return refusal
  }

  async function confirm(code: string): Promise<CodeVerdict> {
    if (!pending) return { right: false, message: t('code.wrong') }
    const outcome = await settle(
      api.POST('/customer/two-step-verification/{reqId}/confirm', {
        params: { path: { reqId: pending.reqId } },
        body: { code },
      }),
      network,
    )
    if (outcome.ok) {
      setPending(null)
      const { accessToken, refreshToken, expiresIn } = outcome.data
      if (accessToken && refreshToken) {
        // The old sign-ins ended with the change; this one goes on with the new pair.
        session.signIn({ accessToken, refreshToken, expiresIn: expiresIn ?? 300 })
        navigate('/home', { replace: true })
        return { right: true }
      }
      announce(twoStepChangeKey)
      setNotice(t('twoStep.success'))
      await reload()
      return { right: true }
    }
    if (outcome.failure.status === 400) return { right: false, message: t('code.wrong') }
    if (outcome.failure.status === 404 || outcome.failure.status === 429) {
      cancel()
      return { right: true }
    }
    setPopup({ kind: 'failure', result: outcome.failure })
    return { right: false, message: t('code.failed') }
  }

  function cancel() {
    setPending(null)
    setCanceled(true)
  }

  return {
    reload,
    pending,
    popup,
    setPopup,
    notice,
    setNotice,
    canceled,
    ask,
    confirm,
    cancel,
  }
}

function ModeCard(props: {
  typeMode: TwoStepKind
  current: string
  onChange(mode: Mode): Promise<string | null>
}) {
  const { t } = useTranslation('security')
  const { typeMode, current } = props
  const choices = twoStepModes[typeMode].filter(isMode).filter((mode) => mode !== current)
  const [choice, setChoice] = useState<Mode>(choices[0] ?? loginTwoStepOff)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(await props.onChange(choice))
    setBusy(false)
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid={`mode-${typeMode}`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t(`twoStep.${typeMode}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`twoStep.${typeMode}.text`)}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t('twoStep.current')}</Text>
            <Badge variant="light" data-testid={`current-${typeMode}`}>
              {t(`twoStep.modes.${current}`, { defaultValue: current })}
            </Badge>
          </Group>
          <NativeSelect
            label={t(`twoStep.${typeMode}.choose`)}
            value={choice}
            onChange={(event) => {
              const next = event.currentTarget.value
              if (isMode(next)) setChoice(next)
              setError(null)
            }}
            data={choices.map((mode) => ({ value: mode, label: t(`twoStep.modes.${mode}`) }))}
            error={error}
          />
          <Button type="submit" loading={busy} maw="100%" styles={wrappingButton}>
            {t(`twoStep.${typeMode}.submit`)}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
