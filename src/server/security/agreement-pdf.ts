// Renders one legal document for one customer as a PDF with pdf-lib: the title, who it is for,
// the dates, and the text wrapped onto A4 pages, in the fonts pdf-fonts.ts picks for its texts
// (Helvetica, or DejaVu Sans when a text needs Cyrillic, say); what neither draws prints as "?"
// rather than failing the download.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { defaultLang, renderMessage, type Lang, type MessageParams } from '../messages/messages.ts'
import { documentFonts, drawable } from '../pdf/pdf-fonts.ts'

export { drawable }

export interface AgreementContent {
  title: string
  customerName: string
  customerId: number
  /** The day of the download, yyyy-mm-dd (UTC). */
  issuedOn: string
  /** When this version came into force, yyyy-mm-dd. */
  effectiveDate: string
  paragraphs: string[]
  /** The reader's language for the lines around the document's own text (en by default). */
  lang?: Lang
}

const pageSize: [number, number] = [595.28, 841.89] // A4 in points
const margin = 56
const bodySize = 11
const lineGap = 4

/** Greedy word wrap to a width in points; a word longer than the line stands alone. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines
}

export async function renderAgreementPdf(content: AgreementContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const lang = content.lang ?? defaultLang
  const text = (key: 'preparedFor' | 'date' | 'inForce' | 'subject', params: MessageParams) =>
    renderMessage(lang, `pdf.agreement.${key}`, params)
  const heading = [
    text('preparedFor', { name: content.customerName, id: content.customerId }),
    text('date', { date: content.issuedOn }),
    text('inForce', { date: content.effectiveDate }),
  ]
  const { regular, bold } = await documentFonts(pdf, [
    content.title,
    ...heading,
    ...content.paragraphs,
  ])
  pdf.setTitle(content.title)
  pdf.setSubject(text('subject', { title: content.title, name: content.customerName }))
  pdf.setCreationDate(new Date(`${content.issuedOn}T00:00:00Z`))

  const width = pageSize[0] - 2 * margin
  let page: PDFPage = pdf.addPage(pageSize)
  let y = pageSize[1] - margin
  const write = (text: string, font: PDFFont, size: number): void => {
    for (const line of wrapText(font, drawable(font, text), size, width)) {
      if (y - size < margin) {
        page = pdf.addPage(pageSize)
        y = pageSize[1] - margin
      }
      y -= size
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.1) })
      y -= lineGap
    }
  }

  write(content.title, bold, 18)
  y -= 8
  for (const line of heading) write(line, regular, bodySize)
  y -= 12
  for (const paragraph of content.paragraphs) {
    write(paragraph, regular, bodySize)
    y -= 8
  }
  return pdf.save()
}
