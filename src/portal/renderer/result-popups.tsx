// The popups a rendered screen shows: the response popup (failure or a value shown once),
// and the confirmation before a delete or an action (product-spec sections 2 and 8).
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { describeFailure, joinValidationErrors } from '../../shared/response-codes.ts'
import type { CallResult } from './call-operation.ts'
import { ResponseCode } from '../../generated/constants.ts'

export interface Popup {
  kind: 'failure' | 'result' | 'errors'
  result: CallResult
  fields?: string[]
}

export function ResponsePopup({ popup, onClose }: { popup: Popup | null; onClose(): void }) {
  const { t } = useTranslation(['screens', 'common'])
  if (!popup) return null
  const { body, status } = popup.result
  let title: string
  let content: React.ReactNode
  if (popup.kind === 'result') {
    title = t('screens:resultTitle')
    content = (
      <Stack>
        <Text>{t('screens:shownOnce')}</Text>
        {(popup.fields ?? []).map((field) => (
          <div key={field}>
            <Text size="sm" fw={600}>
              {t([`forms:fields.${field}`], { defaultValue: field })}
            </Text>
            <Code block data-testid={`result-${field}`}>
              {String(findValue(body, field) ?? '')}
            </Code>
          </div>
        ))}
      </Stack>
    )
  } else if (popup.kind === 'errors') {
    title = t('common:errors.error')
    content = <Text role="alert">{joinValidationErrors(body.errors)}</Text>
  } else {
    const display = describeFailure({ ...body, message: body.message }, status)
    title = display.title ?? t('common:errors.error')
    content = (
      <Text role="alert">{display.text ?? (display.title ? '' : t('common:errors.server'))}</Text>
    )
  }
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {content}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('screens:close')}</Button>
      </Group>
    </Modal>
  )
}

function findValue(body: Record<string, unknown>, field: string): unknown {
  if (field in body) return body[field]
  for (const value of Object.values(body)) {
    if (value && typeof value === 'object' && field in (value as object)) {
      return (value as Record<string, unknown>)[field]
    }
  }
  return undefined
}

export function ConfirmPopup(props: {
  text: string | null
  onConfirm(): void
  onCancel(): void
  busy?: boolean
}) {
  const { t } = useTranslation('screens')
  if (props.text === null) return null
  return (
    <Modal opened onClose={props.onCancel} title={t('confirmTitle')} centered>
      <Text>{props.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onCancel}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm}>
          {t('confirm')}
        </Button>
      </Group>
    </Modal>
  )
}

export function SuccessNotice({ text, onClose }: { text: string | null; onClose(): void }) {
  if (!text) return null
  return (
    <Alert
      color="green"
      withCloseButton
      onClose={onClose}
      role="status"
      data-testid="success-notice"
    >
      {text}
    </Alert>
  )
}

export function isValidationFailure(result: CallResult): boolean {
  return (
    result.body.responseCode === ResponseCode.VerifyError && (result.body.errors?.length ?? 0) > 0
  )
}

export function errorsOf(result: CallResult) {
  return result.body.errors ?? []
}
