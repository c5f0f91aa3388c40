// What the address operations share (product-spec section 3, Documents and addresses; section
// 4, address status): reading an address as the customer sent it into the stored form, the
// customer's current addresses, and the answer read back through the same views as
// addressInquiry. A country must be one of the dictionary's; where the states dictionary lists
// a country's states, the state is required and must be one of them (its name is filled in).
import { asc } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerAddresses } from '../db/schema.ts'
import {
  type Failure,
  type FieldError,
  refusal,
  type RpcData,
  type RefusalKey,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { country } from '../dictionaries/country-table.ts'
import stateData from '../dictionaries/data/states.json' with { type: 'json' }
import {
  currentAddressesOf,
  loadCustomerRecords,
  type AddressRow,
} from '../kyc/customer-records.ts'
import { addressView } from '../kyc/record-views.ts'
import { normalizeName } from '../../shared/registration-rules.ts'
import { AddressType } from '../../generated/constants.ts'
import type { RequestOf } from '../rpc/handler-context.ts'

type AddressInput = RequestOf<'customerAddressCreate'>
type StoredAddress = Pick<
  AddressRow,
  | 'addressType'
  | 'address1'
  | 'address2'
  | 'city'
  | 'postalCode'
  | 'countryCode'
  | 'stateCode'
  | 'stateName'
>

const statesByCountry: Record<string, { code: string; name: string }[] | undefined> = stateData

/**
 * The address in stored form, or the fields that are wrong (prefix names the request's
 * object). Text is trimmed with repeated whitespace collapsed, as names are (section 5);
 * without a type the address is a home address, the schema's default.
 */
export function readAddress(
  input: AddressInput,
  prefix = '',
  defaultType: number = AddressType.Home,
): StoredAddress | FieldError[] {
  const errors: FieldError[] = []
  if (!country(input.countryCode)) {
    errors.push(refusal(`${prefix}countryCode`, 'refusal.common.notDictionaryCountry'))
  }
  const states = statesByCountry[input.countryCode]
  const state = states?.find((entry) => entry.code === input.stateCode)
  if (states && input.stateCode === undefined) {
    errors.push(refusal(`${prefix}stateCode`, 'refusal.customer.stateRequired'))
  } else if (states && !state) {
    errors.push(refusal(`${prefix}stateCode`, 'refusal.customer.notStateOfCountry'))
  }
  if (errors.length > 0) return errors
  const optional = (value: string | undefined) => {
    const text = value === undefined ? '' : normalizeName(value)
    return text === '' ? null : text
  }
  return {
    addressType: input.addressType ?? defaultType,
    address1: normalizeName(input.address1),
    address2: optional(input.address2),
    city: normalizeName(input.city),
    postalCode: optional(input.postalCode?.toUpperCase()),
    countryCode: input.countryCode,
    stateCode: input.stateCode ?? null,
    stateName: optional(input.stateName) ?? state?.name ?? null,
  }
}

/** The customer's current addresses, oldest first, locked for the change. */
export async function currentAddresses(tx: Db, customerId: number): Promise<AddressRow[]> {
  return tx
    .select()
    .from(customerAddresses)
    .where(currentAddressesOf(tx, customerId))
    .orderBy(asc(customerAddresses.id))
    .for('update')
}

/** Whether two addresses say the same place (types aside). */
export function samePlace(a: StoredAddress, b: StoredAddress): boolean {
  const keys = ['address1', 'address2', 'city', 'postalCode', 'countryCode', 'stateCode'] as const
  return keys.every((key) => (a[key] ?? '').toLowerCase() === (b[key] ?? '').toLowerCase())
}

export const notYourAddress: RefusalKey = 'refusal.common.notYourAddress'

/** The address as addressInquiry shows it, read after the write committed. */
export async function addressAnswer(
  db: Db,
  customerId: number,
  addressId: number,
): Promise<Required<Pick<RpcData<'customerAddressCreate'>, 'address'>> | Failure> {
  const records = await loadCustomerRecords(db, customerId)
  const address = records?.addresses.find((row) => row.id === addressId)
  if (!records || !address) return rpcRefuse('UE', 'answer.common.addressNotFoundAfterChange')
  return { address: addressView(records, address) }
}
