// Home's top (issue 16 item 7): the total of every account in the customer's main currency and
// the quick actions. The main currency is the first account's (balanceInquiry lists the
// primary account first); another currency counts at the rate the customer would get
// converting it now (exchangeRateGet), so the total is marked as approximate when one does.
// Until the rates are known a placeholder as tall as the total holds its place.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useQueries } from '@tanstack/react-query'
import { Button, Group, Paper, Skeleton, Text } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { operationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { useViewer } from '../../app/viewer.ts'
import { invoiceDialogRoute, mayDo } from '../invoices/invoice-rules.ts'
import { mayOpenMenuPage } from '../../app/menu-page-access.ts'

type Account = components['schemas']['Account']

/** How long a rate for the total is used before it is asked for again. */
const rateFreshMs = 60_000

/** The total in `main`, or null while a rate is unknown; `converted` when a rate was applied. */
function useTotal(accounts: Account[], main: string) {
  const others = [...new Set(accounts.map((a) => a.currencyCode))].filter((c) => c !== main)
  const rates = useQueries({
    queries: others.map((from) => ({
      ...operationQuery('exchangeRateGet', { fromCurrencyCode: from, toCurrencyCode: main }),
      staleTime: rateFreshMs,
    })),
  })
  const rateOf = new Map<string, number>([[main, 1]])
  others.forEach((code, index) => {
    const reply = rates[index]?.data?.data
    if (reply?.responseCode === ResponseCode.Success && reply.exchangeRate) {
      rateOf.set(code, Number(reply.exchangeRate.rate))
    }
  })
  // Whether a rate applies is known from the accounts alone, so its note shows from the start.
  const converted = others.length > 0
  if (accounts.some((a) => !rateOf.has(a.currencyCode))) {
    return { total: null, converted, failed: !rates.some((r) => r.isPending) }
  }
  const cents = accounts.reduce(
    (sum, a) => sum + Math.floor(Number(a.balance) * rateOf.get(a.currencyCode)! * 100),
    0,
  )
  return { total: (cents / 100).toFixed(2), converted, failed: false }
}

export function HomeTotal({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation('home')
  const money = useMoney()
  const main = accounts[0]?.currencyCode ?? ''
  const { total, converted, failed } = useTotal(accounts, main)
  if (!main || failed) return null
  return (
    <Paper withBorder p="md" radius="md" data-testid="home-total">
      <Text size="sm">{t('total.label', { currency: main })}</Text>
      {/* The placeholder and the amount are exactly as tall (40 px), so nothing below moves. */}
      {total === null ? (
        <Skeleton h={36} w="12rem" my={2} />
      ) : (
        <Text fz={30} lh="40px" fw={700} data-testid="home-total-amount">
          {converted ? t('total.about', { amount: money(total, main) }) : money(total, main)}
        </Text>
      )}
      <Text size="xs" c="dimmed" mih="1.2em">
        {converted ? t('total.converted') : ''}
      </Text>
    </Paper>
  )
}

/**
 * Where a customer goes from home most: send to a person (to whom the P2P page opens), add money (a funding invoice), convert between own accounts,
 * request money (an invoice; the requestMoney permission).
 */
export function QuickActions() {
  const { t } = useTranslation('home')
  const viewer = useViewer()
  return (
    <Group gap="sm" data-testid="quick-actions" aria-label={t('actions.title')} role="group">
      {mayOpenMenuPage('transferP2p', viewer) && (
        <Button component={Link} to="/transfer/p2p">
          {t('actions.send')}
        </Button>
      )}
      {mayDo(viewer, 'addMoney') && (
        <Button component={Link} to={invoiceDialogRoute.addMoney} variant="light">
          {t('actions.addMoney')}
        </Button>
      )}
      <Button component={Link} to="/transfer/account" variant="light">
        {t('actions.convert')}
      </Button>
      {mayDo(viewer, 'request') && (
        <Button component={Link} to={invoiceDialogRoute.request} variant="light">
          {t('actions.request')}
        </Button>
      )}
    </Group>
  )
}
