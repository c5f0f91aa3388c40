// The filter form of /transfer/approved: the edited filters stay here until the approver
// submits them, so the list reloads once a submit and not on every keystroke.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '../../components/date-field.tsx'
import { Button, Group, NativeSelect, Paper, SimpleGrid } from '@mantine/core'
import { noApprovalFilters, type ApprovalFilters } from './approved-queue.ts'

export interface ApprovalFilterFormProps {
  /** The company's initiators' emails, offered under "created by". */
  users: string[]
  onApply: (filters: ApprovalFilters) => void
}

export function ApprovalFilterForm({ users, onApply }: ApprovalFilterFormProps) {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const [filters, setFilters] = useState<ApprovalFilters>(noApprovalFilters)
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault()
        onApply(filters)
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NativeSelect
          label={t('approved.type')}
          data={[
            { value: '', label: t('approved.all') },
            { value: 'betweenAccounts', label: t('approved.types.betweenAccounts') },
            { value: 'p2p', label: t('approved.types.p2p') },
          ]}
          value={filters.transactionType}
          onChange={(e) => setFilters({ ...filters, transactionType: e.currentTarget.value })}
        />
        <NativeSelect
          label={t('approved.createdBy')}
          data={[{ value: '', label: t('approved.all') }, ...users]}
          value={filters.createdBy}
          onChange={(e) => setFilters({ ...filters, createdBy: e.currentTarget.value })}
        />
        <DateField
          label={t('approved.fromDate')}
          value={filters.fromDate}
          onChange={(fromDate) => setFilters({ ...filters, fromDate })}
        />
        <DateField
          label={t('approved.toDate')}
          value={filters.toDate}
          onChange={(toDate) => setFilters({ ...filters, toDate })}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light">
          {t('approved.filter')}
        </Button>
      </Group>
    </Paper>
  )
}
