// The code step (product-spec section 5, "then approve with a code. The code can be
// re-sent"): the submit e-mailed a code to the recipient; they type it and receive the money,
// or ask for it again. A wrong code is refused under the field with the tries left.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'

export function CodeEntry(props: {
  sentTo: string
  error: string | null
  notice: string | null
  approving: boolean
  resending: boolean
  onApprove(code: string): void
  onResend(): void
}) {
  const { t } = useTranslation('receive')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = code.trim()
    if (!/^[0-9]{4,8}$/.test(typed)) {
      setInvalid(t('code.invalid'))
      return
    }
    setInvalid(null)
    props.onApprove(typed)
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receive-code">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="receive-code" ref={heading} tabIndex={-1}>
            {t('code.title')}
          </Title>
          <Text size="sm" data-testid="receive-code-sent">
            {t('code.sentTo', { email: props.sentTo })}
          </Text>
          {props.notice && (
            <Alert color="blue" role="status" p="xs">
              {props.notice}
            </Alert>
          )}
          <TextInput
            label={t('code.label')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={invalid ?? props.error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={props.onResend} loading={props.resending}>
              {t('code.resend')}
            </Button>
            <Button type="submit" loading={props.approving}>
              {t('code.approve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
