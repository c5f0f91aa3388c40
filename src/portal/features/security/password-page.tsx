// /profile/password: the signed-in person changes their password (product-spec section 7,
// Security settings: passwordChange, then passwordChangeConfirm with the e-mailed code in the
// "Change-password approval" popup of section 2). The confirmation ends every session of the
// user (docs/decisions.md, Security settings), so success says so, advises linking the
// devices again (section 8) and leads to the sign-in page.
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { PasswordField } from '../../components/password-field.tsx'
import { useForm } from '@mantine/form'
import { api, session } from '../../api/client.ts'
import { ResponsePopup, type Popup } from '../../renderer/result-popups.tsx'
import { fieldErrors, rpcOk, settle } from './call-outcome.ts'
import { CodePopup, type CodeVerdict } from './code-popup.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { announce, passwordChangeKey } from '../../components/announced-events.ts'

/** auth-password.schema.json: a password other than the first sign-in's is 8-128 characters. */
export const passwordMinLength = 8
export const passwordMaxLength = 128
const fields = ['password', 'passwordNew', 'passwordNewRepeat'] as const

interface Request {
  requestKey: string
  sentTo?: string | undefined
}

export function Component() {
  return (
    <Suspense fallback={<Loader />}>
      <PasswordPage />
    </Suspense>
  )
}

function PasswordPage() {
  const { t } = useTranslation(['security', 'common'])
  const form = usePasswordForm()
  const change = usePasswordChange(form)

  return (
    <Stack maw={520}>
      <Title order={1} size="h2">
        {t('password.title')}
      </Title>
      <Text c="dimmed">{t('password.intro')}</Text>
      {change.canceled && (
        <Alert color="red" role="alert" data-testid="confirmation-canceled">
          {t('canceled')}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <PasswordForm form={form} busy={change.busy} onSubmit={change.ask} />
      </Paper>
      {change.request && (
        <CodePopup
          title={t('password.approvalTitle')}
          sentTo={change.request.sentTo}
          onSubmit={change.confirm}
          onCancel={change.cancel}
        />
      )}
      <Modal
        opened={change.done}
        onClose={() => void session.signOut()}
        title={t('password.doneTitle')}
        centered
      >
        <Stack>
          <Text role="status" data-testid="password-updated">
            {t('password.updated')}
          </Text>
          <Text>{t('password.relinkAdvice')}</Text>
          <Button onClick={() => void session.signOut()} data-autofocus>
            {t('password.signInAgain')}
          </Button>
        </Stack>
      </Modal>
      <ResponsePopup popup={change.popup} onClose={() => change.setPopup(null)} />
    </Stack>
  )
}

type PasswordValues = Record<(typeof fields)[number], string>

function usePasswordForm() {
  const { t } = useTranslation(['security', 'common'])
  const lengthRule = (value: string) =>
    value.length < passwordMinLength || value.length > passwordMaxLength
      ? t('password.lengthRule', { min: passwordMinLength, max: passwordMaxLength })
      : null
  return useForm<PasswordValues>({
    initialValues: { password: '', passwordNew: '', passwordNewRepeat: '' },
    validate: {
      password: (value) => (value.length > 0 ? null : t('password.currentRequired')),
      passwordNew: (value, values) =>
        lengthRule(value) ?? (value === values.password ? t('password.sameAsCurrent') : null),
      passwordNewRepeat: (value, values) =>
        value === values.passwordNew ? null : t('password.repeatMismatch'),
    },
  })
}

/** The change asked with passwordChange and confirmed with the e-mailed code. */
function usePasswordChange(form: ReturnType<typeof usePasswordForm>) {
  const { t } = useTranslation(['security', 'common'])
  const [busy, setBusy] = useState(false)
  const [request, setRequest] = useState<Request | null>(null)
  const [popup, setPopup] = useState<Popup | null>(null)
  const [canceled, setCanceled] = useState(false)
  const [done, setDone] = useState(false)

  async function ask(values: PasswordValues) {
    setBusy(true)
    setCanceled(false)
    const outcome = await settle(
      api.POST('/rpc/passwordChange', { body: values }),
      t('common:errors.network'),
      rpcOk,
    )
    setBusy(false)
    if (outcome.ok) {
      setRequest({ requestKey: outcome.data.requestKey ?? '', sentTo: outcome.data.approvalSentTo })
      return
    }
    const refused = fieldErrors(outcome.errors, fields)
    if (Object.keys(refused).length > 0) form.setErrors(refused)
    else setPopup({ kind: 'failure', result: outcome.failure })
  }

  async function confirm(code: string): Promise<CodeVerdict> {
    if (!request) return { right: false, message: t('code.wrong') }
    const outcome = await settle(
      api.POST('/rpc/passwordChangeConfirm', {
        body: { code, requestKey: request.requestKey },
      }),
      t('common:errors.network'),
      rpcOk,
    )
    if (outcome.ok) {
      setRequest(null)
      form.reset()
      announce(passwordChangeKey)
      setDone(true)
      return { right: true }
    }
    if (outcome.errors.some((error) => error.parameter === 'code')) {
      return { right: false, message: t('code.wrong') }
    }
    if (outcome.failure.body.responseCode === ResponseCode.InvalidParams) {
      cancel()
      return { right: true }
    }
    setPopup({ kind: 'failure', result: outcome.failure })
    return { right: false, message: t('code.failed') }
  }

  function cancel() {
    setRequest(null)
    setCanceled(true)
  }

  return { busy, request, popup, setPopup, canceled, done, ask, confirm, cancel }
}

function PasswordForm({
  form,
  busy,
  onSubmit,
}: {
  form: ReturnType<typeof usePasswordForm>
  busy: boolean
  onSubmit(values: PasswordValues): Promise<void>
}) {
  const { t } = useTranslation(['security', 'common'])
  return (
    <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
      <Stack>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.lengthRule', {
            min: passwordMinLength,
            max: passwordMaxLength,
          })}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          required
          {...form.getInputProps('passwordNew')}
        />
        <PasswordField
          label={t('password.repeat')}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          required
          {...form.getInputProps('passwordNewRepeat')}
        />
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  )
}
