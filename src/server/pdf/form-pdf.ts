// Renders a form the bank produces (the FATCA/CRS self-certification, W-9, W-8BEN, W-8BEN-E,
// an account-confirmation letter) as a real PDF with pdf-lib: a title, sections of
// "label: value" rows and paragraphs, on A4 pages. Each row is drawn as one line of text in
// the fonts pdf-fonts.ts picks for the form's texts: Helvetica when they are all Windows-1252, so
// the text can be read back from the page streams (the tests do), else DejaVu Sans (a Russian or
// Ukrainian letter); what the chosen font cannot draw prints as "?".
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { wrapText } from '../security/agreement-pdf.ts'
import { documentFonts, drawable } from './pdf-fonts.ts'

export interface FormSection {
  heading: string
  /** Label and value pairs, each drawn as "label: value". */
  rows?: readonly (readonly [string, string])[]
  paragraphs?: readonly string[]
}

export interface FormContent {
  title: string
  subtitle?: string
  /** Lines above the title: who issues the document. */
  letterhead?: readonly string[]
  sections: readonly FormSection[]
  /** Small print at the end. */
  footer?: readonly string[]
  /** The document's metadata: author (the issuer), subject, keywords. */
  author: string
  subject: string
  keywords?: readonly string[]
  createdAt: Date
}

const pageSize: [number, number] = [595.28, 841.89] // A4 in points
const margin = 50
const bodySize = 10
const lineGap = 3

interface Pen {
  pdf: PDFDocument
  page: PDFPage
  y: number
}

function write(pen: Pen, text: string, font: PDFFont, size: number, indent = 0): void {
  const width = pageSize[0] - 2 * margin - indent
  for (const line of wrapText(font, drawable(font, text), size, width)) {
    if (pen.y - size < margin) {
      pen.page = pen.pdf.addPage(pageSize)
      pen.y = pageSize[1] - margin
    }
    pen.y -= size
    pen.page.drawText(line, { x: margin + indent, y: pen.y, size, font, color: rgb(0.1, 0.1, 0.1) })
    pen.y -= lineGap
  }
}

/** Every text the form draws on its pages, for the choice of fonts. */
function drawnTexts(content: FormContent): string[] {
  return [
    ...(content.letterhead ?? []),
    content.title,
    content.subtitle ?? '',
    ...content.sections.flatMap((section) => [
      section.heading,
      ...(section.rows ?? []).map(([label, value]) => `${label}: ${value}`),
      ...(section.paragraphs ?? []),
    ]),
    ...(content.footer ?? []),
  ]
}

export async function renderFormPdf(content: FormContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const { regular, bold } = await documentFonts(pdf, drawnTexts(content))
  // The info dictionary is UTF-16: it shows any text, whatever the page's font draws.
  pdf.setTitle(content.title)
  pdf.setAuthor(content.author)
  pdf.setSubject(content.subject)
  if (content.keywords) pdf.setKeywords([...content.keywords])
  pdf.setCreationDate(content.createdAt)
  pdf.setModificationDate(content.createdAt)
  const pen: Pen = { pdf, page: pdf.addPage(pageSize), y: pageSize[1] - margin }

  for (const line of content.letterhead ?? []) write(pen, line, regular, 9)
  if (content.letterhead?.length) pen.y -= 10
  write(pen, content.title, bold, 16)
  if (content.subtitle) write(pen, content.subtitle, regular, 11)
  pen.y -= 8
  for (const section of content.sections) {
    pen.y -= 6
    write(pen, section.heading, bold, 12)
    pen.y -= 2
    for (const [label, value] of section.rows ?? []) {
      write(pen, `${label}: ${value}`, regular, bodySize, 8)
    }
    for (const paragraph of section.paragraphs ?? []) {
      write(pen, paragraph, regular, bodySize, 8)
      pen.y -= 4
    }
  }
  if (content.footer?.length) pen.y -= 12
  for (const line of content.footer ?? []) write(pen, line, regular, 8)
  return pdf.save()
}
