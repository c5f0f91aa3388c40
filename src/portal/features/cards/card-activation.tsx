// Activating a shipped card (product-spec section 7, activation): what it costs and the extra
// fields it needs (cardActivationDataGet), the account the fee is taken from, then the PIN,
// shown once in a dialog the person closes when they have it.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { usePaymentAccounts, type Card } from './card-data.ts'
import { AccountChoice, FeeTable } from './card-fees.tsx'
import { DialogButtons, useDialogReport } from './dialog-buttons.tsx'
import { useCardAction, type Report } from './use-card-action.ts'
import { Loading } from '../../components/loading.tsx'

/** Activate and its dialog; the PIN goes to `onPin`, whose dialog outlives this button. */
export function ActivateButton(props: { card: Card; report: Report; onPin(pin: string): void }) {
  const { card, report } = props
  const { t } = useTranslation('cards')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('actions.activate')}</Button>
      {open && (
        <ActivateDialog
          card={card}
          report={report}
          onClose={() => setOpen(false)}
          onPin={(code) => {
            setOpen(false)
            props.onPin(code)
          }}
        />
      )}
    </>
  )
}

function ActivateDialog(props: {
  card: Card
  report: Report
  onClose(): void
  onPin(pin: string): void
}) {
  const { t } = useTranslation(['cards', 'common'])
  const { card } = props
  const data = useOperationQuery('cardActivationDataGet', { accountId: card.accountId })
  const reply = data.data?.data
  const accounts = usePaymentAccounts()
  const { report, failure } = useDialogReport(props.report)
  const activate = useCardAction('cardActivate', report)
  const [feeAccount, setFeeAccount] = useState('')
  const [extra, setExtra] = useState<Record<string, string>>({})
  const [invalid, setInvalid] = useState(false)
  const feeCurrency = reply?.feeCurrency ?? reply?.fees?.currency ?? card.currencyCode
  const choices = (accounts ?? []).filter((account) => account.currencyCode === feeCurrency)
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!feeAccount) {
      setInvalid(true)
      return
    }
    const answer = await activate.run(
      (idempotencyKey) => ({
        accountId: card.accountId,
        feeAccountId: Number(feeAccount),
        ...(Object.keys(extra).length > 0 && { extraParams: extra }),
        idempotencyKey,
      }),
      t('done.activated'),
    )
    if (answer?.pinCode) props.onPin(answer.pinCode)
    else if (answer) props.onClose()
  }
  return (
    <Modal opened onClose={props.onClose} title={t('activate.title')} centered>
      {!reply && <Loading />}
      {reply && reply.responseCode === ResponseCode.Success && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {failure}
            <Text size="sm">{t('activate.text')}</Text>
            {reply.fees && <FeeTable fees={reply.fees} />}
            <AccountChoice
              label={t('activate.feeAccount')}
              accounts={choices}
              value={feeAccount}
              onChange={(value) => {
                setFeeAccount(value)
                setInvalid(false)
              }}
              error={invalid ? t('errors.required') : null}
            />
            <ExtraFields
              params={reply.extraParams ?? []}
              values={extra}
              onChange={(name, value) => setExtra((current) => ({ ...current, [name]: value }))}
            />
            <DialogButtons
              busy={activate.busy}
              onClose={props.onClose}
              submit={t('activate.submit')}
            />
          </Stack>
        </form>
      )}
      {reply && reply.responseCode !== ResponseCode.Success && (
        <Text role="alert">{reply.responseDescription ?? t('common:errors.server')}</Text>
      )}
    </Modal>
  )
}

type ExtraParameter = components['schemas']['ExtraParameter']

/** The extra fields activation asks for, labelled in the reader's language when known. */
function ExtraFields(props: {
  params: ExtraParameter[]
  values: Record<string, string>
  onChange(name: string, value: string): void
}) {
  const { t } = useTranslation('cards')
  return props.params.map((param) => (
    <TextInput
      key={param.name}
      label={t(`activate.params.${param.name}`, { defaultValue: param.label ?? param.name })}
      required={param.required}
      value={props.values[param.name] ?? ''}
      onChange={(event) => props.onChange(param.name, event.currentTarget.value)}
    />
  ))
}

/** The PIN, shown once: after this dialog closes it is only shown again after an approval. */
export function PinOnce({ pin, onClose }: { pin: string; onClose(): void }) {
  const { t } = useTranslation('cards')
  return (
    <Modal opened onClose={onClose} title={t('pin.yourPin')} centered closeOnClickOutside={false}>
      <Stack align="center">
        <Title
          order={2}
          ff="monospace"
          translate="no"
          data-testid="pin-code"
          style={{ letterSpacing: '0.3em' }}
        >
          {pin}
        </Title>
        <Text size="sm" ta="center">
          {t('pin.onceText')}
        </Text>
        <Button onClick={onClose}>{t('pin.remembered')}</Button>
      </Stack>
    </Modal>
  )
}
