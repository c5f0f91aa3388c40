// /receive/:id, the global payment recipient page (product-spec sections 3, 4 and 5): a person
// without an account opens the link of a payment sent to their e-mail. The link's secret is
// the only credential. The page shows the payment, then lets them choose how to be paid and
// approve it with the code e-mailed to them, or refuse it. A link that opens no payment (an
// unknown or expired secret: the server answers both alike) shows one message and no form;
// a payment already on its way, paid, refused or returned shows that state.
import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Stack } from '@mantine/core'
import { Loading } from '../../components/loading.tsx'
import { okData, usePaymentDetails, type RecipientPayment } from './api/recipient-queries.ts'
import { PaymentSummary } from './receive-details.tsx'
import { PaymentFlow } from './receive-flow.tsx'
import { PaymentOutcome } from './receive-outcomes.tsx'
import { ReceiveShell } from './receive-shell.tsx'

/** The statuses in which the recipient may still choose how to be paid, or refuse. */
const openStatuses = new Set(['waiting', 'submitted'])

export function Component() {
  const { t } = useTranslation(['receive', 'common'])
  const { id = '' } = useParams()
  const query = usePaymentDetails(id)
  const payment = okData(query.data)?.paymentDetails
  return (
    <ReceiveShell title={t('receive:title')}>
      {query.isPending ? (
        <Loading label={t('receive:loading')} />
      ) : query.isError || (query.data?.status ?? 500) >= 500 ? (
        <Alert color="red" role="alert" title={t('common:errors.error')}>
          {t('common:errors.network')}
        </Alert>
      ) : !payment ? (
        <UnknownLink />
      ) : (
        <PaymentView secret={id} payment={payment} />
      )}
    </ReceiveShell>
  )
}

function PaymentView({ secret, payment }: { secret: string; payment: RecipientPayment }) {
  const isOpen = openStatuses.has(payment.status ?? '')
  return (
    <Stack gap="lg" data-testid="receive-page" data-status={payment.status}>
      <PaymentSummary payment={payment} showExpiry={isOpen} />
      {isOpen ? (
        <PaymentFlow secret={secret} payment={payment} />
      ) : (
        <PaymentOutcome status={payment.status ?? ''} />
      )}
    </Stack>
  )
}

function UnknownLink() {
  const { t } = useTranslation('receive')
  return (
    <Alert color="red" role="alert" title={t('unknown.title')} data-testid="receive-unknown">
      {t('unknown.text')}
    </Alert>
  )
}
