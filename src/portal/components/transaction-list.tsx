// Transactions as a person reads them (product-spec section 3, History), shared by the history
// page and home's recent transactions: a table where the page beside the menu is wide enough
// (from 992 px), one card per transaction on phones and tablets, so nothing scrolls sideways.
// Amounts keep their sign (money out is negative) and follow the display rule of section 9.
import { useTranslation } from 'react-i18next'
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { components } from '../../generated/api.d.ts'
import { useMoney } from '../i18n/use-money.ts'
import { ScrollTable } from './scroll-table.tsx'

export type Transaction = components['schemas']['Transaction']

const statusColors = { completed: 'green', processing: 'yellow', rejected: 'red' } as const

function isDebit(transaction: Transaction): boolean {
  return transaction.direction === 'debit' || transaction.amount.trim().startsWith('-')
}

type Translate = ReturnType<typeof useTranslation>['t']

/**
 * What the transaction was: the server's words in the reader's language (descriptionKey),
 * else its description, else its type, else its counterparty.
 */
function titleOf(t: Translate, transaction: Transaction): string {
  const key = transaction.descriptionKey
  if (key) {
    return t(`descriptions.${key}`, {
      ...transaction.descriptionParams,
      defaultValue: transaction.description ?? key,
    })
  }
  return (
    transaction.description ||
    transaction.transactionType ||
    transaction.counterpartyName ||
    transaction.counterpartyEmail ||
    `#${transaction.transactionId}`
  )
}

/** A transfer between own accounts is a row on each account: the id alone is not unique. */
function keyOf(transaction: Transaction, index: number): string {
  return `${transaction.transactionId}-${transaction.accountId}-${index}`
}

function counterpartyOf(transaction: Transaction): string {
  return transaction.counterpartyName ?? transaction.counterpartyEmail ?? ''
}

function StatusBadge({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('history')
  return (
    <Badge
      size="sm"
      variant="light"
      color={statusColors[transaction.status]}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {t(`status.${transaction.status}`)}
    </Badge>
  )
}

function Amount({ transaction }: { transaction: Transaction }) {
  const money = useMoney()
  return (
    <Text
      fw={700}
      // A rejected transaction moved nothing: its amount is struck through. Money in is the
      // green of badges, readable on white (app/theme.ts).
      c={
        transaction.status === 'rejected'
          ? 'dimmed'
          : isDebit(transaction)
            ? undefined
            : 'var(--mantine-color-green-light-color)'
      }
      td={transaction.status === 'rejected' ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="transaction-amount"
    >
      {money(transaction.amount, transaction.currencyCode)}
    </Text>
  )
}

/** The date and time in the portal's language. */
function useDateText() {
  const { i18n } = useTranslation('history')
  return (value: string) => new Date(value).toLocaleString(i18n.language)
}

interface TransactionListProps {
  transactions: Transaction[]
  /** Shows the balance after each transaction (the full history does, home does not). */
  withBalance?: boolean
}

export function TransactionList(props: TransactionListProps) {
  return (
    <>
      <TransactionCards {...props} />
      <TransactionTable {...props} />
    </>
  )
}

function TransactionCards(props: TransactionListProps) {
  const { t } = useTranslation('history')
  const date = useDateText()
  const money = useMoney()
  return (
    <Stack hiddenFrom="md" gap="xs">
      {props.transactions.map((transaction, index) => (
        <Paper
          key={keyOf(transaction, index)}
          withBorder
          p="sm"
          radius="md"
          data-testid="transaction-card"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {titleOf(t, transaction)}
            </Text>
            <Amount transaction={transaction} />
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {date(transaction.date)}
            {counterpartyOf(transaction) && (
              <>
                {' · '}
                <span translate="no">{counterpartyOf(transaction)}</span>
              </>
            )}
          </Text>
          <Group justify="space-between" mt={4} gap="xs">
            <StatusBadge transaction={transaction} />
            {props.withBalance && transaction.balance !== undefined && (
              <Text size="xs" c="dimmed">
                {t('balanceAfter', {
                  amount: money(transaction.balance, transaction.currencyCode),
                })}
              </Text>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}

function TransactionTable(props: TransactionListProps) {
  const { t } = useTranslation('history')
  const date = useDateText()
  const money = useMoney()
  return (
    <ScrollTable minWidth={600} visibleFrom="md" label={t('title')}>
      <Table striped data-testid="transaction-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.description')}</Table.Th>
            <Table.Th>{t('columns.counterparty')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th ta="right">{t('columns.amount')}</Table.Th>
            {props.withBalance && <Table.Th ta="right">{t('columns.balance')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.transactions.map((transaction, index) => (
            <Table.Tr key={keyOf(transaction, index)} data-testid="transaction-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(transaction.date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{titleOf(t, transaction)}</Text>
                <Text size="xs" c="dimmed">
                  {t('transactionNumber', { id: transaction.transactionId })}
                </Text>
              </Table.Td>
              {/* A name or an address as the person wrote it: not words to translate. */}
              <Table.Td style={{ overflowWrap: 'anywhere' }} translate="no">
                {counterpartyOf(transaction)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge transaction={transaction} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount transaction={transaction} />
              </Table.Td>
              {props.withBalance && (
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {transaction.balance !== undefined
                    ? money(transaction.balance, transaction.currencyCode)
                    : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
