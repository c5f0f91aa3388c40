// The fonts of the server's PDFs (issue 16): a Russian or Ukrainian letter or agreement embeds
// DejaVu Sans and draws every Cyrillic letter; an English one keeps Helvetica.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { documentFonts, drawable } from '../../../../src/server/pdf/pdf-fonts.ts'
import { renderFormPdf } from '../../../../src/server/pdf/form-pdf.ts'
import { accountConfirmationContent } from '../../../../src/server/pdf/pdf-templates.ts'
import { renderAgreementPdf } from '../../../../src/server/security/agreement-pdf.ts'
import { renderMessage, type Lang } from '../../../../src/server/messages/messages.ts'
import { brandById } from '../../../../src/server/rpc/request-brand.ts'
import { AccountType } from '../../../../src/generated/constants.ts'

const facts = (holderName: string) => ({
  brand: brandById('main')!,
  holderName,
  customerId: 1001,
  account: {
    id: 10000001,
    type: AccountType.Payment,
    currencyCode: 'UAH',
    createdAt: new Date('2026-01-15T10:00:00Z'),
    closed: false,
  },
  balance: '15400.5',
  now: new Date('2026-11-27T12:00:00Z'),
})

const readers: { lang: Lang; name: string; paragraph: string }[] = [
  { lang: 'ru', name: 'Олена Ёлкина', paragraph: 'Настоящие условия действуют с даты подписания.' },
  { lang: 'ua', name: 'Олена Їжакевич', paragraph: 'Ці умови діють з дати підписання, ґрунт є.' },
]

/** Every text the letter draws, as form-pdf.ts draws it. */
function letterTexts(lang: Lang, holderName: string): string[] {
  const content = accountConfirmationContent(facts(holderName), lang)
  return [
    ...(content.letterhead ?? []),
    content.title,
    ...content.sections.flatMap((section) => [
      section.heading,
      ...(section.rows ?? []).map(([label, value]) => `${label}: ${value}`),
      ...(section.paragraphs ?? []),
    ]),
    ...(content.footer ?? []),
  ]
}

/** The BaseFont names of the document's font dictionaries. */
function fontNames(document: PDFDocument): string[] {
  const names: string[] = []
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue
    if (object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue
    const base = object.get(PDFName.of('BaseFont'))
    if (base instanceof PDFName) names.push(base.decodeText())
  }
  return names
}

/** Each text draws in both fonts with no "?" in place of a letter. */
async function expectDrawnWhole(texts: readonly string[]): Promise<void> {
  const fonts = await documentFonts(await PDFDocument.create(), texts)
  expect(fonts.embedded).toBe(true)
  for (const text of texts) {
    for (const font of [fonts.regular, fonts.bold]) {
      expect(drawable(font, text)).toBe(text.normalize('NFC'))
      expect(() => font.encodeText(text)).not.toThrow()
      expect(font.widthOfTextAtSize(text, 10)).toBeGreaterThan(0)
    }
  }
}

describe('documentFonts', () => {
  it('keeps the standard Helvetica pair for Windows-1252 text', async () => {
    const fonts = await documentFonts(await PDFDocument.create(), [
      'Account confirmation',
      'Müller',
    ])
    expect(fonts.embedded).toBe(false)
    expect(fonts.regular.name).toBe('Helvetica')
    expect(fonts.bold.name).toBe('Helvetica-Bold')
  })

  it("embeds DejaVu Sans for Romanian's ș and ț", async () => {
    await expectDrawnWhole(['Confirmarea contului', 'Titularul contului: Ștefan Țurcanu'])
  })

  it('keeps Helvetica when the embedded font would draw nothing more', async () => {
    const fonts = await documentFonts(await PDFDocument.create(), ['李娜'])
    expect(fonts.embedded).toBe(false)
  })
})

describe.each(readers)('a $lang reader', ({ lang, name, paragraph }) => {
  it('gets an account confirmation drawn in the embedded font, every letter readable', async () => {
    const texts = letterTexts(lang, name)
    expect(texts.join('\n')).toMatch(/[А-яІіЇїЄєҐґЁё]/u)
    await expectDrawnWhole(texts)
    const document = await PDFDocument.load(
      await renderFormPdf(accountConfirmationContent(facts(name), lang)),
    )
    expect(document.getPageCount()).toBe(1)
    // Each embedded font is a Type 0 font over its CID font: four dictionaries, all DejaVu.
    expect(fontNames(document)).toHaveLength(4)
    expect(fontNames(document).every((font) => font.includes('DejaVuSans'))).toBe(true)
  })

  it('gets an agreement drawn in the embedded font, every letter readable', async () => {
    const heading = [
      renderMessage(lang, 'pdf.agreement.preparedFor', { name, id: 1001 }),
      renderMessage(lang, 'pdf.agreement.date', { date: '2026-11-27' }),
      renderMessage(lang, 'pdf.agreement.inForce', { date: '2026-01-15' }),
    ]
    await expectDrawnWhole([...heading, paragraph])
    const bytes = await renderAgreementPdf({
      title: paragraph.split(' ')[0]!,
      customerName: name,
      customerId: 1001,
      issuedOn: '2026-11-27',
      effectiveDate: '2026-01-15',
      paragraphs: [paragraph, paragraph],
      lang,
    })
    const document = await PDFDocument.load(bytes)
    expect(document.getPageCount()).toBe(1)
    expect(document.getSubject()).toContain(name)
    expect(fontNames(document).every((font) => font.includes('DejaVuSans'))).toBe(true)
  })
})

describe('an English reader', () => {
  it('gets the account confirmation in Helvetica, nothing embedded', async () => {
    const document = await PDFDocument.load(
      await renderFormPdf(accountConfirmationContent(facts('Alex Morgan'), 'en')),
    )
    expect(fontNames(document).sort()).toEqual(['Helvetica', 'Helvetica-Bold'])
  })
})
