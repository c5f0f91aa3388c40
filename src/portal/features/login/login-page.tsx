// /login: e-mail and password, PKCE behind the scenes, then the flow's second step when it
// has one (second-step.tsx, loaded only then) and the post-login routing of product-spec
// section 2. An already signed-in visitor whose session still refreshes is routed at once;
// a code with its verifier in the address signs in without the form.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { PasswordField } from '../../components/password-field.tsx'
import { useForm } from '@mantine/form'
import { useBrand } from '../../brand/brand-context.tsx'
import { isDemo, logoUrl } from '../../brand/resolve-brand.ts'
import { session } from '../../api/client.ts'
import { LanguageSelect } from '../../components/language-select.tsx'
import { withAllStyles } from '../../app/styles.ts'
import { signIn, signInWithCode, type SecondStep, type SignInResult } from './sign-in.ts'
import { Loading } from '../../components/loading.tsx'

const SecondStepView = lazy(
  withAllStyles(() =>
    import('./second-step.tsx').then((module) => ({ default: module.SecondStepView })),
  ),
)

/** Why the person is back at the login page (?reason=...). */
const reasonTexts: Record<string, string> = {
  idle: 'common:errors.idle',
  expired: 'common:errors.sessionExpired',
  'no-access': 'auth:noAccess',
  failed: 'auth:routingFailed',
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function Component() {
  const { t } = useTranslation(['auth', 'common'])
  const brand = useBrand()
  const flow = useSignInFlow()
  const { error, reason, step } = flow

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Image src={logoUrl(brand)} alt={brand.projectName} h={40} w="auto" fit="contain" />
          <Title order={1} size="h2">
            {t('auth:title')}
          </Title>
          <Text c="dimmed">{t('auth:subtitle', { brand: brand.projectName })}</Text>
          {!error && reason && reasonTexts[reason] && (
            <Alert color="yellow" role="status">
              {t(reasonTexts[reason])}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert" title={t('common:errors.error')}>
              {error}
            </Alert>
          )}
          {/* The second step has forms of its own: it is not inside the password form. */}
          {step ? (
            <Suspense fallback={<Loading />}>
              <SecondStepView
                step={step}
                onSignedIn={flow.finishSecondStep}
                onRestart={flow.restart}
                onNext={flow.setStep}
              />
            </Suspense>
          ) : (
            <PasswordForm form={flow.form} busy={flow.busy} onSubmit={flow.submit} />
          )}
          <LanguageSelect />
          {isDemo && (
            <Anchor component={Link} to="/mailbox" size="xs" c="dimmed" ta="center">
              {t('auth:demoMailbox')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}

/** The sign-in's state: the password form, the second step, the failure shown and the routing. */
function useSignInFlow() {
  const { t } = useTranslation(['auth', 'common'])
  const [params, setParams] = useSearchParams()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [step, setStep] = useState<SecondStep | null>(null)
  const routeOnward = useRouteOnward()
  const form = useSignInForm()
  // The remembered initial path (post-login routing step 6); only a local one.
  const next = params.get('next') ?? undefined
  const handedCode = params.get('code')
  const handedVerifier = params.get('codeVerifier')

  useResumeSession(routeOnward, next, handedCode, handedVerifier)

  // Login from code + codeVerifier in the address (product-spec section 2, query handling).
  useEffect(() => {
    if (!handedCode || !handedVerifier) return
    setParams({}, { replace: true })
    setBusy(true)
    void signInWithCode(handedCode, handedVerifier).then((result) => {
      setBusy(false)
      void settle(result)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per handed-over code
  }, [handedCode, handedVerifier])

  async function settle(result: SignInResult) {
    if (result.ok) {
      if (result.next) return setStep(result.next)
      setStep(null)
      await routeOnward(next)
      return
    }
    showFailure(result)
  }

  async function submit(values: SignInValues) {
    setBusy(true)
    setError(null)
    const result = await signIn(values.username.trim(), values.password)
    setBusy(false)
    await settle(result)
  }

  function showFailure(result: Extract<SignInResult, { ok: false }>) {
    switch (result.kind) {
      case 'refused':
      case 'blocked':
        setError(result.message)
        break
      case 'invalid':
        form.setErrors(result.fields)
        break
      case 'network':
        setError(t('common:errors.network'))
        break
      default:
        setError(t('common:errors.unknown'))
    }
  }

  const finishSecondStep = () => {
    setStep(null)
    void routeOnward(next)
  }
  const restart = (message?: string) => {
    setStep(null)
    setError(message ?? null)
  }

  const reason = params.get('reason')
  return { form, error, busy, step, reason, setStep, submit, finishSecondStep, restart }
}

/** Post-login routing loads when a sign-in succeeds, not with the login page. */
function useRouteOnward() {
  const navigate = useNavigate()
  return useCallback(
    async (initialPath?: string) => {
      const { goAfterSignIn } = await import('../../api/post-login/go-after-sign-in.ts')
      await goAfterSignIn(navigate, initialPath)
    },
    [navigate],
  )
}

interface SignInValues {
  username: string
  password: string
}

function useSignInForm() {
  const { t } = useTranslation(['auth', 'common'])
  return useForm<SignInValues>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (emailPattern.test(value.trim()) ? null : t('auth:usernameInvalid')),
      password: (value) => (value.length > 0 ? null : t('auth:passwordRequired')),
    },
  })
}

/** An already signed-in visitor whose session still refreshes is routed at once. */
function useResumeSession(
  routeOnward: (initialPath?: string) => Promise<void>,
  next: string | undefined,
  handedCode: string | null,
  handedVerifier: string | null,
) {
  useEffect(() => {
    if (handedCode && handedVerifier) return
    if (!session.isSignedIn) return
    let cancelled = false
    void session.refresh().then((ok) => {
      if (ok && !cancelled) void routeOnward(next)
    })
    return () => {
      cancelled = true
    }
  }, [routeOnward, next, handedCode, handedVerifier])
}

function PasswordForm({
  form,
  busy,
  onSubmit,
}: {
  form: ReturnType<typeof useSignInForm>
  busy: boolean
  onSubmit(values: SignInValues): Promise<void>
}) {
  const { t } = useTranslation(['auth', 'common'])
  const brand = useBrand()
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('auth:username')}
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t('auth:password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth:submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/account-recovery/email" size="sm">
            {t('auth:forgotPassword')}
          </Anchor>
          {brand.allowRegistration && (
            <Anchor component={Link} to="/register" size="sm">
              {t('auth:register')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  )
}
