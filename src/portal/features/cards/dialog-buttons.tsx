// Cancel and the dialog's own action, at the foot of every card dialog.
import { useTranslation } from 'react-i18next'
import { Button, Group } from '@mantine/core'

export function DialogButtons(props: {
  busy: boolean
  onClose(): void
  submit: string
  danger?: boolean
}) {
  const { t } = useTranslation('cards')
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onClose} disabled={props.busy}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={props.busy} {...(props.danger && { color: 'red' })}>
        {props.submit}
      </Button>
    </Group>
  )
}
