// The code entry popup of the changes that wait for a code: "Change-password approval", a
// two-step mode change, a device's approval (product-spec section 2, Popups). A wrong code
// stays in the popup with its message (section 8: a 400 on code confirm shows the message in
// the code popup); the page decides what a canceled confirmation shows. Mantine's Modal
// traps the focus and gives it to the code field.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'

/** What the page made of a code: right (the page closes the popup) or wrong, with why. */
export type CodeVerdict = { right: true } | { right: false; message: string }

export interface CodePopupProps {
  /** The popup's title, naming the change. */
  title: string
  /** The masked destination the code went to, if the server said. */
  sentTo?: string | undefined
  /** Shown above the code field (a QR code to scan first, for example). */
  children?: ReactNode
  onSubmit(code: string): Promise<CodeVerdict>
  onCancel(): void
}

export function CodePopup({ title, onCancel, ...form }: CodePopupProps) {
  return (
    <Modal opened onClose={onCancel} title={title} centered closeOnClickOutside={false}>
      <CodeForm onCancel={onCancel} {...form} />
    </Modal>
  )
}

/** The code field with its buttons, for a popup that has other steps before it. */
export function CodeForm({ sentTo, children, onSubmit, onCancel }: Omit<CodePopupProps, 'title'>) {
  const { t } = useTranslation('security')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const value = code.trim()
    if (value.length === 0) {
      setError(t('code.required'))
      return
    }
    setBusy(true)
    const verdict = await onSubmit(value)
    setBusy(false)
    if (!verdict.right) setError(verdict.message)
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        {children}
        <Text size="sm">
          {sentTo ? t('code.sentTo', { destination: sentTo }) : t('code.enter')}
        </Text>
        <TextInput
          label={t('code.label')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value)
            setError(null)
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={64}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('code.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('code.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
