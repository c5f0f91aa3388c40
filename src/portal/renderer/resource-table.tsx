// The rows of a resource screen as a table: one column per described column, each value
// shown by its format (yes/no badge, date, amount, translated option), and the row actions.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Stack, Table, Text } from '@mantine/core'
import { formatAmount } from '../../shared/money.ts'
import { rowDepth, valueAt, type Row } from './resource-data.ts'
import { enumText, listItems, percentText } from './value-formats.ts'
import type { Column, ScreenDescription } from './screens-data.ts'

/** A dotted field's last part names its label and options (document.statusId: statusId). */
const lastPart = (field: string) => field.slice(field.lastIndexOf('.') + 1)

function useCell() {
  const { t, i18n } = useTranslation(['screens', 'forms'])
  return (row: Row, column: Column): ReactNode => {
    const value = valueAt(row, column.field)
    if (value === null || value === undefined || value === '') return '—'
    switch (column.format) {
      case 'boolean':
        return (
          <Badge color={value ? 'green' : 'gray'}>{t(value ? 'screens:yes' : 'screens:no')}</Badge>
        )
      case 'date':
      case 'dateTime': {
        const date = new Date(String(value))
        if (Number.isNaN(date.getTime())) return String(value)
        return column.format === 'date'
          ? date.toLocaleDateString(i18n.language)
          : date.toLocaleString(i18n.language)
      }
      case 'amount':
        return formatAmount(String(value))
      case 'enum':
        return enumText(t, column.options ?? lastPart(column.field), value)
      case 'percent':
        return percentText(value, i18n.language)
      case 'list': {
        const lines = listItems(value, column.item)
        if (lines.length === 0) return '—'
        return (
          <Stack gap={0}>
            {lines.map((line, index) => (
              <Text key={index} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        )
      }
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value)
    }
  }
}

export function ResourceTable({
  screen,
  rows,
  rowActions,
}: {
  screen: ScreenDescription
  rows: Row[]
  /** The actions cell of a row; none when the screen has no row actions. */
  rowActions?: ((row: Row) => ReactNode) | undefined
}) {
  const { t } = useTranslation(['screens', 'forms'])
  const cell = useCell()
  const list = screen.list!
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover data-testid="resource-table">
        <Table.Thead>
          <Table.Tr>
            {list.columns.map((column) => (
              <Table.Th key={column.field}>
                {t([
                  `screens:${screen.id}.columns.${column.field}`,
                  `forms:fields.${lastPart(column.field)}`,
                ])}
              </Table.Th>
            ))}
            {rowActions && <Table.Th>{t('screens:actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr
              // A tree may hold one person twice (list.children): the place keeps keys apart.
              key={`${String(valueAt(row, list.rowKey ?? 'id') ?? '')}:${index}`}
              data-depth={row[rowDepth] === undefined ? undefined : String(row[rowDepth])}
            >
              {list.columns.map((column, columnIndex) => (
                <Table.Td
                  key={column.field}
                  // A row a row holds (list.children) is set in under it.
                  {...(columnIndex === 0 && Number(row[rowDepth] ?? 0) > 0
                    ? { pl: `calc(var(--mantine-spacing-lg) * ${Number(row[rowDepth])})` }
                    : {})}
                >
                  {cell(row, column)}
                </Table.Td>
              ))}
              {rowActions && <Table.Td>{rowActions(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
