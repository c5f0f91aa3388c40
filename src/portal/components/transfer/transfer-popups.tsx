// The transfer popups of product-spec section 2: the response popup with an optional
// go-to-home button, the push approval confirm, the SMS (or other) code approval and the
// success approval. Texts follow section 8: "Payment Confirmation" heads the outcome,
// "Successfully submitted" a success, "Failed transaction" a failure without a message.
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { ApprovalType } from '../../../generated/constants.ts'
import type { FailureText } from './transfer-display.ts'

/** What the popup after a step shows. */
export type Outcome =
  | { kind: 'success'; lines: string[] }
  | { kind: 'requestCreated' }
  | { kind: 'failure'; failure: FailureText }

/** The response popup; `withHome` adds the go-to-home button (section 2). */
export function OutcomePopup(props: {
  outcome: Outcome | null
  onClose(): void
  withHome?: boolean
  /** A failed approval offers to enter the code again (section 4: stay on the page). */
  onRetry?: () => void
}) {
  const { t } = useTranslation(['transfers', 'common'])
  const navigate = useNavigate()
  const { outcome } = props
  if (!outcome) return null
  let title: string
  let body: ReactNode
  if (outcome.kind === 'success') {
    title = t('transfers:popup.confirmation')
    body = (
      <Stack gap="xs" data-testid="transfer-success">
        <Text fw={600}>{t('transfers:popup.submitted')}</Text>
        {outcome.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    )
  } else if (outcome.kind === 'requestCreated') {
    title = t('transfers:popup.confirmation')
    body = <Text data-testid="transfer-request-created">{t('transfers:popup.requestCreated')}</Text>
  } else {
    const { failure } = outcome
    title = failure.title ?? t('common:errors.error')
    const text = failure.text ?? (failure.title ? null : t('transfers:popup.failed'))
    body = text && (
      <Text role="alert" data-testid="transfer-failure">
        {text}
      </Text>
    )
  }
  return (
    <Modal opened onClose={props.onClose} title={title} centered>
      {body}
      <Group justify="flex-end" mt="md">
        {props.withHome && outcome.kind !== 'failure' && (
          <Button variant="default" onClick={() => void navigate('/home')}>
            {t('transfers:popup.home')}
          </Button>
        )}
        {props.onRetry && outcome.kind === 'failure' && (
          <Button variant="default" onClick={props.onRetry}>
            {t('transfers:code.again')}
          </Button>
        )}
        <Button onClick={props.onClose}>{t('common:close')}</Button>
      </Group>
    </Modal>
  )
}

/** The approval types that ask for a code (section 4); type None needs no step. */
export type CodeApprovalType = Exclude<ApprovalType, typeof ApprovalType.None>

/** Whether an answer's approval type asks for a code before the transfer is done. */
export function asksForCode(type: ApprovalType | undefined): type is CodeApprovalType {
  return type !== undefined && type !== ApprovalType.None
}

export interface CodeStepProps {
  /** How the code reaches the person: push, SMS, OTP app or approval code. */
  approveType: CodeApprovalType
  sentTo?: string | undefined
  busy: boolean
  onSubmit(code: string): void
  /** Sends the code again (or a new one); answers where it went. */
  onResend?: () => Promise<string | undefined>
  onCancel(): void
}

const codeTitles = {
  [ApprovalType.Push]: 'push',
  [ApprovalType.Sms]: 'sms',
  [ApprovalType.Otp]: 'otp',
  [ApprovalType.ApprovalCode]: 'approvalCode',
} as const

/** The code approval popup; for push it is the push confirm with the e-mailed code under it. */
export function CodeStepPopup(props: CodeStepProps) {
  const { t } = useTranslation('transfers')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState(props.sentTo)
  const fromApp = props.approveType === ApprovalType.Otp && !sentTo
  const [resent, setResent] = useState(false)
  const [invalid, setInvalid] = useState(false)
  const kind = codeTitles[props.approveType]
  async function resend() {
    if (!props.onResend) return
    const where = await props.onResend()
    setSentTo(where ?? sentTo)
    setResent(true)
  }
  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!/^[0-9]{4,8}$/.test(code.trim())) {
      setInvalid(true)
      return
    }
    props.onSubmit(code.trim())
  }
  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={t(`code.title.${kind}`)}
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {props.approveType === ApprovalType.Push && (
            <Alert color="blue">{t('code.pushText')}</Alert>
          )}
          <Text size="sm">
            {sentTo
              ? t('code.sentTo', { destination: sentTo })
              : t(fromApp ? 'code.fromApp' : 'code.enter')}
          </Text>
          {resent && (
            <Text size="sm" c="green" role="status">
              {t('code.resent')}
            </Text>
          )}
          <TextInput
            label={t('code.label')}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value)
              setInvalid(false)
            }}
            error={invalid ? t('code.invalid') : null}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            data-autofocus
            required
          />
          <CodeStepActions
            approveType={props.approveType}
            busy={props.busy}
            // An authenticator app's code is never sent, so there is nothing to send again.
            {...(props.onResend && !fromApp && { onResend: () => void resend() })}
            onCancel={props.onCancel}
          />
        </Stack>
      </form>
    </Modal>
  )
}

interface CodeStepActionsProps {
  approveType: CodeApprovalType
  busy: boolean
  /** Absent when there is nothing to send again; an empty space keeps the layout. */
  onResend?: () => void
  onCancel(): void
}

function CodeStepActions({ approveType, busy, onResend, onCancel }: CodeStepActionsProps) {
  const { t } = useTranslation('transfers')
  return (
    <Group justify="space-between" wrap="wrap">
      {onResend ? (
        <Button variant="subtle" onClick={onResend} disabled={busy}>
          {approveType === ApprovalType.ApprovalCode ? t('code.generate') : t('code.resend')}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('code.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('code.submit')}
        </Button>
      </Group>
    </Group>
  )
}
