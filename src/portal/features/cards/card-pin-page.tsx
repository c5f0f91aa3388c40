// /card/{accountId}/pin (issue 17): show the PIN - after the approval the customer's two-step
// mode asks for (cardPinShow names it; the code popup of the transfers takes the code;
// cardPinGet answers the PIN) - and change it (pin and its repeat, confirmed). Each part shows
// only when the card's flags allow it (not for a fraud card, section 4).
import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { api } from '../../api/client.ts'
import { failureText } from '../../components/transfer/transfer-display.ts'
import {
  asksForCode,
  CodeStepPopup,
  type CodeApprovalType,
} from '../../components/transfer/transfer-popups.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { useCards, cardPath, type Card } from './card-data.ts'
import { CardFace } from './card-face.tsx'
import { Failure, Notice } from './card-notice.tsx'
import { useCardAction, type ActionResult, type Report } from './use-card-action.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['cards', 'common'])
  const accountId = Number(useParams().accountId)
  const state = useCards({ accountId })
  const [notice, setNotice] = useState<ActionResult | null>(null)
  const closeNotice = useCallback(() => setNotice(null), [])
  const card = state.status === 'ready' ? state.cards[0] : undefined
  return (
    <Stack maw={640}>
      <Anchor component={Link} to={cardPath({ accountId })} size="sm">
        {t('backToCard')}
      </Anchor>
      <Title order={1} size="h2">
        {t('pin.title')}
      </Title>
      <Notice result={notice} onClose={closeNotice} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Failure failure={state.failure} />}
      {state.status === 'ready' && !card && <Text role="alert">{t('notFound')}</Text>}
      {card && (
        <>
          <CardFace card={card} />
          {!card.flags.canShowPin && !card.flags.canChangePin && (
            <Text data-testid="pin-unavailable">{t('pin.unavailable')}</Text>
          )}
          {card.flags.canShowPin && <ShowPin card={card} report={setNotice} />}
          {card.flags.canChangePin && <ChangePin card={card} report={setNotice} />}
        </>
      )}
    </Stack>
  )
}

interface Approval {
  approveType: CodeApprovalType
  operationId: string
  sentTo?: string | undefined
}

/**
 * Show PIN's steps: cardPinShow, then the approval it names (the code popup) and cardPinGet;
 * a refusal goes to the page's notice.
 */
function usePinReveal(card: Card, report: Report) {
  const { t } = useTranslation(['cards', 'common'])
  const [pin, setPin] = useState<string | null>(null)
  const [approval, setApproval] = useState<Approval | null>(null)
  const [busy, setBusy] = useState(false)
  const id = { accountId: card.accountId }

  async function call<T extends { responseCode?: string }>(
    ask: () => Promise<{ data?: T | undefined; response: Response }>,
  ): Promise<T | undefined> {
    setBusy(true)
    report(null)
    try {
      const { data, response } = await ask()
      if (data?.responseCode === ResponseCode.Success) return data
      report({ ok: false, failure: failureText(data as never, response.status) })
    } catch {
      report({ ok: false, failure: { title: null, text: t('common:errors.network') } })
    } finally {
      setBusy(false)
    }
    return undefined
  }

  async function show() {
    const reply = await call(() => api.POST('/rpc/cardPinShow', { body: id }))
    if (!reply) return
    if (reply.pinCode) setPin(reply.pinCode)
    else if (asksForCode(reply.approveType) && reply.operationId)
      setApproval({
        approveType: reply.approveType,
        operationId: reply.operationId,
        sentTo: reply.approvalSentTo,
      })
  }

  async function approve(step: Approval, approvalCode: string) {
    const reply = await call(() =>
      api.POST('/rpc/cardPinGet', { body: { ...id, operationId: step.operationId, approvalCode } }),
    )
    setApproval(null)
    if (reply?.pinCode) setPin(reply.pinCode)
  }

  return { pin, setPin, approval, setApproval, busy, show, approve }
}

function ShowPin({ card, report }: { card: Card; report: Report }) {
  const { t } = useTranslation(['cards', 'common'])
  const { pin, setPin, approval, setApproval, busy, show, approve } = usePinReveal(card, report)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pin-show-title">
      <Stack>
        <Title order={2} size="h4" id="pin-show-title">
          {t('pin.showTitle')}
        </Title>
        {pin ? (
          <Group justify="space-between">
            <Text
              ff="monospace"
              fz={32}
              fw={700}
              translate="no"
              data-testid="pin-code"
              style={{ letterSpacing: '0.3em' }}
            >
              {pin}
            </Text>
            <Button variant="default" onClick={() => setPin(null)}>
              {t('pin.hide')}
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm">{t('pin.showText')}</Text>
            <Group justify="flex-end">
              <Button onClick={() => void show()} loading={busy}>
                {t('pin.show')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      {approval && (
        <CodeStepPopup
          approveType={approval.approveType}
          sentTo={approval.sentTo}
          busy={busy}
          onSubmit={(code) => void approve(approval, code)}
          onCancel={() => setApproval(null)}
        />
      )}
    </Paper>
  )
}

function ChangePin({ card, report }: { card: Card; report: Report }) {
  const { t } = useTranslation('cards')
  const change = useCardAction('cardPinChange', report)
  const [pin, setPin] = useState('')
  const [repeat, setRepeat] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!/^[0-9]{4}$/.test(pin)) found.pin = t('pin.fourDigits')
    if (repeat !== pin) found.repeat = t('pin.mismatch')
    if (!confirmed) found.confirm = t('pin.confirmRequired')
    setInvalid(found)
    if (Object.keys(found).length > 0) return
    const reply = await change.run(
      () => ({ accountId: card.accountId, confirm: true, pin, pinRepeat: repeat }),
      t('done.pinChanged'),
    )
    if (reply) {
      setPin('')
      setRepeat('')
      setConfirmed(false)
    }
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pin-change-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="pin-change-title">
            {t('pin.changeTitle')}
          </Title>
          <PinField label={t('pin.new')} value={pin} onChange={setPin} error={invalid.pin} />
          <PinField
            label={t('pin.repeat')}
            value={repeat}
            onChange={setRepeat}
            error={invalid.repeat}
          />
          <Checkbox
            label={t('pin.confirm')}
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
            error={invalid.confirm}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.busy}>
              {t('pin.change')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

/** A four-digit PIN, hidden as typed, never offered by the browser's autofill. */
function PinField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}) {
  return (
    <PasswordInput
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      inputMode="numeric"
      maxLength={4}
      autoComplete="off"
      error={props.error}
      required
    />
  )
}
