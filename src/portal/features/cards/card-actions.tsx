// The actions of a card's page (issue 17): exactly those its flags allow - activate, load,
// pause or unpause, show and change the PIN, rename, reissue, upgrade the shipping, block
// (after a confirmation, for good). A card with none says so.
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { hasAction, type Card } from './card-rules.ts'
import { useCardAction, type Report } from './use-card-action.ts'
import { ActivateButton } from './card-activation.tsx'
import { DialogButtons, useDialogReport } from './dialog-buttons.tsx'

type Dialog = 'rename' | 'reissue' | 'upgrade' | 'block' | null

export function CardActions(props: {
  card: Card
  report: Report
  onLoad?: () => void
  /** The PIN an activation answered, for the page to show once. */
  onPin(pin: string): void
}) {
  const { t } = useTranslation('cards')
  const { card, report } = props
  const { flags } = card
  const [dialog, setDialog] = useState<Dialog>(null)
  const pause = useCardAction('cardPause', report)
  const unpause = useCardAction('cardUnpause', report)
  const id = { accountId: card.accountId }
  if (!hasAction(flags)) return <Text data-testid="card-no-actions">{t('actions.none')}</Text>
  const close = () => setDialog(null)
  return (
    <>
      <Group gap="sm" role="group" aria-label={t('actions.title')} data-testid="card-actions">
        {flags.canActivate && <ActivateButton card={card} report={report} onPin={props.onPin} />}
        {flags.canLoad && props.onLoad && (
          <Button onClick={props.onLoad}>{t('actions.load')}</Button>
        )}
        {flags.canPause && (
          <Button
            variant="light"
            loading={pause.busy}
            onClick={() => void pause.run(() => id, t('done.paused'))}
          >
            {t('actions.pause')}
          </Button>
        )}
        {flags.canUnpause && (
          <Button
            variant="light"
            loading={unpause.busy}
            onClick={() => void unpause.run(() => id, t('done.unpaused'))}
          >
            {t('actions.unpause')}
          </Button>
        )}
        {(flags.canShowPin || flags.canChangePin) && (
          <Button variant="light" component={Link} to={`/card/${card.accountId}/pin`}>
            {t('actions.pin')}
          </Button>
        )}
        {flags.canEditName && (
          <Button variant="default" onClick={() => setDialog('rename')}>
            {t('actions.rename')}
          </Button>
        )}
        {flags.canReissue && (
          <Button variant="default" onClick={() => setDialog('reissue')}>
            {t('actions.reissue')}
          </Button>
        )}
        {flags.canUpgradeShipping && (
          <Button variant="default" onClick={() => setDialog('upgrade')}>
            {t('actions.upgrade')}
          </Button>
        )}
        {flags.canBlock && (
          <Button color="red.8" variant="outline" onClick={() => setDialog('block')}>
            {t('actions.block')}
          </Button>
        )}
      </Group>
      {dialog === 'rename' && <RenameDialog card={card} report={report} onClose={close} />}
      {dialog === 'reissue' && <ReissueDialog card={card} report={report} onClose={close} />}
      {dialog === 'upgrade' && <UpgradeDialog card={card} report={report} onClose={close} />}
      {dialog === 'block' && <BlockDialog card={card} report={report} onClose={close} />}
    </>
  )
}

interface DialogProps {
  card: Card
  report: Report
  onClose(): void
}

function RenameDialog({ card, onClose, ...props }: DialogProps) {
  const { report, failure } = useDialogReport(props.report)
  const { t } = useTranslation('cards')
  const rename = useCardAction('cardAliasNameSet', report)
  const [name, setName] = useState(card.cardAliasName ?? '')
  const [invalid, setInvalid] = useState(false)
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    // Section 5: names are trimmed and repeated whitespace collapsed.
    const alias = name.trim().replace(/\s+/g, ' ')
    if (!alias) {
      setInvalid(true)
      return
    }
    const reply = await rename.run(
      () => ({ accountId: card.accountId, cardAliasName: alias }),
      t('done.renamed'),
    )
    if (reply) onClose()
  }
  return (
    <Modal opened onClose={onClose} title={t('rename.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure}
          <TextInput
            label={t('rename.label')}
            value={name}
            maxLength={64}
            onChange={(event) => {
              setName(event.currentTarget.value)
              setInvalid(false)
            }}
            error={invalid ? t('errors.required') : null}
            data-autofocus
            required
          />
          <DialogButtons busy={rename.busy} onClose={onClose} submit={t('rename.save')} />
        </Stack>
      </form>
    </Modal>
  )
}

function ReissueDialog({ card, onClose, ...props }: DialogProps) {
  const { report, failure } = useDialogReport(props.report)
  const { t } = useTranslation('cards')
  const money = useMoney()
  const reissue = useCardAction('cardReissue', report)
  const [express, setExpress] = useState(false)
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const reply = await reissue.run(
      (idempotencyKey) => ({
        accountId: card.accountId,
        isExpressShipping: express,
        idempotencyKey,
      }),
      t('done.reissued'),
    )
    if (!reply) return
    if (reply.fee)
      report({
        ok: true,
        text: t('done.reissuedFee', { fee: money(reply.fee.fee, reply.fee.feeCurrencyCode) }),
      })
    onClose()
  }
  return (
    <Modal opened onClose={onClose} title={t('reissue.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure}
          <Text size="sm">{t('reissue.text')}</Text>
          <Checkbox
            label={t('reissue.express')}
            checked={express}
            onChange={(event) => setExpress(event.currentTarget.checked)}
          />
          <DialogButtons busy={reissue.busy} onClose={onClose} submit={t('reissue.submit')} />
        </Stack>
      </form>
    </Modal>
  )
}

function UpgradeDialog({ card, onClose, ...props }: DialogProps) {
  const { report, failure } = useDialogReport(props.report)
  const { t } = useTranslation('cards')
  const money = useMoney()
  const upgrade = useCardAction('cardShippingUpgrade', report)
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const reply = await upgrade.run(
      (idempotencyKey) => ({ accountId: card.accountId, idempotencyKey }),
      t('done.upgraded'),
    )
    if (!reply) return
    if (reply.fee)
      report({
        ok: true,
        text: t('done.upgradedFee', { fee: money(reply.fee.fee, reply.fee.feeCurrencyCode) }),
      })
    onClose()
  }
  return (
    <Modal opened onClose={onClose} title={t('upgrade.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure}
          <Text size="sm">{t('upgrade.text')}</Text>
          <DialogButtons busy={upgrade.busy} onClose={onClose} submit={t('upgrade.submit')} />
        </Stack>
      </form>
    </Modal>
  )
}

function BlockDialog({ card, onClose, ...props }: DialogProps) {
  const { report, failure } = useDialogReport(props.report)
  const { t } = useTranslation('cards')
  const block = useCardAction('cardBlock', report)
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const reply = await block.run(() => ({ accountId: card.accountId }), t('done.blocked'))
    if (reply) onClose()
  }
  return (
    <Modal opened onClose={onClose} title={t('block.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure}
          <Text>{t('block.text')}</Text>
          <DialogButtons busy={block.busy} onClose={onClose} submit={t('block.submit')} danger />
        </Stack>
      </form>
    </Modal>
  )
}
