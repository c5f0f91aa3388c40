// /transfer/invoices (product-spec section 2; issue 16): the received invoices not paid yet and
// the sent ones awaiting payment, in two tabs; paying one through the transfers' review and
// approval step, rejecting one after a confirmation; requesting money (the requestMoney
// permission) and adding money (a funding invoice with the bank details to pay it). Home's
// quick actions open the last two here with ?action=request and ?action=add-money.
import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Group, Stack, Tabs, Title } from '@mantine/core'
import { invalidateOperations } from '../../api/operation-query.ts'
import { useViewer } from '../../app/viewer.ts'
import { useTransferSubmit } from '../transfers/use-transfer-submit.ts'
import { changedByInvoice, type Invoice, type InvoiceSide } from './invoice-data.ts'
import { InvoiceList } from './invoice-list.tsx'
import { InvoicePay } from './invoice-pay.tsx'
import { RejectDialog } from './invoice-reject.tsx'
import { RequestMoneyDialog } from './request-money.tsx'
import { AddMoneyDialog } from './add-money.tsx'
import { mayDo as may } from './invoice-rules.ts'

/** The dialog open now: from the address (home's quick actions) or a button here. */
function useDialog() {
  const [params, setParams] = useSearchParams()
  const dialog = params.get('action')
  const open = (action: 'request' | 'add-money' | null) =>
    setParams(action ? { action } : {}, { replace: true })
  return { dialog, open }
}

export function Component() {
  const { t } = useTranslation(['invoices', 'transfers', 'common'])
  const viewer = useViewer()
  const client = useQueryClient()
  const [side, setSide] = useState<InvoiceSide>('received')
  const [paying, setPaying] = useState<Invoice | null>(null)
  const [rejecting, setRejecting] = useState<Invoice | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const { dialog, open } = useDialog()
  const submitter = useTransferSubmit(() => {
    void invalidateOperations(client, changedByInvoice)
    setPaying(null)
  })
  const done = useCallback((text: string) => {
    setNotice(text)
    setRejecting(null)
  }, [])
  const actions = may(viewer, 'pay')
    ? {
        onPay: (invoice: Invoice) => {
          setNotice(null)
          setPaying(invoice)
        },
        onReject: (invoice: Invoice) => setRejecting(invoice),
      }
    : undefined

  return (
    <Stack maw={820}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="sm">
          {may(viewer, 'addMoney') && (
            <Button variant="light" onClick={() => open('add-money')}>
              {t('actions.addMoney')}
            </Button>
          )}
          {may(viewer, 'request') && (
            <Button onClick={() => open('request')}>{t('actions.request')}</Button>
          )}
        </Group>
      </Group>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="invoice-notice"
        >
          {notice}
        </Alert>
      )}
      {paying ? (
        <InvoicePay invoice={paying} submitter={submitter} onClose={() => setPaying(null)} />
      ) : (
        <Tabs value={side} onChange={(value) => setSide(value === 'sent' ? 'sent' : 'received')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="received">{t('tabs.received')}</Tabs.Tab>
            <Tabs.Tab value="sent">{t('tabs.sent')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="received">
            <InvoiceList side="received" actions={actions} />
          </Tabs.Panel>
          <Tabs.Panel value="sent">
            <InvoiceList side="sent" />
          </Tabs.Panel>
        </Tabs>
      )}
      {rejecting && (
        <RejectDialog invoice={rejecting} onClose={() => setRejecting(null)} onDone={done} />
      )}
      {dialog === 'request' && may(viewer, 'request') && (
        <RequestMoneyDialog
          onClose={() => open(null)}
          onDone={(text) => {
            open(null)
            setSide('sent')
            done(text)
          }}
        />
      )}
      {dialog === 'add-money' && may(viewer, 'addMoney') && (
        <AddMoneyDialog onClose={() => open(null)} />
      )}
      {submitter.popups}
    </Stack>
  )
}
