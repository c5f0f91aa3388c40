// The page every single transfer is sent from (/transfer/account, /transfer/p2p,
// /transfer/external): the title, the accounts loading or failing, the form with its Send
// button, what follows the form (recent transfers) and the approval step's popups (product-
// spec section 4). A page supplies only its own fields and its own call.
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@mantine/hooks'
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { useOperationQuery, type RpcBody, type RpcOperationId } from '../../api/operation-query.ts'
import {
  accountLabel,
  type Account,
  type AccountsState,
} from '../../components/transfer/use-own-accounts.ts'
import type { TransferSubmit } from './use-transfer-submit.ts'
import { ReviewPanel } from './transfer-review.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'

export function TransferPageShell(props: {
  title: string
  /** The form's width; the external page needs more room for its destination fields. */
  maw?: number
  accounts: AccountsState
  submitter: TransferSubmit
  onSubmit(event: React.FormEvent): void
  /** False while the page still needs a choice before anything can be sent; default true. */
  showSubmit?: boolean
  submitDisabled?: boolean
  /** The form's fields, between the top of the form and the Send button. */
  children: ReactNode
  /** What the page shows under the form (recent transfers). */
  after?: ReactNode
}) {
  const { t } = useTranslation(['transfers', 'common'])
  const { accounts, submitter } = props
  const sendButton = useRef<HTMLButtonElement>(null)
  return (
    <Stack maw={props.maw ?? 640}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      {accounts.status === 'loading' && <Loading />}
      {accounts.status === 'failed' && (
        <Alert color="red" role="alert" title={accounts.failure.title ?? t('common:errors.error')}>
          {accounts.failure.text ?? (accounts.failure.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {accounts.status === 'ready' && submitter.review && (
        <ReviewPanel
          lines={submitter.review.lines}
          busy={submitter.busy}
          onBack={() => {
            submitter.back()
            // Back on the filled form, at the button that opened the review.
            requestAnimationFrame(() => sendButton.current?.focus())
          }}
          onConfirm={() => void submitter.confirm()}
        />
      )}
      {accounts.status === 'ready' && (
        // The form stays mounted under the review, so Edit finds it as it was left.
        <Paper
          withBorder
          p="md"
          radius="md"
          component="form"
          onSubmit={props.onSubmit}
          noValidate
          hidden={submitter.review !== null}
          style={submitter.review ? { display: 'none' } : undefined}
        >
          <Stack>
            {props.children}
            {(props.showSubmit ?? true) && (
              <Group justify="flex-end">
                <Button
                  ref={sendButton}
                  type="submit"
                  loading={submitter.busy}
                  disabled={props.submitDisabled}
                >
                  {t('transfers:submit')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      {props.after}
      {submitter.popups}
    </Stack>
  )
}

/** The accounts ready to choose from, or none while they load or failed. */
export function readyAccounts(state: AccountsState): Account[] {
  return state.status === 'ready' ? state.accounts : []
}

/** A choice of the customer's accounts, each shown with its balance. */
export function AccountSelect(props: {
  label: string
  accounts: Account[]
  value: string
  onChange(value: string): void
  error?: string | undefined
  /** An empty first choice ("Choose an account") instead of the first account. */
  choosePrompt?: string
}) {
  const money = useMoney()
  const options = props.accounts.map((a) => ({
    value: String(a.accountId),
    label: accountLabel(a, money(a.balance, a.currencyCode)),
  }))
  return (
    <NativeSelect
      label={props.label}
      data={props.choosePrompt ? [{ value: '', label: props.choosePrompt }, ...options] : options}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      required
    />
  )
}

/** The amount, labelled with its currency once one is known. */
export function AmountInput(props: {
  currency: string | undefined
  value: string
  onChange(value: string): void
  error?: string | undefined
}) {
  const { t } = useTranslation('transfers')
  return (
    <TextInput
      label={props.currency ? t('amountIn', { currency: props.currency }) : t('amount')}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      inputMode="decimal"
      error={props.error}
      required
    />
  )
}

/** How long typing must pause before a fee is asked for. */
const feeDebounceMs = 300

/**
 * The fee for what is typed (product-spec section 5): asked for once typing pauses, and only
 * when the page says the request is complete (`body` not null); nothing while it is not.
 */
export function useFeeQuote<Op extends RpcOperationId>(
  operationId: Op,
  body: RpcBody<Op> | null,
): { fee?: string; feeCurrencyCode?: string } {
  const requestKey = body === null ? '' : JSON.stringify(body)
  const [settledKey] = useDebouncedValue(requestKey, feeDebounceMs)
  const settled = settledKey !== '' && settledKey === requestKey
  const query = useOperationQuery(
    operationId,
    (settled ? JSON.parse(settledKey) : {}) as RpcBody<Op>,
    { enabled: settled },
  )
  const reply = settled
    ? (query.data?.data as
        { responseCode?: string; fee?: string; feeCurrencyCode?: string } | undefined)
    : undefined
  if (reply?.responseCode !== ResponseCode.Success) return {}
  return { fee: reply.fee, feeCurrencyCode: reply.feeCurrencyCode }
}
