// /account-recovery and its children (product-spec section 2): email (ask for a code),
// status (what happens next), reset (check the code), password (choose a new one) and
// success. The e-mail and the checked code are kept for the tab only, and cleared at the end.
import { useState } from 'react'
import { Link, Navigate, Outlet, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { PasswordField } from '../../components/password-field.tsx'
import { api } from '../../api/client.ts'
import { describeFailure, joinValidationErrors } from '../../../shared/response-codes.ts'
import { PublicPage } from '../../components/public-page.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

const storageKey = 'portal.recovery'
const steps = ['email', 'status', 'reset', 'password', 'success'] as const
type Step = (typeof steps)[number]

interface Progress {
  email?: string
  code?: string
}
const read = (): Progress => JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Progress
const write = (progress: Progress) => sessionStorage.setItem(storageKey, JSON.stringify(progress))

interface Answer {
  responseCode?: string
  responseDescription?: string
  errors?: { parameter: string; description: string }[]
}

function failureText(body: Answer | undefined, status: number, fallback: string): string {
  if (body?.errors?.length) return joinValidationErrors(body.errors)
  const described = describeFailure(body, status)
  return described.text ?? described.title ?? fallback
}

export function Component() {
  return <Outlet />
}

export function RecoveryStep() {
  const { step } = useParams()
  if (!steps.includes(step as Step)) return <Navigate to="/account-recovery/email" replace />
  if (step === 'success') return <RecoverySuccess />
  return <RecoveryStepView step={step as Step} />
}

type RecoveryPath =
  '/rpc/passwordChangeRequest' | '/rpc/passwordChangeCodeCheck' | '/rpc/passwordChangeApply'

/** The typed fields and the request state, kept across the steps as one page. */
interface RecoveryState {
  progress: Progress
  fields: ReturnType<typeof useRecoveryFields>
  request: ReturnType<typeof useRecoveryRequest>
}

function RecoveryStepView({ step }: { step: Step }) {
  const { t } = useTranslation(['access', 'common'])
  const progress = read()
  const fields = useRecoveryFields(progress)
  const request = useRecoveryRequest()
  const state: RecoveryState = { progress, fields, request }
  const title = t('access:recovery.title')

  if (step === 'email')
    return (
      <PublicPage title={title}>
        <EmailStep {...state} />
      </PublicPage>
    )
  if (!progress.email) return <Navigate to="/account-recovery/email" replace />
  if (step === 'status')
    return (
      <PublicPage title={title}>
        <StatusStep email={progress.email} />
      </PublicPage>
    )
  if (step === 'reset')
    return (
      <PublicPage title={title}>
        <ResetStep {...state} />
      </PublicPage>
    )
  if (step === 'password') {
    if (!progress.code) return <Navigate to="/account-recovery/reset" replace />
    return (
      <PublicPage title={title}>
        <PasswordStep {...state} />
      </PublicPage>
    )
  }
  return null
}

function useRecoveryFields(progress: Progress) {
  const [email, setEmail] = useState(progress.email ?? '')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  return { email, setEmail, code, setCode, password, setPassword, repeat, setRepeat }
}

/** One recovery call at a time; true on success, otherwise the failure is shown. */
function useRecoveryRequest() {
  const { t } = useTranslation(['access', 'common'])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function call(path: RecoveryPath, body: never) {
    setBusy(true)
    setError(null)
    try {
      const { data, response } = await api.POST(path, { body })
      const answer = data as Answer | undefined
      if (answer?.responseCode === ResponseCode.Success) return true
      setError(failureText(answer, response.status, t('common:errors.server')))
      return false
    } catch {
      setError(t('common:errors.network'))
      return false
    } finally {
      setBusy(false)
    }
  }

  const alert = error && (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  )
  return { busy, setError, call, alert }
}

function EmailStep({ fields, request }: RecoveryState) {
  const { t } = useTranslation(['access', 'common'])
  const navigate = useNavigate()
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        // What the field shows is what is sent, even if the page re-rendered meanwhile.
        const typed = String(new FormData(event.currentTarget).get('email') ?? fields.email).trim()
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed))
          return request.setError(t('access:emailInvalid'))
        if (await request.call('/rpc/passwordChangeRequest', { email: typed } as never)) {
          write({ email: typed })
          navigate('/account-recovery/status')
        }
      }}
    >
      <Stack>
        <Text>{t('access:recovery.emailIntro')}</Text>
        <TextInput
          label={t('access:email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={(event) => fields.setEmail(event.currentTarget.value)}
        />
        {request.alert}
        <Button type="submit" loading={request.busy}>
          {t('access:recovery.sendCode')}
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          {t('access:toLogin')}
        </Anchor>
      </Stack>
    </form>
  )
}

function StatusStep({ email }: { email: string }) {
  const { t } = useTranslation(['access', 'common'])
  return (
    <>
      <Text role="status">{t('access:recovery.sent', { email })}</Text>
      <Button component={Link} to="/account-recovery/reset">
        {t('access:recovery.haveCode')}
      </Button>
      <Anchor component={Link} to="/account-recovery/email" size="sm">
        {t('access:recovery.otherEmail')}
      </Anchor>
    </>
  )
}

function ResetStep({ progress, fields, request }: RecoveryState) {
  const { t } = useTranslation(['access', 'common'])
  const navigate = useNavigate()
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const body = { email: progress.email, code: fields.code.trim() }
        if (await request.call('/rpc/passwordChangeCodeCheck', body as never)) {
          write({ ...progress, code: fields.code.trim() })
          navigate('/account-recovery/password')
        }
      }}
    >
      <Stack>
        <Text>{t('access:recovery.codeIntro', { email: progress.email })}</Text>
        <TextInput
          label={t('access:recovery.code')}
          autoComplete="one-time-code"
          required
          value={fields.code}
          onChange={(event) => fields.setCode(event.currentTarget.value)}
        />
        {request.alert}
        <Button type="submit" loading={request.busy}>
          {t('access:recovery.checkCode')}
        </Button>
      </Stack>
    </form>
  )
}

function PasswordStep({ progress, fields, request }: RecoveryState) {
  const { t } = useTranslation(['access', 'common'])
  const navigate = useNavigate()
  const { password, repeat } = fields
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        if (password.length < 8) return request.setError(t('access:passwordShort'))
        if (password !== repeat) return request.setError(t('access:passwordsDiffer'))
        const body = { email: progress.email, code: progress.code, password }
        if (await request.call('/rpc/passwordChangeApply', body as never)) {
          sessionStorage.removeItem(storageKey)
          navigate('/account-recovery/success', { replace: true })
        }
      }}
    >
      <Stack>
        <PasswordField
          label={t('access:newPassword')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => fields.setPassword(event.currentTarget.value)}
        />
        <PasswordField
          label={t('access:repeatPassword')}
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => fields.setRepeat(event.currentTarget.value)}
        />
        {request.alert}
        <Button type="submit" loading={request.busy}>
          {t('access:recovery.setPassword')}
        </Button>
      </Stack>
    </form>
  )
}

export function RecoverySuccess() {
  const { t } = useTranslation('access')
  return (
    <PublicPage title={t('recovery.title')}>
      <Alert color="green" role="status">
        {t('recovery.success')}
      </Alert>
      <Button component={Link} to="/login">
        {t('toLogin')}
      </Button>
    </PublicPage>
  )
}
