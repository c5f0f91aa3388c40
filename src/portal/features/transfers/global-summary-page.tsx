// /transfer/external/global-summary?transactionId=<id>: the page after a global payment is sent
// (product-spec routes; issue 16). What was sent, to whom, the fee, where it stands (waiting for
// the recipient, paid out, or back with the sender) and that the recipient was e-mailed a link
// and has so many days; Send another and History. It reads the payment from the history by the
// id in its address, so a reload (or a link from elsewhere) shows the same.
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Table, Title } from '@mantine/core'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useReloadOnTransactions } from '../../api/use-reload-on-transactions.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { Loading } from '../../components/loading.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { globalPaymentDaysLeft } from '../../../shared/global-payment.ts'
import {
  globalSendPath,
  globalSummaryOf,
  transactionIdOf,
  type GlobalSummary,
} from './global-send.ts'

/** The payment of the id, as the history has it: undefined while asked, null when none. */
function useGlobalSummary(transactionId: number | undefined): GlobalSummary | null | undefined {
  const query = useOperationQuery(
    'transactionHistoryList',
    { keyword: String(transactionId ?? ''), pageNumber: 1, pageSize: 20 },
    { enabled: transactionId !== undefined },
  )
  useReloadOnTransactions(['transactionHistoryList'])
  if (transactionId === undefined) return null
  if (query.isPending) return undefined
  const reply = query.data?.data
  if (reply?.responseCode !== ResponseCode.Success) return null
  return globalSummaryOf(reply.transactions ?? [], transactionId) ?? null
}

export function Component() {
  const { t } = useTranslation(['global-send', 'common'])
  const { search } = useLocation()
  const summary = useGlobalSummary(transactionIdOf(search))
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('summary.title')}
      </Title>
      {summary === undefined && <Loading />}
      {summary === null && (
        <Alert color="yellow" role="status" data-testid="global-summary-missing">
          {t('summary.missing')}
        </Alert>
      )}
      {summary && <SummaryPanel summary={summary} />}
      <Group>
        <Button component={Link} to={globalSendPath}>
          {t('summary.sendAnother')}
        </Button>
        <Button component={Link} to="/history" variant="default">
          {t('summary.history')}
        </Button>
      </Group>
    </Stack>
  )
}

function SummaryPanel({ summary }: { summary: GlobalSummary }) {
  const { t } = useTranslation('global-send')
  const money = useMoney()
  const recipient = summary.name ? `${summary.name} (${summary.email})` : summary.email
  const waiting = summary.status === 'processing'
  const rows = [
    { name: 'sent', value: money(summary.amount, summary.currencyCode), strong: true },
    { name: 'recipient', value: recipient, verbatim: true },
    {
      name: 'fee',
      value: summary.fee ? money(summary.fee, summary.currencyCode) : t('summary.noFee'),
    },
    { name: 'status', value: t(`summary.statuses.${summary.status}`) },
    { name: 'transactionId', value: String(summary.transactionId) },
  ]
  return (
    <Paper withBorder p="md" radius="md" data-testid="global-summary">
      <Stack>
        <Alert
          color={waiting ? 'blue' : summary.status === 'completed' ? 'green' : 'red'}
          // A long e-mail breaks anywhere rather than leave the box on a phone.
          style={{ overflowWrap: 'anywhere' }}
          data-testid="global-summary-note"
        >
          {waiting
            ? t('summary.emailed', {
                email: summary.email,
                count: globalPaymentDaysLeft(new Date(summary.date)),
              })
            : t(`summary.ended.${summary.status}`)}
        </Alert>
        <Table variant="vertical" withTableBorder={false} layout="fixed">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Th w="40%" fw={400} style={{ verticalAlign: 'top' }}>
                  {t(`summary.${row.name}`)}
                </Table.Th>
                <Table.Td
                  fw={row.strong ? 700 : 500}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid={`summary-${row.name}`}
                  translate={row.verbatim ? 'no' : undefined}
                >
                  {row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  )
}
