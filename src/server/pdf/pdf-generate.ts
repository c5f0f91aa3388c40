// pdfGenerate: renders a named template (pdf-templates.ts) for the acting customer and answers
// where to fetch it (product-spec section 7: POST /pdf/api/generator_pdf/{name}, optionally
// base64, returns redirectLink). With base64 the link is a data: URL holding the document and
// nothing is kept; otherwise the PDF is stored for the customer and the link is a signed
// pdfDownload link that lives 15 minutes (download-links.ts). Stored documents older than a
// link's life are removed on the customer's next generation, so they do not pile up.
import { and, eq, lt } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { brandById } from '../rpc/request-brand.ts'
import { storedFiles } from '../db/schema.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { downloadLink, downloadLinkLifetimeMs } from './download-links.ts'
import { pdfTemplate } from './pdf-templates.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

export const handler: Handler<'pdfGenerate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const name = context.params.name ?? ''
  const template = /^[A-Za-z0-9_-]{1,64}$/.test(name) ? pdfTemplate(name) : undefined
  if (!template) return restMessage(404, 'answer.pdf.noSuchTemplate', { name: name.slice(0, 64) })
  const brand = brandById(context.brandId)
  if (!brand) throw new Error(`assertion: brand ${context.brandId} is configured`)
  const now = new Date()
  const data = input.data as Record<string, unknown>
  // The reader is the signed-in person, who may act for a company.
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  const result = await template({ db: context.db, brand, customerId, data, now, lang })
  if ('problem' in result) return restMessage(422, result.problem.key, result.problem.params)
  if (context.query.base64 === true) {
    const base64 = Buffer.from(result.pdf).toString('base64')
    return reply(200, { redirectLink: `data:application/pdf;base64,${base64}` })
  }
  const fileId = await context.db.transaction(async (tx) => {
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
      fileName: result.fileName,
      contentType: 'application/pdf',
      content: Buffer.from(result.pdf),
    })
  })
  return reply(200, { redirectLink: await downloadLink(context.db, customerId, fileId) })
}
