// customerAddressReplace: a move. The old address becomes history (replaced_at, its proofs
// kept with it) and the new one starts unconfirmed, to be proved and confirmed like a new
// address (product-spec sections 3 and 4). Without a type the new address keeps the old one's.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { AddressStatus } from '../../generated/constants.ts'
import {
  addressAnswer,
  currentAddresses,
  notYourAddress,
  readAddress,
  samePlace,
} from './customer-addresses.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'customerAddressReplace'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const written = await writeTransaction(context.db, async (tx) => {
    const addresses = await currentAddresses(tx, customerId)
    // Another customer's address, a replaced one and an unknown id answer alike.
    const old = addresses.find((row) => row.id === input.oldAddressId)
    if (!old) return validationFailure([refusal('oldAddressId', notYourAddress)])
    const address = readAddress(input.address, 'address.', old.addressType)
    if (Array.isArray(address)) return validationFailure(address)
    if (addresses.some((row) => row.id !== old.id && row.addressType === address.addressType)) {
      const description = 'refusal.customer.hasAnotherCurrentAddress'
      return validationFailure([refusal('address.addressType', description)])
    }
    if (address.addressType === old.addressType && samePlace(address, old)) {
      const description = 'refusal.customer.addressBeingReplaced'
      return validationFailure([refusal('address.address1', description)])
    }
    await tx
      .update(customerAddresses)
      .set({ replacedAt: new Date() })
      .where(eq(customerAddresses.id, old.id))
    const [row] = await tx
      .insert(customerAddresses)
      .values({ customerId, ...address, status: AddressStatus.Unconfirmed })
      .returning({ id: customerAddresses.id })
    if (!row) throw new Error('assertion: the address was inserted')
    return row.id
  })
  if (isFailure(written)) return written
  const answer = await addressAnswer(context.db, customerId, written)
  return isFailure(answer) ? answer : rpcOk(answer)
}
