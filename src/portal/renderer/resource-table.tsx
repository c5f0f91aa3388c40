// The rows of a resource screen as a table: one column per described column, each value
// shown by its format (yes/no badge, date, amount, translated option), and the row actions.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Stack, Switch, Table, Text } from '@mantine/core'
import { formatMoney } from '../../shared/money.ts'
import { rowDepth, valueAt, type Row } from './resource-data.ts'
import type { Json } from './screens-data.ts'
import { enumText, listItems, percentText } from './value-formats.ts'
import type { Column, ScreenDescription } from './screens-data.ts'
import { ScrollTable } from '../components/scroll-table.tsx'

/** The currency of a row's amounts, when the row names one. */
function rowCurrency(row: Row): string | undefined {
  const code = valueAt(row, 'currencyCode') ?? valueAt(row, 'currency')
  return typeof code === 'string' ? code : undefined
}

/** A dotted field's last part names its label and options (document.statusId: statusId). */
const lastPart = (field: string) => field.slice(field.lastIndexOf('.') + 1)

/** A row's switch of a switch column, named by the row's first column (the setting). */
function RowSwitch(props: {
  checked: boolean
  label: string
  onToggle: (checked: boolean) => void
}) {
  return (
    <Switch
      checked={props.checked}
      aria-label={props.label}
      onChange={(event) => props.onToggle(event.currentTarget.checked)}
    />
  )
}

function useCell(onToggle: OnToggle | undefined, columns: Column[]) {
  const { t, i18n } = useTranslation(['screens', 'forms'])
  const cell = (row: Row, column: Column): ReactNode => {
    const value = valueAt(row, column.field)
    if (column.format === 'switch' && onToggle) {
      // Named by the row's first other column as text (a setting's name), else its value.
      const first = columns.find((other) => other.format !== 'switch')
      const named = first ? cell(row, first) : undefined
      const label =
        typeof named === 'string' ? named : String(first ? valueAt(row, first.field) : column.field)
      return (
        <RowSwitch
          checked={value === true}
          label={label}
          onToggle={(checked) => onToggle(column, row, checked)}
        />
      )
    }
    if (value === null || value === undefined || value === '') return '—'
    switch (column.format) {
      case 'boolean':
        return (
          // Never cut to "Y…" in a narrow column: the word keeps its width.
          <Badge variant="light" color={value ? 'green' : 'gray'} miw="max-content">
            {t(value ? 'screens:yes' : 'screens:no')}
          </Badge>
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
        return formatMoney(String(value), rowCurrency(row), i18n.language)
      case 'enum':
        return enumText(t, column.options ?? lastPart(column.field), value)
      case 'percent':
        return percentText(value, i18n.language)
      case 'verbatim':
        return <span translate="no">{String(value)}</span>
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
  return cell
}

/** A switch of a row turned by the person: the column says which operation it calls. */
export type OnToggle = (column: Column, row: Row, checked: boolean) => void

/** The rows with the heading of each group before its first row (list.groupBy). */
function withGroups(rows: Row[], groupBy: string | undefined) {
  const out: ({ group: Json } | { row: Row; index: number })[] = []
  rows.forEach((row, index) => {
    const group = groupBy ? (valueAt(row, groupBy) ?? null) : undefined
    const previous = index > 0 && groupBy ? (valueAt(rows[index - 1]!, groupBy) ?? null) : undefined
    if (groupBy && (index === 0 || group !== previous)) out.push({ group: group ?? null })
    out.push({ row, index })
  })
  return out
}

export function ResourceTable({
  screen,
  rows,
  rowActions,
  onToggle,
}: {
  screen: ScreenDescription
  rows: Row[]
  /** The actions cell of a row; none when the screen has no row actions. */
  rowActions?: ((row: Row) => ReactNode) | undefined
  /** Called when a row's switch is turned (a switch column's toggle). */
  onToggle?: OnToggle | undefined
}) {
  const { t } = useTranslation(['screens', 'forms'])
  const list = screen.list!
  const cell = useCell(onToggle, list.columns)
  const width = list.columns.length + (rowActions ? 1 : 0)
  return (
    // A table scrolls sideways below a width its columns need: a two-column list (a setting
    // and its switch) fits a phone, a wide one scrolls.
    <ScrollTable minWidth={Math.min(520, 160 * width)} label={t(`screens:${screen.id}.title`)}>
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
          {withGroups(rows, list.groupBy).map((entry) =>
            'group' in entry ? (
              <Table.Tr key={`group:${String(entry.group)}`}>
                <Table.Th colSpan={width} scope="colgroup">
                  {enumText(t, lastPart(list.groupBy!), entry.group)}
                </Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr
                // A tree may hold one person twice (list.children): the place keeps keys apart.
                key={`${String(valueAt(entry.row, list.rowKey ?? 'id') ?? '')}:${entry.index}`}
                data-depth={
                  entry.row[rowDepth] === undefined ? undefined : String(entry.row[rowDepth])
                }
              >
                {list.columns.map((column, columnIndex) => (
                  <Table.Td
                    key={column.field}
                    // A row a row holds (list.children) is set in under it.
                    {...(columnIndex === 0 && Number(entry.row[rowDepth] ?? 0) > 0
                      ? { pl: `calc(var(--mantine-spacing-lg) * ${Number(entry.row[rowDepth])})` }
                      : {})}
                  >
                    {cell(entry.row, column)}
                  </Table.Td>
                ))}
                {rowActions && <Table.Td>{rowActions(entry.row)}</Table.Td>}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
