// The server state the external transfer page reads (product-spec sections 5 and 6): the
// session's permission flags, the countries, the methods a country is served by, a method's
// extra parameters, and the fee, maximum and limits of what is typed. Each is a cached
// query, so going back to a country or a method asks nothing again.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { components } from '../../../generated/api.d.ts'
import { ResponseCode, TransferType } from '../../../generated/constants.ts'
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'
import { loadDictionary } from '../../api/dictionaries.ts'
import { useCustomerInfo } from '../../api/get-customer-info.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import type { Facts } from './transfer-facts.tsx'
import { useFeeQuote } from './transfer-shell.tsx'
import {
  feeRequest,
  takesExtraParams,
  type Common,
  type Draft,
  type ExtraParameter,
  type Permissions,
} from './external-methods.ts'
import { extraParamsForm, type ExtraForm } from './extra-parameters.ts'

export type Method = components['schemas']['TransferMethod']
type Country = components['schemas']['Country']

/** No flag set: every flag of section 6 defaults to false. */
const noFlags = {} as Permissions

/** The session's permission flags (getCustomerInfo, section 6); null until known. */
export function usePermissionFlags(): Permissions | null {
  const query = useCustomerInfo()
  if (query.isPending) return null
  const data = query.data?.data
  return data?.responseCode === ResponseCode.Success
    ? (data.customer?.permissions ?? noFlags)
    : noFlags
}

export function useCountries(): Country[] {
  const query = useQuery({
    queryKey: ['dictionary', 'countries'],
    queryFn: () => loadDictionary('countries'),
  })
  const reply = query.data
  return reply?.responseCode === ResponseCode.Success ? ((reply.countries as Country[]) ?? []) : []
}

/** The methods served for the country (or the default ones without a country); null while asked. */
export function useMethods(countryCode: string): Method[] | null {
  const byCountry = useOperationQuery(
    'transferMethodCountryList',
    { countryCode },
    { enabled: Boolean(countryCode) },
  )
  const byDefault = useOperationQuery('transferMethodDefaultList', {}, { enabled: !countryCode })
  const query = countryCode ? byCountry : byDefault
  if (query.isPending) return null
  const data = query.data?.data
  return data?.responseCode === ResponseCode.Success ? (data.methods ?? []) : []
}

/** The method's extra fields for the country and currency, as a form for SchemaForm. */
export function useExtraForm(
  type: ExternalTransferType | null,
  countryCode: string,
  currencyCode: string,
): ExtraForm | null {
  const { t } = useTranslation('external')
  const wanted = Boolean(type && takesExtraParams(type) && countryCode)
  const query = useOperationQuery(
    'transferExtraParameterList',
    {
      transferType: type ?? TransferType.Wire,
      countryCode,
      ...(currencyCode && { currencyCode }),
    },
    { enabled: wanted },
  )
  const data = wanted ? query.data?.data : undefined
  const params = data?.responseCode === ResponseCode.Success ? data.extraParams : undefined
  return useMemo(() => {
    if (!params || params.length === 0) return null
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
export function useFacts(
  type: ExternalTransferType | null,
  common: Common | null,
  draft: Draft,
): Facts {
  const account = common?.accountId
  const country = common?.countryCode ?? ''
  const currency = common?.currencyCode ?? ''
  const enabled = { enabled: Boolean(type && account && country && currency) }
  const ids = { fromAccountId: account ?? 0, countryCode: country }
  const max = useOperationQuery(
    'maxAmountGet',
    { operation: type ?? TransferType.Wire, currencyCode: currency, ...ids },
    enabled,
  )
  const limits = useOperationQuery('customerLimitsGet', { type: 'withdrawals', ...ids }, enabled)
  const request = type && common ? feeRequest(type, common, draft) : null
  const fee = useFeeQuote(
    (request?.path.slice('/rpc/'.length) ?? 'wireTransferFeeGet') as 'wireTransferFeeGet',
    (request?.body ?? null) as never,
  )
  return {
    ...(enabled.enabled && { max: max.data?.data?.maxAmount, limits: limits.data?.data?.limits }),
    ...fee,
  }
}
