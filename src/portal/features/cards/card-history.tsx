// A card's authorisations (holds awaiting settlement), 10 a page (product-spec section 9): a
// debit card's from its settlement account (debitCardAuthorizationList, shown only for
// settlement accounts, section 6), any other card's from the card's own account
// (currentAccountAuthorizationList).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { ScrollTable } from '../../components/scroll-table.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import type { Card } from './card-data.ts'
import { Loading } from '../../components/loading.tsx'

const pageSize = 10

function useAuthorizations(card: Card, pageNumber: number) {
  const settlement = card.flags.isDebit ? card.settlementAccountId : undefined
  const paging = { pageNumber, pageSize }
  const debit = useOperationQuery(
    'debitCardAuthorizationList',
    { accountId: settlement ?? 0, ...paging },
    { enabled: settlement !== undefined },
  )
  const current = useOperationQuery(
    'currentAccountAuthorizationList',
    { accountId: card.accountId, ...paging },
    { enabled: settlement === undefined },
  )
  return settlement !== undefined ? debit : current
}

export function CardHistory({ card }: { card: Card }) {
  const { t, i18n } = useTranslation(['cards', 'common'])
  const money = useMoney()
  const [page, setPage] = useState(1)
  const query = useAuthorizations(card, page)
  const reply = query.data?.data
  const rows = reply?.responseCode === ResponseCode.Success ? (reply.authorizations ?? []) : []
  const pages = Math.max(1, Math.ceil((reply?.total ?? 0) / pageSize))
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="card-history-title">
      <Stack>
        <Title order={2} size="h4" id="card-history-title">
          {t('history.title')}
        </Title>
        {query.isPending && <Loading />}
        {reply && rows.length === 0 && (
          <Text data-testid="card-history-empty">{t('history.empty')}</Text>
        )}
        {rows.length > 0 && (
          <ScrollTable minWidth={520} label={t('history.title')}>
            <Table data-testid="card-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.date')}</Table.Th>
                  <Table.Th>{t('history.merchant')}</Table.Th>
                  <Table.Th>{t('history.status')}</Table.Th>
                  <Table.Th ta="right">{t('history.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{date.format(new Date(row.date))}</Table.Td>
                    <Table.Td translate="no">{row.merchantName ?? row.description ?? ''}</Table.Td>
                    <Table.Td>{row.status ?? ''}</Table.Td>
                    <Table.Td ta="right">{money(row.amount, row.currencyCode)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            aria-label={t('history.pages')}
          />
        )}
      </Stack>
    </Paper>
  )
}
