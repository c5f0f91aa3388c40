// /transfer/external: sending money out of the bank by wire, local bank transfer (EFT), to a
// card (OCT), to a crypto wallet, by instant payment or by Interac (product-spec sections 2,
// 3, 4, 5, 6, 8 and 9). The person picks the country, then a method the country is served by
// and the session's permission flags allow (own account or third party), then the source
// account and the destination; the method's extra parameters come from the server and are
// rendered by the schema renderer. Fee, maximum and limits follow the rules of section 5, the
// answer the approval step of section 4.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { loadDictionary } from '../../api/dictionaries.ts'
import { formatAmount } from '../../../shared/money.ts'
import { SchemaForm } from '../../renderer/schema-form.tsx'
import type { Json } from '../../renderer/screens-data.ts'
import { isPositiveAmount } from './transfer-display.ts'
import { accountLabel, useOwnAccounts, type Account } from './use-own-accounts.ts'
import { useTransferSubmit } from './use-transfer-submit.ts'
import { TransferFacts, type Facts } from './transfer-facts.tsx'
import {
  allowedPermissions,
  draftOf,
  feeRequest,
  interacCurrency,
  isExternalType,
  missingFields,
  needsCountry,
  submitRequest,
  takesExtraParams,
  type Common,
  type Draft,
  type ExternalType,
  type ExtraParameter,
  type Permission,
  type Permissions,
} from './external-methods.ts'
import {
  extraParamErrors,
  extraParamsForm,
  extraParamValues,
  type ExtraForm,
} from './extra-parameters.ts'
import { DestinationFields } from './external-destination.tsx'
import {
  RecentList,
  SavedPicker,
  useRecentTransfers,
  useSavedDestinations,
  type Payee,
  type Recent,
  type Template,
} from './external-saved.tsx'

type Method = components['schemas']['TransferMethod']
type Country = components['schemas']['Country']

/** No flag set: every flag of section 6 defaults to false. */
const noFlags = {} as Permissions

/** The session's permission flags (getCustomerInfo, section 6); null until known. */
function usePermissionFlags(): Permissions | null {
  const [flags, setFlags] = useState<Permissions | null>(null)
  useEffect(() => {
    void api.POST('/rpc/getCustomerInfo', { body: {} }).then(({ data }) => {
      setFlags(data?.responseCode === '00' ? (data.customer?.permissions ?? noFlags) : noFlags)
    })
  }, [])
  return flags
}

function useCountries(): Country[] {
  const [countries, setCountries] = useState<Country[]>([])
  useEffect(() => {
    void loadDictionary('countries').then((reply) => {
      if (reply.responseCode === '00') setCountries((reply.countries as Country[]) ?? [])
    })
  }, [])
  return countries
}

/** The methods served for the country (or the default ones without a country). */
function useMethods(countryCode: string): Method[] | null {
  const [methods, setMethods] = useState<Method[] | null>(null)
  useEffect(() => {
    let cancelled = false
    setMethods(null)
    const call = countryCode
      ? api.POST('/rpc/transferMethodCountryList', { body: { countryCode } })
      : api.POST('/rpc/transferMethodDefaultList', { body: {} })
    void call.then(({ data }) => {
      if (!cancelled) setMethods(data?.responseCode === '00' ? (data.methods ?? []) : [])
    })
    return () => {
      cancelled = true
    }
  }, [countryCode])
  return methods
}

