// contractPdfUrl: the contract as a PDF (pdf-lib, form-pdf.ts), in the reader's language,
// stored for the acting customer and answered as a signed download link that lives 15
// minutes, like the other PDFs of the server (pdf/download-links.ts). Either party may read it.
import { and, eq, lt } from 'drizzle-orm'
import { storedFiles } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { brandById } from '../rpc/request-brand.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { downloadLink, downloadLinkLifetimeMs } from '../pdf/download-links.ts'
import { renderFormPdf } from '../pdf/form-pdf.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'
import { contractOfActingCustomer, customersOf, contractView } from './contract-records.ts'
import { contractPdfContent } from './contract-pdf.ts'

export const handler: Handler<'contractPdfUrl'> = async (context) => {
  const { customerId } = requireSession(context)
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  const brand = brandById(context.brandId)
  if (!brand) throw new Error(`assertion: brand ${context.brandId} is configured`)
  const now = new Date()
  const view = contractView(found.row, customerId, await customersOf(context.db, [found.row]))
  // The reader is the signed-in person, who may act for a company.
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  const pdf = await renderFormPdf(contractPdfContent({ view, row: found.row, brand, now }, lang))
  const fileId = await context.db.transaction(async (tx) => {
    // Documents older than a link's life are gone on the next one, so they do not pile up.
    await tx
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.customerId, customerId),
          eq(storedFiles.purpose, 'generatedPdf'),
          lt(storedFiles.createdAt, new Date(now.getTime() - downloadLinkLifetimeMs)),
        ),
      )
    return storeFile(tx, customerId, 'generatedPdf', {
      fileName: `contract-${found.row.id}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from(pdf),
    })
  })
  return reply(200, { data: { pdfUrl: await downloadLink(context.db, customerId, fileId) } })
}
