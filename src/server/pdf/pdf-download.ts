// pdfDownload: a PDF the server produced for a customer, by the signed link a session-checked
// operation handed out (download-links.ts). Public, since the browser opens the link without
// the bearer token. Everything that is not a live link to a PDF of the customer it names (a
// malformed, altered, foreign or expired link, a file since gone) is the same 404.
import type { Handler } from '../rpc/handler-context.ts'
import { fileReply, restMessage } from '../rpc/outcome.ts'
import { readStoredFile } from '../uploads/stored-files.ts'
import { downloadLinkKey, readDownloadToken } from './download-links.ts'

export const handler: Handler<'pdfDownload'> = async (context) => {
  const notFound = restMessage(404, 'answer.files.linkExpired')
  const token = context.params.fileId ?? ''
  const grant = readDownloadToken(await downloadLinkKey(context.db), token, Date.now())
  if (!grant) return notFound
  const file = await readStoredFile(context.db, grant.customerId, grant.fileId)
  if (!file || file.contentType !== 'application/pdf') return notFound
  const name = file.fileName.toLowerCase().endsWith('.pdf') ? file.fileName : `${file.fileName}.pdf`
  const answer = fileReply<'pdfDownload'>(file.content, 'application/pdf', name)
  // The link is the credential: no page the PDF links to learns it from a Referer.
  return { ...answer, headers: { ...answer.headers, 'referrer-policy': 'no-referrer' } }
}
