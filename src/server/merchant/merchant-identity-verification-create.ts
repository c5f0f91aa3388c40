// merchantIdentityVerificationCreate: requests an identity verification of a person and
// charges its fee to one of the merchant's accounts, in one transaction: the fee is a ledger
// transfer to fee income (DESIGN.md section 6) and the request is stored as pending. A retry
// with the same idempotencyKey answers the first verification and charges nothing more.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import type { Handler, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type Answer, type Failure, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantIdentityVerifications } from '../db/schema-merchant.ts'
import { balancesOf } from '../ledger/balances.ts'
import { houseAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import {
  identityVerificationFee,
  type IdentityVerificationFee,
} from './identity-verification-fees.ts'
import { merchantAccount, type MerchantAccount } from './merchant-accounts.ts'
import { lockMerchant } from './merchant-locks.ts'
import { amountOf, verificationView } from './merchant-views.ts'

type Input = RequestOf<'merchantIdentityVerificationCreate'>

const keyReused = validationFailure([refusal('idempotencyKey', 'refusal.common.idempotencyReused')])

/** The spendable value: balance less outgoing holds, above the account's minimum. */
async function availableMinor(db: Db, account: MerchantAccount): Promise<bigint> {
  const balance = (await balancesOf(db, [account.id])).get(account.id)
  if (!balance) throw new Error('assertion: balancesOf answers every account asked for')
  const outgoingHolds = balance.pendingMinor < 0n ? balance.pendingMinor : 0n
  return balance.balanceMinor + outgoingHolds - account.balanceMinMinor
}

/** Posts the fee from the account to fee income; undefined when the key was used otherwise. */
async function chargeFee(
  tx: Db,
  customerId: number,
  input: Input,
  account: MerchantAccount,
  fee: IdentityVerificationFee,
): Promise<bigint | undefined> {
  const feeIncome = await houseAccount(tx, 'fee_income', fee.currencyCode)
  const transfer = await postTransfer(tx, {
    idempotencyKey: `merchant-identity-fee:${customerId}:${input.idempotencyKey}`,
    kind: 'merchant_identity_fee',
    description: `Identity verification of ${input.email}`,
    postings: [
      { accountId: account.id, currencyCode: fee.currencyCode, amountMinor: -fee.amountMinor },
      { accountId: feeIncome, currencyCode: fee.currencyCode, amountMinor: fee.amountMinor },
    ],
  })
  // The funds were checked above; any refusal of the ledger reads as the key's other use.
  return 'transferId' in transfer ? transfer.transferId : undefined
}

async function create(
  tx: Db,
  customerId: number,
  input: Input,
): Promise<Answer<'merchantIdentityVerificationCreate'> | Failure> {
  const table = merchantIdentityVerifications
  const email = input.email.toLowerCase()
  const [earlier] = await tx
    .select()
    .from(table)
    .where(and(eq(table.customerId, customerId), eq(table.idempotencyKey, input.idempotencyKey)))
  if (earlier) {
    const same = earlier.accountId === input.accountId && earlier.email === email
    return same ? rpcOk({ item: verificationView(earlier) }) : keyReused
  }
  const account = await merchantAccount(tx, customerId, input.accountId, true)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notActiveAccountOfYours')])
  }
  const fee = identityVerificationFee(account.currencyCode)
  if (!fee) {
    return validationFailure([
      refusal('accountId', 'refusal.merchant.idvNotOffered', { currency: account.currencyCode }),
    ])
  }
  if ((await availableMinor(tx, account)) < fee.amountMinor) {
    return validationFailure([
      refusal('accountId', 'refusal.merchant.idvFeeNotCovered', {
        fee: `${amountOf(fee.amountMinor, fee.currencyCode)} ${fee.currencyCode}`,
      }),
    ])
  }
  const feeTransferId = await chargeFee(tx, customerId, input, account, fee)
  if (feeTransferId === undefined) return keyReused
  const [row] = await tx
    .insert(table)
    .values({
      customerId,
      idempotencyKey: input.idempotencyKey,
      accountId: account.id,
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      note: input.note ?? null,
      feeMinor: fee.amountMinor,
      feeCurrencyCode: fee.currencyCode,
      feeTransferId,
    })
    .returning()
  if (!row) throw new Error('assertion: the insert returned the new verification')
  return rpcOk({ item: verificationView(row) })
}

export const handler: Handler<'merchantIdentityVerificationCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  // One request of a merchant at a time: the key check, the balance check and the charge must
  // see each other's effects.
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'identity-verifications', customerId)
    return create(tx, customerId, input)
  })
}
