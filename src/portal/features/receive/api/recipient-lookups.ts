// The recipient's dictionary lookups behind the payment's secret (product-spec section 7):
// the bank of a SWIFT code and of an IBAN, and the issuer of a card's BIN, asked once the
// typed value has settled and is shaped like one, so the page shows the bank's name under
// the field.
import { useDebouncedValue } from '@mantine/hooks'
import { useOperationQuery } from '../../../api/operation-query.ts'
import { okData } from './recipient-queries.ts'

/** How long typing must pause before a lookup is sent. */
const lookupDebounceMs = 400

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase()
const swiftShape = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/
const ibanShape = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/

/** The value once typing has paused, or '' while it changes or when it is not `shape`. */
function useSettled(value: string, shape: RegExp): string {
  const [settled] = useDebouncedValue(value, lookupDebounceMs)
  return settled === value && shape.test(value) ? value : ''
}

export function useSwiftBank(paymentSecret: string, typed: string) {
  const swift = useSettled(compact(typed), swiftShape)
  const query = useOperationQuery(
    'globalRecipientSwiftLookup',
    { paymentSecret, swift },
    { enabled: swift !== '', staleTime: Infinity },
  )
  return swift ? (okData(query.data)?.bankDetails ?? null) : null
}

/** An account number that looks like an IBAN is looked up as one. */
export function useIbanBank(paymentSecret: string, typed: string) {
  const iban = useSettled(compact(typed), ibanShape)
  const query = useOperationQuery(
    'globalRecipientIbanLookup',
    { paymentSecret, iban },
    { enabled: iban !== '', staleTime: Infinity },
  )
  return iban ? (okData(query.data)?.bankDetails ?? null) : null
}

export function useCardBin(paymentSecret: string, typed: string) {
  const binNumber = useSettled(typed.replace(/\s+/g, '').slice(0, 6), /^[0-9]{6}$/)
  const query = useOperationQuery(
    'globalRecipientCardBinGet',
    { paymentSecret, binNumber },
    { enabled: binNumber !== '', staleTime: Infinity },
  )
  const blocked = useOperationQuery(
    'globalRecipientBinBlacklistGet',
    { paymentSecret },
    { enabled: binNumber !== '', staleTime: Infinity },
  )
  if (!binNumber) return null
  const info = okData(query.data)?.binInfo ?? null
  const isBlocked = (okData(blocked.data)?.bins ?? []).includes(binNumber) || info?.valid === false
  return { info, isBlocked }
}
