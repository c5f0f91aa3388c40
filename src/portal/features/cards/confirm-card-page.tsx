// /confirm-card/{cardId} (product-spec section 2; issue 17): the application's fee table
// (annual, issue, monthly, from applyForCardInfo for the card's product) and what confirming
// takes now (the issue and shipping fees the application quoted); Confirm takes it through the
// ledger and opens the new card's page. A card already confirmed only links to its page.
import { useCallback, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { AccountStatus, ResponseCode } from '../../../generated/constants.ts'
import { cardPath, useCards } from './card-data.ts'
import { CardFace } from './card-face.tsx'
import { FeeTable } from './card-fees.tsx'
import { Failure, Notice } from './card-notice.tsx'
import { useCardAction, type ActionResult } from './use-card-action.ts'
import { Loading } from '../../components/loading.tsx'

type Fee = components['schemas']['Fee']

export function Component() {
  const { t } = useTranslation(['cards', 'common'])
  const money = useMoney()
  const navigate = useNavigate()
  const cardId = Number(useParams().cardId)
  const quoted = (useLocation().state as { fee?: Fee } | null)?.fee
  const state = useCards({ accountId: cardId })
  const card = state.status === 'ready' ? state.cards[0] : undefined
  const quote = useOperationQuery(
    'applyForCardInfo',
    { type: card?.type ?? 2006 },
    { enabled: Boolean(card) },
  )
  const fees =
    quote.data?.data?.responseCode === ResponseCode.Success ? quote.data.data.fees : undefined
  const [notice, setNotice] = useState<ActionResult | null>(null)
  const closeNotice = useCallback(() => setNotice(null), [])
  const confirm = useCardAction('cardApplicationConfirm', setNotice)

  async function submit() {
    const reply = await confirm.run(
      (idempotencyKey) => ({ cardId, idempotencyKey }),
      t('confirm.done'),
    )
    if (!reply) return
    const text = reply.fee
      ? t('confirm.doneFee', { fee: money(reply.fee.fee, reply.fee.feeCurrencyCode) })
      : t('confirm.done')
    await navigate(cardPath({ accountId: cardId }), { state: { notice: text } })
  }

  const submitted = card?.accountStatusId === AccountStatus.Submitted
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('confirm.title')}
      </Title>
      <Notice result={notice} onClose={closeNotice} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Failure failure={state.failure} />}
      {state.status === 'ready' && !card && <Text role="alert">{t('notFound')}</Text>}
      {card && !submitted && (
        <Text data-testid="confirm-already">
          {t('confirm.already')}{' '}
          <Anchor component={Link} to={cardPath(card)}>
            {t('confirm.openCard')}
          </Anchor>
        </Text>
      )}
      {card && submitted && (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <CardFace card={card} />
            <Text size="sm">{t('confirm.text')}</Text>
            {fees ? (
              <FeeTable
                fees={fees}
                {...(quoted && {
                  extra: {
                    label: t('confirm.now'),
                    value: money(quoted.fee, quoted.feeCurrencyCode),
                  },
                })}
              />
            ) : (
              <Loading />
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/add-card">
                {t('confirm.back')}
              </Button>
              <Button
                onClick={() => void submit()}
                loading={confirm.busy}
                data-testid="confirm-card"
              >
                {t('confirm.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
