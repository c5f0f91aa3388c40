// /transfer/external: sending money out of the bank by wire, local bank transfer (EFT), to a
// card (OCT), to a crypto wallet, by instant payment or by Interac (product-spec sections 2,
// 3, 4, 5, 6, 8 and 9). The person picks the country, then a method the country is served by
// and the session's permission flags allow (own account or third party), then the source
// account and the destination; the method's extra parameters come from the server and are
// rendered by the schema renderer. Fee, maximum and limits follow the rules of section 5, the
// answer the approval step of section 4.
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, NativeSelect, Radio, Stack } from '@mantine/core'
import { api } from '../../api/client.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { useTransferSubmit, type TransferSubmit } from './use-transfer-submit.ts'
import {
  isExternalTransferType,
  type ExternalTransferType,
} from '../../../shared/transfer-types.ts'
import { feeRequest, missingFields, needsCountry, submitRequest } from './external-methods.ts'
import { externalReviewFacts } from './external-review.ts'
import { useReviewLines } from './transfer-review.tsx'
import { extraParamErrors, extraParamValues } from './extra-parameters.ts'
import {
  RecentList,
  SavedPicker,
  useRecentTransfers,
  useSavedDestinations,
} from './external-saved.tsx'
import { useCountries } from './external-queries.ts'
import { ExternalFields } from './external-fields.tsx'
import { GlobalPaymentOffer } from './global-offer.tsx'
import { readyAccounts, TransferPageShell } from './transfer-shell.tsx'
import {
  useExternalChoice,
  type ExternalChoice,
  type OfferedMethod,
} from './use-external-choice.ts'
import { useExternalFills, useExternalForm, type ExternalForm } from './use-external-form.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'
import { countryNamesIn } from '../../i18n/country-names.ts'

export function Component() {
  const { t } = useTranslation(['external', 'transfers', 'common'])
  const { state } = useOwnAccounts()
  const accounts = readyAccounts(state)
  const form = useExternalForm()
  const fills = useExternalFills(form)
  const choice = useExternalChoice(form, accounts)
  const validateExtra = useRef<(() => boolean) | null>(null)
  const submitter = useTransferSubmit()
  const saved = useSavedDestinations()
  const recent = useRecentTransfers()
  const submit = useExternalSubmit(form, choice, submitter, validateExtra)
  const { type } = form.values
  const errors = { ...form.problems, ...form.invalid }

  return (
    <TransferPageShell
      title={t('title')}
      maw={720}
      accounts={state}
      submitter={submitter}
      onSubmit={(e) => void submit(e)}
      showSubmit={Boolean(choice.method && type)}
      after={<RecentList recent={recent} onRepeat={(r) => void fills.repeat(r)} />}
    >
      <GlobalPaymentOffer />
      <SavedPicker
        templates={saved.templates}
        payees={saved.payees}
        onTemplate={fills.fillFromTemplate}
        onPayee={fills.fillFromPayee}
      />
      {form.notice && (
        <Alert color="yellow" role="status" data-testid="repeat-notice">
          {form.notice}
        </Alert>
      )}
      <CountryChoice
        value={form.values.countryCode}
        onChange={(country) => form.startOver({ country, type: null })}
        error={errors.countryCode}
      />
      <MethodChoice
        methods={choice.offered}
        loading={choice.loading}
        value={choice.method ? type : null}
        error={errors.method}
        onChange={(next) => form.startOver({ type: next })}
      />
      {choice.method && type && (
        <ExternalFields
          type={type}
          form={form}
          choice={choice}
          accounts={accounts}
          errors={errors}
          validateExtra={validateExtra}
        />
      )}
    </TransferPageShell>
  )
}

