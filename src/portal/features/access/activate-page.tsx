// /activate: account activation (product-spec sections 2, 4 and 8). From a link, the query's
// action (activation, activationBusiness or activationEmployee) with user and code activates
// at once: on success the tokens are stored and the person goes home with a success notice;
// a business is told its authorized users now receive their links; an employee sees the
// activation popup. A failure shows the "Account Activation" popup with the errors or the
// description. Without a link, the person types the e-mail and code, or asks for a new code.
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core'
import { Link } from 'react-router'
import { api, session } from '../../api/client.ts'
import { describeFailure, joinValidationErrors } from '../../../shared/response-codes.ts'
import { PublicPage } from '../../components/public-page.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'

export const activationActions = ['activation', 'activationBusiness', 'activationEmployee'] as const
type Action = (typeof activationActions)[number]

interface Answer {
  responseCode?: string
  responseDescription?: string
  errors?: { parameter: string; description: string }[]
  tokens?: { accessToken: string; refreshToken: string; expiresIn: number }
}

async function activate(action: Action, user: string, code: string) {
  const { data, response } =
    action === 'activationBusiness'
      ? await api.POST('/rpc/businessActivate', { body: { email: user, activationCode: code } })
      : await api.POST('/rpc/accountActivate', { body: { username: user, activationCode: code } })
  return { body: (data ?? {}) as Answer, status: response.status }
}

export function Component() {
  const { t } = useTranslation(['access', 'common'])
  const navigate = useNavigate()
  const activation = useActivation()
  const { state, failure, setFailure } = activation
  const goHome = () => navigate('/home', { replace: true })

  return (
    <PublicPage title={t('access:activate.title')}>
      {state === 'working' && <Loading />}
      {state === 'form' && <ActivationForm {...activation} />}
      <Modal
        opened={failure !== null}
        onClose={() => setFailure(null)}
        title={t('access:activate.popupTitle')}
        centered
      >
        <Stack>
          <Text role="alert">{failure}</Text>
          <Button onClick={() => setFailure(null)}>{t('common:close')}</Button>
        </Stack>
      </Modal>
      <Modal
        opened={state === 'business' || state === 'employee'}
        onClose={goHome}
        title={t('access:activate.popupTitle')}
        centered
      >
        <Stack>
          <Text>
            {t(state === 'business' ? 'access:activate.business' : 'access:activate.employee')}
          </Text>
          <Button onClick={goHome}>{t('access:toHome')}</Button>
        </Stack>
      </Modal>
    </PublicPage>
  )
}

/** The activation's state, the link's activation on arrival, and the code resend. */
function useActivation() {
  const { t } = useTranslation(['access', 'common'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const action = params.get('action') as Action | null
  const fromLink = action !== null && activationActions.includes(action)
  const [state, setState] = useState<'form' | 'working' | 'business' | 'employee'>(
    fromLink ? 'working' : 'form',
  )
  const [failure, setFailure] = useState<string | null>(null)
  const [email, setEmail] = useState(params.get('user') ?? '')
  const [code, setCode] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const started = useRef(false)

  async function run(kind: Action, user: string, activationCode: string) {
    setState('working')
    setFailure(null)
    const { body, status } = await activate(kind, user.trim(), activationCode.trim()).catch(() => ({
      body: {} as Answer,
      status: 0,
    }))
    if (body.responseCode === ResponseCode.Success && body.tokens) {
      session.signIn(body.tokens)
      if (kind === 'activationBusiness') return setState('business')
      if (kind === 'activationEmployee') return setState('employee')
      return navigate('/home', { replace: true, state: { notice: t('access:activate.done') } })
    }
    setState('form')
    setFailure(
      body.errors?.length
        ? joinValidationErrors(body.errors)
        : status === 0
          ? t('common:errors.network')
          : (body.responseDescription ??
            describeFailure(body, status).text ??
            t('common:errors.server')),
    )
  }

  useEffect(() => {
    if (!fromLink || started.current) return
    started.current = true
    void run(action, params.get('user') ?? '', params.get('code') ?? '')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a link activates once
  }, [])

  async function resend() {
    setNotice(null)
    const { data } = await api.POST('/rpc/activationCodeResend', { body: { email: email.trim() } })
    setNotice(
      (data as Answer | undefined)?.responseCode === ResponseCode.Success
        ? t('access:activate.resent', { email: email.trim() })
        : t('common:errors.server'),
    )
  }

  const submit = () =>
    void run(action === 'activationBusiness' ? 'activationBusiness' : 'activation', email, code)
  return { state, failure, setFailure, email, setEmail, code, setCode, notice, submit, resend }
}

function ActivationForm({
  email,
  setEmail,
  code,
  setCode,
  notice,
  submit,
  resend,
}: ReturnType<typeof useActivation>) {
  const { t } = useTranslation(['access', 'common'])
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack>
        <Text>{t('access:activate.intro')}</Text>
        <TextInput
          label={t('access:email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          label={t('access:activate.code')}
          required
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit">{t('access:activate.submit')}</Button>
        <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>
          {t('access:activate.resend')}
        </Anchor>
        {notice && (
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('access:toLogin')}
        </Anchor>
      </Stack>
    </form>
  )
}
