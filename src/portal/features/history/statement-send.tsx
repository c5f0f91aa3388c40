// Sending a ready statement by e-mail: a choice of the customer's confirmed addresses
// (emailInquiry), the server writing the mail in the reader's language.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, NativeSelect, Text } from '@mantine/core'
import { useOperationMutation, useOperationQuery } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { useStatementFailure, type Notice } from './statement-failure.ts'

export function StatementSend(props: { exportId: string; onNotice(notice: Notice | null): void }) {
  const { t } = useTranslation('history')
  const emails = useOperationQuery('emailInquiry', {})
  const confirmed = (emails.data?.data?.emails ?? [])
    .filter((email) => email.confirmed)
    .map((email) => email.emailAddress)
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const email = chosen ?? confirmed[0]
  const send = useOperationMutation('transactionHistoryExportSend')
  const failure = useStatementFailure()
  if (emails.isPending) return null
  if (!email) return <Text size="sm">{t('statements.noEmail')}</Text>

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!email) return
    props.onNotice(null)
    try {
      const { data, status } = await send.mutateAsync({ exportId: props.exportId, email })
      props.onNotice(
        data?.responseCode === ResponseCode.Success
          ? { ok: true, text: t('statements.sent', { email }) }
          : failure(data, status),
      )
    } catch {
      props.onNotice(failure(undefined, 0))
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('statements.email')}
          data={confirmed}
          value={email}
          onChange={(event) => setChosen(event.currentTarget.value)}
          translate="no"
        />
        <Button type="submit" size="sm" loading={send.isPending}>
          {t('statements.sendButton')}
        </Button>
      </Group>
    </form>
  )
}