/** After the send: an accepted transfer clears the amount; a refusal shows on its fields. */
function afterAnswer(
  form: ExternalForm,
  choice: ExternalChoice,
  answer: Awaited<ReturnType<TransferSubmit['send']>>,
) {
  const { extraForm } = choice
  if (answer?.responseCode === ResponseCode.Success) {
    form.setters.setAmount('')
    form.setters.setTemplateName('')
    return
  }
  // Section 8: a validation error naming a field shows on that field, too.
  const named = [
    ...(answer?.errors ?? []),
    ...(answer?.field && answer.responseDescription
      ? [{ parameter: answer.field, description: answer.responseDescription }]
      : []),
  ]
  form.setInvalid(Object.fromEntries(named.map((e) => [e.parameter, e.description])))
  form.setExtraErrors(extraForm ? extraParamErrors(named, extraForm.sentAs) : [])
}

/** Checks the form, sends it, and shows a refusal naming a field on that field. */
function useExternalSubmit(
  form: ExternalForm,
  choice: ExternalChoice,
  submitter: TransferSubmit,
  validateExtra: React.RefObject<(() => boolean) | null>,
) {
  const { t } = useTranslation(['external', 'transfers'])
  const { t: tt } = useTranslation('transfers')
  const reviewLines = useReviewLines()
  const { type, countryCode, amount, draft, note, templateName } = form.values

  function check(): Record<string, string> {
    const found: Record<string, string> = { ...form.problems }
    if (!type || !choice.method) found.method = t('errors.method')
    // Wire, EFT and instant payments go to a bank of a country; the others need none.
    if (type && needsCountry(type) && !countryCode) found.countryCode = t('errors.country')
    if (!choice.source) found.accountId = t('transfers:errors.required')
    if (!isPositiveAmount(amount)) found.amount = t('transfers:errors.amount')
    if (type) {
      for (const name of missingFields(type, draft, countryCode)) {
        found[name] ??= t('transfers:errors.required')
      }
    }
    return found
  }

  return async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = check()
    form.setInvalid(found)
    const extraValid = validateExtra.current ? validateExtra.current() : true
    const { common, extraForm } = choice
    if (Object.keys(found).length > 0 || !extraValid || !type || !common) return
    const request = submitRequest(
      type,
      common,
      { ...draft, note },
      {
        idempotencyKey: '',
        templateName,
        extraParams: extraForm ? extraParamValues(form.extraData, extraForm.sentAs) : {},
      },
    )
    const feeAsked = feeRequest(type, common, draft)
    await submitter.openReview(
      async () =>
        reviewLines(
          await externalReviewFacts({
            type,
            arrives: tt(`review.arrival.${type}`),
            submit: request,
            fee: feeAsked,
            sourceCurrency: choice.source?.currencyCode ?? '',
            amountCurrency: choice.amountCurrency,
          }),
        ),
      (idempotencyKey) =>
        api.POST(request.path as '/rpc/wireTransferSubmit', {
          body: { ...request.body, idempotencyKey } as never,
        }),
      (answer) => afterAnswer(form, choice, answer),
    )
  }
}

function CountryChoice(props: {
  value: string
  onChange(country: string): void
  error: string | undefined
}) {
  const { t, i18n } = useTranslation('external')
  const countries = useCountries()
  const nameOf = countryNamesIn(i18n.language)
  const options = [
    { value: '', label: t('country.any') },
    ...countries
      .map((c) => ({ value: c.code, label: nameOf(c.code, c.name) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
  ]
  return (
    <NativeSelect
      label={t('country.label')}
      data={options}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  )
}

function MethodChoice({
  methods,
  loading,
  value,
  error,
  onChange,
}: {
  methods: OfferedMethod[]
  loading: boolean
  value: ExternalTransferType | null
  error?: string | undefined
  onChange(type: ExternalTransferType): void
}) {
  const { t } = useTranslation('external')
  if (loading) return <Loading size="sm" label={t('method.loading')} />
  if (methods.length === 0)
    return (
      <Alert color="yellow" data-testid="no-methods">
        {t('method.none')}
      </Alert>
    )
  return (
    <Radio.Group
      label={t('method.label')}
      value={value ?? ''}
      onChange={(v) => isExternalTransferType(v) && onChange(v)}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {methods.map((m) => (
          <Radio
            key={m.transferType}
            value={m.transferType}
            label={t(`types.${m.transferType}`)}
            description={m.scheme ? t('method.scheme', { scheme: m.scheme }) : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}