/** The method's extra fields for the country and currency, as a form for SchemaForm. */
function useExtraForm(
  type: ExternalType | null,
  countryCode: string,
  currencyCode: string,
): ExtraForm | null {
  const { t } = useTranslation('external')
  const [params, setParams] = useState<ExtraParameter[]>([])
  useEffect(() => {
    setParams([])
    if (!type || !takesExtraParams(type) || !countryCode) return
    let cancelled = false
    void api
      .POST('/rpc/transferExtraParameterList', {
        body: { transferType: type, countryCode, ...(currencyCode && { currencyCode }) },
      })
      .then(({ data }) => {
        if (!cancelled && data?.responseCode === '00') setParams(data.extraParams ?? [])
      })
    return () => {
      cancelled = true
    }
  }, [type, countryCode, currencyCode])
  return useMemo(() => {
    if (params.length === 0) return null
    // Names the page knows are translated; others keep the server's label. A name with
    // different labels per option (Brazil's CPF or CNPJ) is left to the server's labels.
    const translated = (list: ExtraParameter[]): ExtraParameter[] =>
      list.map((param) => ({
        ...param,
        label: t(`extra.${param.name}`, { defaultValue: param.label ?? param.name }),
        ...(param.options && {
          options: param.options.map((option) => ({
            ...option,
            label: t(`extraOptions.${param.name}.${option.value}`, {
              defaultValue: option.label ?? option.value,
            }),
            ...(option.extraParams && { extraParams: translated(option.extraParams) }),
          })),
        }),
      }))
    return extraParamsForm(translated(params), (param) => param.label ?? param.name)
  }, [params, t])
}

/** Fee (amount and target set), maximum and limits (country, currency, source, operation). */
function useFacts(type: ExternalType | null, common: Common | null, draft: Draft): Facts {
  const [facts, setFacts] = useState<Facts>({})
  const account = common?.accountId
  const country = common?.countryCode ?? ''
  const currency = common?.currencyCode ?? ''
  useEffect(() => {
    setFacts((old) => ({ ...old, max: undefined, limits: undefined }))
    if (!type || !account || !country || !currency) return
    let cancelled = false
    const ids = { fromAccountId: account, countryCode: country }
    void Promise.all([
      api.POST('/rpc/maxAmountGet', {
        body: { operation: type, currencyCode: currency, ...ids },
      }),
      api.POST('/rpc/customerLimitsGet', { body: { type: 'withdrawals', ...ids } }),
    ]).then(([max, limits]) => {
      if (cancelled) return
      setFacts((old) => ({ ...old, max: max.data?.maxAmount, limits: limits.data?.limits }))
    })
    return () => {
      cancelled = true
    }
  }, [type, account, country, currency])

  const request = type && common ? feeRequest(type, common, draft) : null
  const requestKey = request ? JSON.stringify(request) : null
  useEffect(() => {
    setFacts((old) => ({ ...old, fee: undefined, feeCurrencyCode: undefined }))
    if (!request) return
    let cancelled = false
    const timer = setTimeout(() => {
      void api
        .POST(request.path as '/rpc/wireTransferFeeGet', { body: request.body as never })
        .then(({ data }) => {
          if (cancelled || data?.responseCode !== '00') return
          setFacts((old) => ({ ...old, fee: data.fee, feeCurrencyCode: data.feeCurrencyCode }))
        })
    }, 300)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the request
  }, [requestKey])
  return facts
}

/** The country's name in the page's language. */
function countryNames(language: string): (code: string, fallback: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' })
    return (code, fallback) => names.of(code) ?? fallback
  } catch {
    return (_code, fallback) => fallback
  }
}

/** The currencies a method pays out in, the source account's first when it is one of them. */
function currenciesOf(type: ExternalType, method: Method | undefined, source?: Account): string[] {
  if (type === 'interac') return [interacCurrency]
  const offered = method?.currencyCodes ?? []
  if (offered.length === 0) return source ? [source.currencyCode] : []
  if (source && offered.includes(source.currencyCode))
    return [source.currencyCode, ...offered.filter((c) => c !== source.currencyCode)]
  return offered
}

