// The second sign-in step, loaded only when a flow needs one (product-spec section 4): the
// authenticator or SMS code, the push the linked phone decides (the page waits on the
// realtime channel and can send the push again), linking and approving a device
// (verifyDevice and strict migration), and the soft-migration notice.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { api } from '../../api/client.ts'
import { awaitPushDecision } from '../../api/realtime.ts'
import { QrCode } from '../../components/qr-code.tsx'
import { exchange, resendPush, type Device, type SecondStep, type SignInResult } from './sign-in.ts'

export interface SecondStepProps {
  step: SecondStep
  /** The sign-in is complete: tokens are stored. */
  onSignedIn(): void
  /** Back to the password form, with a message to show there. */
  onRestart(message?: string): void
  onNext(step: SecondStep): void
}

function useFailureText() {
  const { t } = useTranslation(['signin', 'common'])
  return (result: Extract<SignInResult, { ok: false }>) =>
    result.kind === 'refused' || result.kind === 'blocked'
      ? result.message
      : result.kind === 'invalid'
        ? Object.values(result.fields).join(', ')
        : result.kind === 'network'
          ? t('common:errors.network')
          : t('common:errors.unknown')
}

export function SecondStepView(props: SecondStepProps) {
  switch (props.step.kind) {
    case 'code':
      return <CodeStep {...props} step={props.step} />
    case 'push':
      return <PushStep {...props} step={props.step} />
    case 'device':
      return <DeviceStep {...props} step={props.step} />
    case 'migration':
      return <MigrationStep {...props} step={props.step} />
  }
}

function CodeStep({
  step,
  onSignedIn,
  onRestart,
}: SecondStepProps & { step: Extract<SecondStep, { kind: 'code' }> }) {
  const { t } = useTranslation(['signin', 'common'])
  const failureText = useFailureText()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!/^\d{6}$/.test(value)) return setError(t('signin:codeInvalid'))
    setBusy(true)
    setError(null)
    const result = await exchange({ code: step.code, codeVerifier: step.verifier, otp: value })
    setBusy(false)
    if (result.ok) return onSignedIn()
    if (result.kind === 'blocked') return onRestart(result.message)
    setError(failureText(result))
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text>
          {step.flow === 'otp'
            ? t('signin:otpPrompt')
            : t('signin:smsPrompt', {
                phone: step.phoneNumber ?? '',
                identifier: step.smsIdentifier ?? '',
              })}
        </Text>
        <TextInput
          label={t(step.flow === 'otp' ? 'signin:otpLabel' : 'signin:smsLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value.trim())}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('signin:confirm')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
          {t('signin:startOver')}
        </Anchor>
      </Stack>
    </form>
  )
}

function PushStep({
  step,
  onSignedIn,
  onRestart,
}: SecondStepProps & { step: Extract<SecondStep, { kind: 'push' }> }) {
  const { t } = useTranslation(['signin', 'common'])
  const failureText = useFailureText()
  const [state, setState] = useState<'waiting' | 'lost' | 'refused'>('waiting')
  const [reason, setReason] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const wait = awaitPushDecision(step.code)
    let active = true
    void wait.decision.then(async (decision) => {
      if (!active) return
      if (!decision) return setState('lost')
      if (!decision.result) {
        setReason(decision.reason ?? null)
        return setState('refused')
      }
      const result = await exchange({ code: step.code, codeVerifier: step.verifier })
      if (!active) return
      if (result.ok) onSignedIn()
      else onRestart(failureText(result))
    })
    return () => {
      active = false
      wait.close()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one wait per push sent
  }, [step.code, attempt])

  async function sendAgain() {
    const result = await resendPush(step.code)
    if (!result.ok) return onRestart(failureText(result))
    setNotice(t('signin:pushSentAgain'))
    setState('waiting')
    setAttempt(attempt + 1)
  }

  return (
    <Stack>
      {state === 'waiting' && (
        <Group wrap="nowrap" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('signin:pushWaiting')}</Text>
        </Group>
      )}
      {state === 'lost' && <Alert color="yellow">{t('signin:pushLost')}</Alert>}
      {state === 'refused' && (
        <Alert color="red" role="alert" title={t('signin:pushRefused')}>
          {reason ?? t('signin:pushRefusedNoReason')}
        </Alert>
      )}
      {notice && state === 'waiting' && <Text c="dimmed">{notice}</Text>}
      {state !== 'refused' && (
        <Button variant="light" onClick={() => void sendAgain()}>
          {t('signin:pushResend')}
        </Button>
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
        {t('signin:startOver')}
      </Anchor>
    </Stack>
  )
}

