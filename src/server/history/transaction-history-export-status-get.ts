// transactionHistoryExportStatusGet: whether a statement is ready (statements.ts), with a
// signed 15-minute download link once it is (pdfDownload, src/server/pdf/download-links.ts).
// A statement of another customer is refused as an unknown one.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure } from '../rpc/outcome.ts'
import { downloadLink } from '../pdf/download-links.ts'
import { statementById } from './statements.ts'

export const handler: Handler<'transactionHistoryExportStatusGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const statement = await statementById(context.db, customerId, input.exportId)
  if (!statement) {
    return validationFailure([refusal('exportId', 'refusal.statements.notYours')])
  }
  const { fileId } = statement.payload
  return rpcOk({
    exportId: statement.exportId,
    status: statement.status,
    ...(statement.status === 'ready' && fileId !== undefined
      ? { url: await downloadLink(context.db, customerId, fileId) }
      : {}),
  })
}
