// /login: e-mail and password, PKCE behind the scenes. An already signed-in visitor whose
// session still refreshes goes straight home (product-spec section 2).
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  Center,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useBrand } from '../../brand/brand-context.tsx'
import { logoUrl } from '../../brand/resolve-brand.ts'
import { session } from '../../api/client.ts'
import { LanguageSelect } from '../../app/language-select.tsx'
import { signIn } from './sign-in.ts'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function Component() {
  const { t } = useTranslation(['auth', 'common'])
  const brand = useBrand()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (emailPattern.test(value.trim()) ? null : t('auth:usernameInvalid')),
      password: (value) => (value.length > 0 ? null : t('auth:passwordRequired')),
    },
  })
  const next = params.get('next')
  // Only a local path: an absolute or protocol-relative URL would be an open redirect.
  const target = next?.startsWith('/') && !next.startsWith('//') ? next : '/home'
  const reason = params.get('reason')

  useEffect(() => {
    if (!session.isSignedIn) return
    let cancelled = false
    void session.refresh().then((ok) => {
      if (ok && !cancelled) navigate(target, { replace: true })
    })
    return () => {
      cancelled = true
    }
  }, [navigate, target])

  async function submit(values: typeof form.values) {
    setBusy(true)
    setError(null)
    const result = await signIn(values.username.trim(), values.password)
    setBusy(false)
    if (result.ok) {
      navigate(target, { replace: true })
      return
    }
    switch (result.kind) {
      case 'refused':
      case 'blocked':
        setError(result.message)
        break
      case 'invalid':
        form.setErrors(result.fields)
        break
      case 'unsupported-flow':
        setError(t('auth:flowNotSupported'))
        break
      case 'network':
        setError(t('common:errors.network'))
        break
      default:
        setError(t('common:errors.unknown'))
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <Image src={logoUrl(brand)} alt={brand.projectName} h={40} w="auto" fit="contain" />
            <Title order={1} size="h2">
              {t('auth:title')}
            </Title>
            <Text c="dimmed">{t('auth:subtitle', { brand: brand.projectName })}</Text>
            {!error && (reason === 'expired' || reason === 'idle') && (
              <Alert color="yellow" role="status">
                {t(reason === 'idle' ? 'common:errors.idle' : 'common:errors.sessionExpired')}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" title={t('common:errors.error')}>
                {error}
              </Alert>
            )}
            <TextInput
              label={t('auth:username')}
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={t('auth:password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('auth:submit')}
            </Button>
            <LanguageSelect />
          </Stack>
        </form>
      </Paper>
    </Center>
  )
}
