// walletCreate: a crypto deposit address paying into one of the acting customer's open
// accounts (product-spec section 7). Asking again for the same account and currency answers
// the same address, so a retried request never hands out two.
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { cryptoWallets } from '../db/schema-transfers.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { actingUser } from '../transfers/acting-user.ts'

const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** Address shapes per wallet currency: a bech32-like body, or 0x and 40 hex digits. */
const addressMakers: Record<string, () => string> = {
  BTC: () => `bc1q${randomChars(38)}`,
  LTC: () => `ltc1q${randomChars(38)}`,
  ETH: () => `0x${randomBytes(20).toString('hex')}`,
}

function randomChars(length: number): string {
  return [...randomBytes(length)].map((byte) => bech32Alphabet[byte % 32]).join('')
}

export const handler: Handler<'walletCreate'> = async (context, input) => {
  const acting = await actingUser(context)
  const make = addressMakers[input.currencyCode]
  if (!make) {
    return validationFailure([refusal('currencyCode', 'refusal.accounts.walletKindNotOffered')])
  }
  const account = await accountOfCustomer(context.db, acting.customerId, input.accountId)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  if (account.statusId === AccountStatus.Closed) return rpcRefuse('CA', 'answer.accounts.closed')
  await context.db
    .insert(cryptoWallets)
    .values({
      customerId: acting.customerId,
      accountId: account.id,
      currencyCode: input.currencyCode,
      address: make(),
    })
    .onConflictDoNothing({ target: [cryptoWallets.accountId, cryptoWallets.currencyCode] })
  const [wallet] = await context.db
    .select()
    .from(cryptoWallets)
    .where(
      and(
        eq(cryptoWallets.accountId, account.id),
        eq(cryptoWallets.currencyCode, input.currencyCode),
      ),
    )
  if (!wallet) throw new Error('assertion: the wallet exists after its insert')
  return rpcOk({
    address: wallet.address,
    currencyCode: wallet.currencyCode,
    accountId: account.id,
  })
}
