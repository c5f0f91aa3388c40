// What the external transfer page derives from the choices made so far (product-spec
// sections 5 and 6): the methods offered for the country and allowed by the session's flags,
// whose money it is (own account or third party), the payout currency, and the request's
// common part that the fee, the maximum and the submit share.
import type { Account } from '../../components/transfer/use-own-accounts.ts'
import { TransferType } from '../../../generated/constants.ts'
import {
  allowedPermissions,
  typeAllowed,
  type TransferPermission,
} from '../../../shared/permission-flags.ts'
import {
  isExternalTransferType,
  type ExternalTransferType,
} from '../../../shared/transfer-types.ts'
import { interacCurrency, type Common } from './external-methods.ts'
import {
  useExtraForm,
  useFacts,
  useMethods,
  usePermissionFlags,
  type Method,
} from './external-queries.ts'
import type { ExternalForm } from './use-external-form.ts'

export type OfferedMethod = Method & { transferType: ExternalTransferType }

/** The currencies a method pays out in, the source account's first when it is one of them. */
function currenciesOf(
  type: ExternalTransferType,
  method: Method | undefined,
  source?: Account,
): string[] {
  if (type === TransferType.Interac) return [interacCurrency]
  const offered = method?.currencyCodes ?? []
  if (offered.length === 0) return source ? [source.currencyCode] : []
  if (source && offered.includes(source.currencyCode))
    return [source.currencyCode, ...offered.filter((c) => c !== source.currencyCode)]
  return offered
}

export function useExternalChoice(form: ExternalForm, accounts: Account[]) {
  const { countryCode, type, permission, from, currency, amount, draft } = form.values
  const flags = usePermissionFlags()
  const methods = useMethods(countryCode)
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  // Served for the country, available to the caller, and allowed by a flag for someone.
  const offered = (methods ?? []).filter(
    (m): m is OfferedMethod =>
      m.available &&
      isExternalTransferType(m.transferType) &&
      flags !== null &&
      typeAllowed(m.transferType, flags),
  )
  const method = offered.find((m) => m.transferType === type)
  const permissions = type && flags ? allowedPermissions(type, flags) : []
  const whose: TransferPermission | undefined =
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
  const chosenType = method ? type : null
  const facts = useFacts(chosenType, common, draft)
  const extraForm = useExtraForm(chosenType, countryCode, payout)
  return {
    loading: methods === null || flags === null,
    offered,
    method,
    source,
    permissions,
    whose,
    currencies,
    payout,
    common,
    facts,
    // The amount is what the recipient gets, in the payout currency; crypto is bought with the
    // account's own currency, so its amount is in that (the server's rule, docs/decisions.md).
    amountCurrency: type === TransferType.CryptoEft ? (source?.currencyCode ?? '') : payout,
    extraForm,
  }
}

export type ExternalChoice = ReturnType<typeof useExternalChoice>
