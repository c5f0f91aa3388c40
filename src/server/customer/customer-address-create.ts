// customerAddressCreate: adds an address of a type the customer has no current address of (a
// move is customerAddressReplace). It starts unconfirmed (status 0: no proof of address yet,
// product-spec section 4); the customer uploads a proof and confirms it (confirmAddress), and
// the bank's review of the proof confirms or rejects it. The answer is the address as
// addressInquiry shows it.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { AddressStatus } from '../../generated/constants.ts'
import { addressAnswer, currentAddresses, readAddress } from './customer-addresses.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'customerAddressCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const address = readAddress(input)
  if (Array.isArray(address)) return validationFailure(address)
  const written = await writeTransaction(context.db, async (tx) => {
    const addresses = await currentAddresses(tx, customerId)
    if (addresses.some((row) => row.addressType === address.addressType)) {
      const description = 'refusal.customer.hasCurrentAddress'
      return validationFailure([refusal('addressType', description)])
    }
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