interface ApproveMethod {
  id: string
  type: string
  label?: string
  destination?: string
}

type DeviceStepProps = SecondStepProps & { step: Extract<SecondStep, { kind: 'device' }> }
type DeviceType = 'android' | 'ios'

/** Links a new phone with the temporary token and approves it with a code. */
function DeviceStep(props: DeviceStepProps) {
  const { t } = useTranslation(['signin', 'common'])
  const linking = useDeviceLinking(props)
  const { device, error, busy } = linking

  if (!device) {
    return (
      <DeviceLinkForm
        error={error}
        busy={busy}
        onLink={linking.link}
        onRestart={() => props.onRestart()}
      />
    )
  }

  return (
    <Stack>
      <Text>{t('signin:deviceScan')}</Text>
      {device.link && <QrCode value={device.link} label={t('signin:deviceQr')} />}
      {linking.sentTo === null ? (
        <ApproveMethodChoice {...linking} />
      ) : (
        <ApproveCodeForm
          sentTo={linking.sentTo}
          error={error}
          busy={busy}
          onApprove={linking.approve}
        />
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => props.onRestart()}>
        {t('signin:startOver')}
      </Anchor>
    </Stack>
  )
}

/** The device linking's state and its three calls: link, send the approval code, approve. */
function useDeviceLinking({ step, onSignedIn, onRestart, onNext }: DeviceStepProps) {
  const { t } = useTranslation(['signin', 'common'])
  const failureText = useFailureText()
  const bearer = { authorization: `Bearer ${step.tmpJwt}` }
  const [device, setDevice] = useState<Device | null>(null)
  const [methods, setMethods] = useState<ApproveMethod[]>([])
  const [method, setMethod] = useState<string>('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const fail = (status: number, body: unknown) => {
    const message = (body as { message?: string } | undefined)?.message
    setError(message ?? (status === 0 ? t('common:errors.network') : t('common:errors.unknown')))
  }

  // Every call shows the same busy state and turns a thrown request into the network error.
  async function run(call: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await call()
    } catch {
      fail(0, undefined)
    } finally {
      setBusy(false)
    }
  }

  async function link(name: string, type: DeviceType) {
    if (!name.trim()) return setError(t('signin:deviceNameRequired'))
    await run(async () => {
      const created = await api.POST('/auth/devices', {
        body: { name: name.trim(), type },
        headers: bearer,
      })
      if (!created.data) return fail(created.response.status, created.error)
      setDevice(created.data as Device)
      const list = await api.GET('/auth/devices/approve-methods', { headers: bearer })
      const found = ((list.data as { methods?: ApproveMethod[] } | undefined)?.methods ??
        []) as ApproveMethod[]
      setMethods(found)
      setMethod(found[0]?.id ?? '')
    })
  }

  async function sendCode() {
    if (!device || !method) return
    await run(async () => {
      const sent = await api.PATCH('/auth/devices/{deviceId}/approve/{methodId}', {
        params: { path: { deviceId: device.id, methodId: method } },
        headers: bearer,
      })
      if (!sent.data) return fail(sent.response.status, sent.error)
      setSentTo((sent.data as { sentTo?: string }).sentTo ?? '')
    })
  }

  async function approve(code: string) {
    if (!device) return
    await run(async () => {
      const approved = await api.POST('/auth/devices/{deviceId}/approve', {
        params: { path: { deviceId: device.id } },
        body: { code: code.trim() },
        headers: bearer,
      })
      if (!approved.data) return fail(approved.response.status, approved.error)
      if (step.code && step.verifier) {
        const result = await exchange({ code: step.code, codeVerifier: step.verifier })
        if (result.ok) return onSignedIn()
        return onRestart(failureText(result))
      }
      if (step.then) return onNext(step.then)
      onRestart(t('signin:deviceLinkedSignInAgain'))
    })
  }

  return { device, methods, method, setMethod, sentTo, error, busy, link, sendCode, approve }
}

