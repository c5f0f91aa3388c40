// paymentInstructionList: the instructions for paying into the acting customer's accounts
// whose instructionsAvailable flag is set (active payment accounts, docs/decisions.md), with
// whether this user has viewed each.
import { and, eq, inArray } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { paymentInstructionViews } from '../db/schema-transfers.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { AccountType } from '../../generated/constants.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { ensureInstructions, instructionsOf } from './payment-instructions.ts'

export const handler: Handler<'paymentInstructionList'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new Error('assertion: the acting customer exists')
  const name =
    customer.businessName ?? [customer.firstName, customer.lastName].filter(Boolean).join(' ')
  const accounts = (await customerAccounts(context.db, customerId)).filter(
    (row) =>
      row.type === AccountType.Payment &&
      row.statusId === AccountStatus.Active &&
      (input.accountId === undefined || row.id === input.accountId),
  )
  await ensureInstructions(
    context.db,
    accounts.map((row) => ({ id: row.id, name })),
  )
  const rows = await instructionsOf(
    context.db,
    accounts.map((row) => row.id),
  )
  const viewed =
    rows.length === 0
      ? []
      : await context.db
          .select({ instructionId: paymentInstructionViews.instructionId })
          .from(paymentInstructionViews)
          .where(
            and(
              eq(paymentInstructionViews.userId, userId),
              inArray(
                paymentInstructionViews.instructionId,
                rows.map((row) => row.id),
              ),
            ),
          )
  const viewedIds = new Set(viewed.map((row) => row.instructionId))
  const currencyOf = new Map(accounts.map((row) => [row.id, row.currencyCode]))
  const instructions = rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    bankAccountNumber: row.bankAccountNumber,
    currencyCode: currencyOf.get(row.accountId),
    beneficiaryName: row.beneficiaryName,
    bankName: row.bankName,
    bankAddress: row.bankAddress,
    swift: row.swift,
    reference: row.reference,
    viewed: viewedIds.has(row.id),
  }))
  return rpcOk({ instructions })
}
