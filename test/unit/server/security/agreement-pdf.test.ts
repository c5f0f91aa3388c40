// The agreement PDF (src/server/security/agreement-pdf.ts): a real PDF whose pages show the
// customer's name, title and date, whatever characters the name holds.
import { inflateSync } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import {
  drawable,
  renderAgreementPdf,
  wrapText,
} from '../../../../src/server/security/agreement-pdf.ts'

/** The text drawn on the pages: pdf-lib writes it as hex strings inside deflated streams. */
function drawnText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1')
  const shown: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      shown.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
    }
  }
  return shown.join('\n')
}

const content = {
  title: 'Terms of Use',
  customerName: 'Alex Morgan',
  customerId: 1001,
  issuedOn: '2026-05-04',
  effectiveDate: '2026-01-15',
  paragraphs: ['First paragraph.', 'Second paragraph.'],
}

describe('renderAgreementPdf', () => {
  it('writes a PDF showing the title, the customer and the date', async () => {
    const bytes = await renderAgreementPdf(content)
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const text = drawnText(bytes)
    expect(text).toContain('Terms of Use')
    expect(text).toContain('Prepared for: Alex Morgan (customer 1001)')
    expect(text).toContain('Date: 2026-05-04')
    expect(text).toContain('Second paragraph.')
    const document = await PDFDocument.load(bytes)
    expect(document.getTitle()).toBe('Terms of Use')
    expect(document.getSubject()).toBe('Terms of Use for Alex Morgan')
  })

  it("writes the lines around the document's text in the reader's language", async () => {
    const bytes = await renderAgreementPdf({ ...content, lang: 'es' })
    const text = drawnText(bytes)
    expect(text).toContain('Preparado para: Alex Morgan (cliente 1001)')
    expect(text).toContain('Fecha: 2026-05-04')
    expect(text).toContain('En vigor desde: 2026-01-15')
    expect((await PDFDocument.load(bytes)).getSubject()).toBe('Terms of Use para Alex Morgan')
  })

  it('prints characters no font draws as "?" instead of failing', async () => {
    // DejaVu Sans has no Chinese either, so the document keeps Helvetica.
    const bytes = await renderAgreementPdf({ ...content, customerName: '李娜 Müller' })
    expect(drawnText(bytes)).toContain('Prepared for: ?? Müller')
  })

  it('continues long text on a new page', async () => {
    const paragraphs = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} `.repeat(20))
    const document = await PDFDocument.load(await renderAgreementPdf({ ...content, paragraphs }))
    expect(document.getPageCount()).toBeGreaterThan(1)
  })
})

describe('wrapText and drawable', () => {
  it('wraps at the width and keeps every word', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
    const text = 'one two three four five six seven eight nine ten'
    const lines = wrapText(font, text, 11, 60)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) {
      if (line.includes(' ')) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(60)
    }
    expect(lines.join(' ')).toBe(text)
    expect(drawable(font, 'Ünïcødé ✓')).toBe('Ünïcødé ?')
  })
})
