// The reads of the global payment recipient page (/receive/{id}, product-spec sections 5 and
// 7, "Global recipient calls"): every call is posted with the link's paymentSecret and no
// session. Each is a query of the shared cache, held back until what it needs is chosen, so
// the page's pending flags (methods, meta, recent transfers, extra params) are the queries'.
import type { components } from '../../../../generated/api.d.ts'
import { ResponseCode } from '../../../../generated/constants.ts'
import {
  useOperationQuery,
  type RpcAnswer,
  type RpcOperationId,
} from '../../../api/operation-query.ts'

export type RecipientPayment = components['schemas']['GlobalPaymentDetails']
export type RecipientMethod = components['schemas']['GlobalPaymentMethod']
export type RecipientMeta = components['schemas']['GlobalPaymentMeta']
export type RecipientField = components['schemas']['ExtraParameter']
export type RecentWithdrawal = components['schemas']['RecentTransfer']

/** The envelope of a '00' answer; undefined while loading, on a refusal or a lost answer. */
export function okData<Op extends RpcOperationId>(answer: RpcAnswer<Op> | undefined) {
  const data = answer?.data as ({ responseCode?: string } & RpcAnswer<Op>['data']) | undefined
  return data?.responseCode === ResponseCode.Success ? data : undefined
}

export function usePaymentDetails(paymentSecret: string) {
  return useOperationQuery('globalRecipientPaymentDetailsGet', { paymentSecret })
}

export function useRecipientCountries(paymentSecret: string) {
  const query = useOperationQuery('globalRecipientCountryList', { paymentSecret })
  return okData(query.data)?.countries ?? null
}

export function useRecipientMethods(paymentSecret: string, countryCode: string) {
  const query = useOperationQuery(
    'globalRecipientMethodList',
    { paymentSecret, countryCode },
    { enabled: countryCode !== '' },
  )
  return { methods: okData(query.data)?.options ?? null, pending: query.isFetching }
}

export interface MethodChoice {
  paymentSecret: string
  countryCode: string
  paymentMethod: string
  currencyCode: string
}

const chosen = (choice: MethodChoice) => choice.countryCode !== '' && choice.paymentMethod !== ''

export function useRecipientFields(choice: MethodChoice) {
  const query = useOperationQuery('globalRecipientExtraParamList', choice, {
    enabled: chosen(choice),
  })
  return { fields: okData(query.data)?.extraParams ?? null, pending: query.isFetching }
}

export function useRecipientMeta(choice: MethodChoice) {
  const { currencyCode, ...rest } = choice
  const query = useOperationQuery(
    'globalRecipientMetaGet',
    { ...rest, toCurrencyCode: currencyCode },
    { enabled: chosen(choice) },
  )
  return { meta: okData(query.data)?.meta ?? null, pending: query.isFetching, answer: query.data }
}

export function useLastWithdrawals(paymentSecret: string, enabled: boolean) {
  const query = useOperationQuery(
    'globalRecipientLastWithdrawalList',
    { paymentSecret, limit: 5 },
    { enabled },
  )
  const withdrawals = (okData(query.data)?.withdrawals ?? []).filter((w) => !w.isDisabled)
  return { withdrawals, pending: query.isFetching }
}
