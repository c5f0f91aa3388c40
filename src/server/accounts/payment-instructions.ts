// Payment instructions (product-spec section 3): how to pay into an account from outside.
// Each active payment account gets one, made on first read, with an IBAN at the bank's
// collection account that carries the account id, so an incoming payment finds its account.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { paymentInstructions } from '../db/schema-transfers.ts'

export const collectionBank = {
  name: 'Nova Payments UAB',
  address: 'Gedimino pr. 1, 01103 Vilnius, Lithuania',
  swift: 'NOVALT2X',
  /** The bank code in the Lithuanian IBAN layout (LTkk bbbb bccc cccc cccc). */
  bankCode: '32500',
}

/** An IBAN for the account: LT, ISO 7064 mod-97 check digits, bank code, 11-digit account. */
export function ibanOf(accountId: number): string {
  const bban = `${collectionBank.bankCode}${String(accountId).padStart(11, '0')}`
  const numeric = `${bban}${'LT'
    .split('')
    .map((c) => c.charCodeAt(0) - 55)
    .join('')}00`
  const check = 98n - (BigInt(numeric) % 97n)
  return `LT${String(check).padStart(2, '0')}${bban}`
}

export async function ensureInstructions(
  db: Db,
  accounts: { id: number; name: string }[],
): Promise<void> {
  if (accounts.length === 0) return
  await db
    .insert(paymentInstructions)
    .values(
      accounts.map((account) => ({
        accountId: account.id,
        bankAccountNumber: ibanOf(account.id),
        beneficiaryName: account.name,
        bankName: collectionBank.name,
        bankAddress: collectionBank.address,
        swift: collectionBank.swift,
        reference: `NOVA-${account.id}`,
      })),
    )
    .onConflictDoNothing({ target: paymentInstructions.accountId })
}

export async function instructionsOf(db: Db, accountIds: number[]) {
  if (accountIds.length === 0) return []
  return db
    .select()
    .from(paymentInstructions)
    .where(inArray(paymentInstructions.accountId, accountIds))
    .orderBy(paymentInstructions.accountId)
}

export async function instructionOfAccount(db: Db, instructionId: number, accountId: number) {
  const [row] = await db
    .select()
    .from(paymentInstructions)
    .where(
      and(eq(paymentInstructions.id, instructionId), eq(paymentInstructions.accountId, accountId)),
    )
  return row
}
