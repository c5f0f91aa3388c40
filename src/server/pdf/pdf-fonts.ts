// The fonts a server PDF is written in (issue 16). The standard Helvetica pair covers WinAnsi
// (Windows-1252) only, so a document whose every text fits it keeps Helvetica: nothing is
// embedded, the file stays small and its text reads back as WinAnsi strings. A document with a
// character outside it that DejaVu Sans draws (Cyrillic, Romanian ș ț, Polish ł...) embeds the
// DejaVu Sans pair instead, subset to the glyphs it uses. What neither font draws prints as "?"
// (`drawable`).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import fontkit from '@pdf-lib/fontkit'
import { StandardFontEmbedder, StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib'

export interface DocumentFonts {
  regular: PDFFont
  bold: PDFFont
  /** True when the DejaVu Sans pair is embedded, false for the standard Helvetica pair. */
  embedded: boolean
}

interface EmbeddedFace {
  regular: Uint8Array
  bold: Uint8Array
  /** The code points DejaVu Sans draws. */
  characters: ReadonlySet<number>
}

// pdf-lib's StandardFonts and its embedder's FontNames are two enums of the same names.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0]
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName)
const winAnsi: ReadonlySet<number> = new Set(helvetica.encoding.supportedCodePoints)

let face: Promise<EmbeddedFace> | undefined

async function loadFace(): Promise<EmbeddedFace> {
  const require = createRequire(import.meta.url)
  const file = (name: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))
  const [regular, bold] = await Promise.all([file('DejaVuSans.ttf'), file('DejaVuSans-Bold.ttf')])
  const characters = new Set(fontkit.create(regular).characterSet)
  return { regular, bold, characters }
}

/** The TTF pair and what it covers, read once per process. */
function embeddedFace(): Promise<EmbeddedFace> {
  face ??= loadFace().catch((error: unknown) => {
    face = undefined
    throw error
  })
  return face
}

/** The code points of the texts that Helvetica cannot draw (control characters aside). */
function beyondWinAnsi(texts: readonly string[]): number[] {
  const outside = new Set<number>()
  for (const text of texts) {
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0) ?? 0
      if (code >= 0x20 && !winAnsi.has(code)) outside.add(code)
    }
  }
  return [...outside]
}

/**
 * Embeds the regular and bold fonts for a document that will draw `texts`: Helvetica when it
 * draws them all, else DejaVu Sans when that draws at least one character Helvetica lacks.
 */
export async function documentFonts(
  pdf: PDFDocument,
  texts: readonly string[],
): Promise<DocumentFonts> {
  const outside = beyondWinAnsi(texts)
  if (outside.length > 0) {
    const dejaVu = await embeddedFace()
    if (outside.some((code) => dejaVu.characters.has(code))) {
      pdf.registerFontkit(fontkit)
      const [regular, bold] = await Promise.all([
        pdf.embedFont(dejaVu.regular, { subset: true }),
        pdf.embedFont(dejaVu.bold, { subset: true }),
      ])
      return { regular, bold, embedded: true }
    }
  }
  const [regular, bold] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
  ])
  return { regular, bold, embedded: false }
}

const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>()

/** Replaces what the font cannot draw with "?", keeping the rest of the text. */
export function drawable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font)
  if (!supported) {
    supported = new Set(font.getCharacterSet())
    characterSets.set(font, supported)
  }
  const known = supported
  return Array.from(text.normalize('NFC'))
    .map((char) => (known.has(char.codePointAt(0) ?? -1) ? char : '?'))
    .join('')
}