function DeviceLinkForm({
  error,
  busy,
  onLink,
  onRestart,
}: {
  error: string | null
  busy: boolean
  onLink(name: string, type: DeviceType): Promise<void>
  onRestart(): void
}) {
  const { t } = useTranslation(['signin', 'common'])
  const [name, setName] = useState('')
  const [type, setType] = useState<DeviceType>('android')

  function submit(event: React.FormEvent) {
    event.preventDefault()
    void onLink(name, type)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{t('signin:deviceIntro')}</Text>
        <TextInput
          label={t('signin:deviceName')}
          required
          autoFocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('signin:deviceType')}
          value={type}
          data={[
            { value: 'android', label: 'Android' },
            { value: 'ios', label: 'iOS' },
          ]}
          onChange={(event) => setType(event.currentTarget.value as DeviceType)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} fullWidth>
          {t('signin:deviceLink')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('signin:startOver')}
        </Anchor>
      </Stack>
    </form>
  )
}

function ApproveMethodChoice({
  methods,
  method,
  setMethod,
  error,
  busy,
  sendCode,
}: Pick<
  ReturnType<typeof useDeviceLinking>,
  'methods' | 'method' | 'setMethod' | 'error' | 'busy' | 'sendCode'
>) {
  const { t } = useTranslation(['signin', 'common'])
  return (
    <>
      {methods.length > 0 ? (
        <Radio.Group
          label={t('signin:approveMethod')}
          value={method}
          onChange={setMethod}
          name="approve-method"
        >
          <Stack gap="xs" mt="xs">
            {methods.map((choice) => (
              <Radio
                key={choice.id}
                value={choice.id}
                label={`${choice.label ?? choice.type}${choice.destination ? ` (${choice.destination})` : ''}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text c="dimmed">{t('signin:noApproveMethod')}</Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button loading={busy} disabled={!method} onClick={() => void sendCode()}>
        {t('signin:sendApproveCode')}
      </Button>
    </>
  )
}

function ApproveCodeForm({
  sentTo,
  error,
  busy,
  onApprove,
}: {
  sentTo: string
  error: string | null
  busy: boolean
  onApprove(code: string): Promise<void>
}) {
  const { t } = useTranslation(['signin', 'common'])
  const [code, setCode] = useState('')

  function submit(event: React.FormEvent) {
    event.preventDefault()
    void onApprove(code)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{t('signin:approveCodeSent', { destination: sentTo })}</Text>
        <TextInput
          label={t('signin:approveCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('signin:confirm')}
        </Button>
      </Stack>
    </form>
  )
}

function MigrationStep({
  step,
  onSignedIn,
  onRestart,
  onNext,
}: SecondStepProps & { step: Extract<SecondStep, { kind: 'migration' }> }) {
  const { t } = useTranslation(['signin', 'common'])
  const failureText = useFailureText()
  const [busy, setBusy] = useState(false)

  async function later() {
    const then = step.then
    if (then.kind !== 'exchange') return onNext(then)
    setBusy(true)
    const result = await exchange({ code: then.code, codeVerifier: then.verifier })
    setBusy(false)
    if (result.ok) onSignedIn()
    else onRestart(failureText(result))
  }

  const setUp = () => {
    const then = step.then
    const device: SecondStep = {
      kind: 'device',
      tmpJwt: step.tmpJwt,
      devices: step.devices,
      ...(then.kind === 'exchange' ? { code: then.code, verifier: then.verifier } : { then }),
    }
    onNext(device)
  }

  return (
    <Stack>
      <Alert color="yellow" title={t('signin:migrationTitle')}>
        {t('signin:migrationSoft', { count: step.daysLeft })}
      </Alert>
      <Button onClick={setUp}>{t('signin:migrationSetUp')}</Button>
      <Button variant="default" loading={busy} onClick={() => void later()}>
        {t('signin:migrationLater')}
      </Button>
    </Stack>
  )
}