export function Component() {
  const { t, i18n } = useTranslation(['external', 'transfers', 'common'])
  const { state, reload } = useOwnAccounts()
  const flags = usePermissionFlags()
  const countries = useCountries()
  const [countryCode, setCountryCode] = useState('')
  const methods = useMethods(countryCode)
  const [type, setType] = useState<ExternalType | null>(null)
  const [permission, setPermission] = useState<Permission | ''>('')
  const [from, setFrom] = useState('')
  const [currency, setCurrency] = useState('')
  const [amount, setAmount] = useState('')
  const [draft, setDraft] = useState<Draft>({})
  const [templateName, setTemplateName] = useState('')
  const [note, setNote] = useState('')
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [extraData, setExtraData] = useState<Record<string, Json>>({})
  const [extraErrors, setExtraErrors] = useState<{ parameter: string; description: string }[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const [recentVersion, setRecentVersion] = useState(0)
  const validateExtra = useRef<(() => boolean) | null>(null)
  const submitter = useTransferSubmit(() => {
    reload()
    setRecentVersion((n) => n + 1)
  })
  const saved = useSavedDestinations()
  const recent = useRecentTransfers(recentVersion)

  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  // Served for the country, available to the caller, and allowed by a flag for someone.
  const offered = (methods ?? []).filter(
    (m): m is Method & { transferType: ExternalType } =>
      m.available &&
      isExternalType(m.transferType) &&
      flags !== null &&
      allowedPermissions(m.transferType, flags).length > 0,
  )
  const method = offered.find((m) => m.transferType === type)
  const permissions = type && flags ? allowedPermissions(type, flags) : []
  const whose: Permission | undefined =
    permission && permissions.includes(permission) ? permission : permissions[0]
  const currencies = type ? currenciesOf(type, method, source) : []
  const payout = currencies.includes(currency) ? currency : (currencies[0] ?? '')
  const common: Common | null =
    method && source && whose && payout
      ? {
          accountId: source.accountId,
          amount,
          currencyCode: payout,
          countryCode,
          permission: whose,
        }
      : null
  const facts = useFacts(method ? type : null, common, draft)
  // The amount is what the recipient gets, in the payout currency; crypto is bought with the
  // account's own currency, so its amount is in that (the server's rule, docs/decisions.md).
  const amountCurrency = type === 'crypto_eft' ? (source?.currencyCode ?? '') : payout
  const extraForm = useExtraForm(method ? type : null, countryCode, payout)

  const setField = useCallback((name: string, value: string) => {
    setDraft((old) => (old[name] === value ? old : { ...old, [name]: value }))
    setInvalid((old) => {
      if (!(name in old)) return old
      const { [name]: _removed, ...rest } = old
      return rest
    })
  }, [])
  const setProblem = useCallback((name: string, message: string | null) => {
    setProblems((old) => {
      if ((old[name] ?? null) === message) return old
      const { [name]: _removed, ...rest } = old
      return message ? { ...rest, [name]: message } : rest
    })
  }, [])

  /** A new destination: what was typed for another one goes. */
  function startOver(next: { country?: string; type?: ExternalType | null; draft?: Draft }) {
    if (next.country !== undefined) setCountryCode(next.country)
    if (next.type !== undefined) setType(next.type)
    setDraft(next.draft ?? {})
    setInvalid({})
    setProblems({})
    setExtraData({})
    setExtraErrors([])
    setNotice(null)
  }

  function fillFromTemplate(template: Template) {
    if (!isExternalType(template.transferType)) return
    startOver({
      country: template.countryCode ?? '',
      type: template.transferType,
      draft: {
        ...draftOf(template.details),
        ...(template.beneficiaryName && { beneficiaryName: template.beneficiaryName }),
      },
    })
    setPermission(template.permission)
    if (template.currencyCode) setCurrency(template.currencyCode)
    if (template.amount !== undefined) setAmount(formatAmount(template.amount))
  }

  function fillFromPayee(payee: Payee) {
    setPermission(payee.permission)
    if (payee.currencyCode) setCurrency(payee.currencyCode)
    startOver({
      country: payee.countryCode ?? countryCode,
      draft: {
        ...draftOf(payee.details),
        beneficiaryName: payee.name,
        ...(payee.email && { email: payee.email }),
      },
    })
  }

  async function repeat(transfer: Recent) {
    const { data } = await api.POST('/rpc/recentTransferDetailsGet', {
      body: { transactionId: transfer.transactionId },
    })
    if (data?.responseCode !== '00' || !data.type || !isExternalType(data.type)) return
    const details = draftOf(data.details)
    startOver({
      country: transfer.countryCode ?? details.countryCode ?? '',
      type: data.type,
      draft: details,
    })
    if (transfer.permission) setPermission(transfer.permission)
    const currencyOf = details.cryptoCurrencyCode ?? transfer.currencyCode
    if (currencyOf) setCurrency(currencyOf)
    if (transfer.amount !== undefined) setAmount(formatAmount(transfer.amount))
    if (details.note) setNote(details.note)
    const notes = [
      data.hasRequirements ? t('recent.hasRequirements') : null,
      data.isAddressValid === false ? t('recent.addressInvalid') : null,
    ].filter(Boolean)
    setNotice(notes.length > 0 ? notes.join(' ') : null)
    window.scrollTo({ top: 0 })
  }

  function check(): Record<string, string> {
    const found: Record<string, string> = { ...problems }
    if (!type || !method) found.method = t('errors.method')
    // Wire, EFT and instant payments go to a bank of a country; the others need none.
    if (type && needsCountry(type) && !countryCode) found.countryCode = t('errors.country')
    if (!source) found.accountId = t('transfers:errors.required')
    if (!isPositiveAmount(amount)) found.amount = t('transfers:errors.amount')
    if (type) {
      for (const name of missingFields(type, draft, countryCode)) {
        found[name] ??= t('transfers:errors.required')
      }
    }
    return found
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = check()
    setInvalid(found)
    const extraValid = validateExtra.current ? validateExtra.current() : true
    if (Object.keys(found).length > 0 || !extraValid || !type || !common) return
    const request = submitRequest(
      type,
      common,
      { ...draft, note },
      {
        idempotencyKey: '',
        templateName,
        extraParams: extraForm ? extraParamValues(extraData, extraForm.sentAs) : {},
      },
    )
    const answer = await submitter.send((idempotencyKey) =>
      api.POST(request.path as '/rpc/wireTransferSubmit', {
        body: { ...request.body, idempotencyKey } as never,
      }),
    )
    if (answer?.responseCode === '00') {
      setAmount('')
      setTemplateName('')
      return
    }
    // Section 8: a validation error naming a field shows on that field, too.
    const named = [
      ...(answer?.errors ?? []),
      ...(answer?.field && answer.responseDescription
        ? [{ parameter: answer.field, description: answer.responseDescription }]
        : []),
    ]
    setInvalid(Object.fromEntries(named.map((e) => [e.parameter, e.description])))
    setExtraErrors(extraForm ? extraParamErrors(named, extraForm.sentAs) : [])
  }

  const errors = { ...problems, ...invalid }
  const nameOf = countryNames(i18n.language)
  const countryOptions = [
    { value: '', label: t('country.any') },
    ...countries
      .map((c) => ({ value: c.code, label: nameOf(c.code, c.name) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
  ]

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {state.status === 'loading' && <Loader aria-label={t('common:loading')} />}
      {state.status === 'failed' && (
        <Alert color="red" role="alert" title={state.failure.title ?? t('common:errors.error')}>
          {state.failure.text ?? (state.failure.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {state.status === 'ready' && (
        <Paper
          withBorder
          p="md"
          radius="md"
          component="form"
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <Stack>
            <SavedPicker
              templates={saved.templates}
              payees={saved.payees}
              onTemplate={fillFromTemplate}
              onPayee={fillFromPayee}
            />
            {notice && (
              <Alert color="yellow" role="status" data-testid="repeat-notice">
                {notice}
              </Alert>
            )}
            <NativeSelect
              label={t('country.label')}
              data={countryOptions}
              value={countryCode}
              onChange={(e) => startOver({ country: e.currentTarget.value, type: null })}
              error={errors.countryCode}
            />
            <MethodChoice
              methods={offered}
              loading={methods === null || flags === null}
              value={method ? type : null}
              error={errors.method}
              onChange={(next) => startOver({ type: next })}
            />
            {method && type && (
              <>
                {permissions.length > 1 ? (
                  <Radio.Group
                    label={t('permission.label')}
                    value={whose}
                    onChange={(v) => setPermission(v as Permission)}
                  >
                    <Group mt="xs">
                      <Radio value="own" label={t('permission.own')} />
                      <Radio value="3d" label={t('permission.3d')} />
                    </Group>
                  </Radio.Group>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="permission-only">
                    {t(`permission.only.${whose}`)}
                  </Text>
                )}
                <NativeSelect
                  label={t('transfers:account.from')}
                  data={accounts.map((a) => ({
                    value: String(a.accountId),
                    label: accountLabel(a, formatAmount(a.balance)),
                  }))}
                  value={source ? String(source.accountId) : ''}
                  onChange={(e) => setFrom(e.currentTarget.value)}
                  error={errors.accountId}
                  required
                />
                {currencies.length > 1 ? (
                  <NativeSelect
                    label={t('currency')}
                    data={currencies}
                    value={payout}
                    onChange={(e) => setCurrency(e.currentTarget.value)}
                    error={errors.currencyCode}
                  />
                ) : (
                  errors.currencyCode && (
                    <Text size="sm" c="red" role="alert">
                      {errors.currencyCode}
                    </Text>
                  )
                )}
                <DestinationFields
                  type={type}
                  countryCode={countryCode}
                  draft={draft}
                  setField={setField}
                  errors={errors}
                  setProblem={setProblem}
                />
                {extraForm && (
                  <Stack gap="xs" data-testid="extra-params">
                    <Text fw={600} size="sm">
                      {t('extraTitle')}
                    </Text>
                    <SchemaForm
                      key={`${type}:${countryCode}:${payout}`}
                      formKey={`external.${type}`}
                      operationId={type === 'wire' ? 'wireTransferSubmit' : 'eftTransferSubmit'}
                      runtime={extraForm.runtime}
                      visibleWhen={extraForm.visibleWhen}
                      initial={extraForm.initial}
                      serverErrors={extraErrors}
                      submitLabel={t('transfers:submit')}
                      embedded
                      validateRef={validateExtra}
                      onChange={setExtraData}
                      onSubmit={() => undefined}
                    />
                  </Stack>
                )}
                <TextInput
                  label={t('transfers:amountIn', { currency: amountCurrency })}
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  inputMode="decimal"
                  error={errors.amount}
                  required
                />
                <TransferFacts currency={source?.currencyCode ?? ''} facts={facts} />
                <Textarea
                  label={t('fields.note')}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  error={errors.note}
                  maxLength={1000}
                  autosize
                  minRows={2}
                />
                <TextInput
                  label={t('templateName')}
                  description={t('templateHint')}
                  value={templateName}
                  onChange={(e) => setTemplateName(e.currentTarget.value)}
                  error={errors.templateName}
                  maxLength={256}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={submitter.busy}>
                    {t('transfers:submit')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}
      <RecentList recent={recent} onRepeat={(r) => void repeat(r)} />
      {submitter.popups}
    </Stack>
  )
}

function MethodChoice({
  methods,
  loading,
  value,
  error,
  onChange,
}: {
  methods: (Method & { transferType: ExternalType })[]
  loading: boolean
  value: ExternalType | null
  error?: string | undefined
  onChange(type: ExternalType): void
}) {
  const { t } = useTranslation('external')
  if (loading) return <Loader size="sm" aria-label={t('method.loading')} />
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
      onChange={(v) => isExternalTypeValue(v) && onChange(v)}
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

const isExternalTypeValue = (value: string): value is ExternalType => isExternalType(value)
