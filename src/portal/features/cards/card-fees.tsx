// The fee table of a card (product-spec section 3, Card application fees): annual, issue and
// monthly, in the fees' currency, and the accounts a fee may be taken from.
import { useTranslation } from 'react-i18next'
import { NativeSelect, Table } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { accountLabel } from '../../components/transfer/use-own-accounts.ts'
import type { Account } from './card-data.ts'

type Fees = components['schemas']['CardApplicationFees']

export function FeeTable({
  fees,
  extra,
}: {
  fees: Fees
  extra?: { label: string; value: string }
}) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  const rows = [
    { name: 'issue', value: money(fees.issue, fees.currency) },
    { name: 'annual', value: money(fees.annual, fees.currency) },
    { name: 'monthly', value: money(fees.monthly, fees.currency) },
  ]
  return (
    <Table
      variant="vertical"
      layout="fixed"
      withTableBorder
      captionSide="top"
      data-testid="fee-table"
    >
      <Table.Caption>{t('fees.title')}</Table.Caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Th w="55%">{t(`fees.${row.name}`)}</Table.Th>
            <Table.Td data-testid={`fee-${row.name}`}>{row.value}</Table.Td>
          </Table.Tr>
        ))}
        {extra && (
          <Table.Tr>
            <Table.Th>{extra.label}</Table.Th>
            <Table.Td fw={700} data-testid="fee-total">
              {extra.value}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  )
}

/** A choice among payment accounts, each with its balance. */
export function AccountChoice(props: {
  label: string
  accounts: Account[]
  value: string
  onChange(value: string): void
  error?: string | null | undefined
}) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  return (
    <NativeSelect
      label={props.label}
      data={[
        { value: '', label: t('chooseAccount') },
        ...props.accounts.map((account) => ({
          value: String(account.accountId),
          label: accountLabel(account, money(account.balance, account.currencyCode)),
        })),
      ]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      required
    />
  )
}
