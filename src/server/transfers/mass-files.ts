// Reading the lines of a mass transfer file or pasted text (product-spec section 7): CSV with a
// comma, semicolon or tab between cells (the one the first line uses most), double quotes
// around a cell that holds one, blank lines skipped. A first line naming a known column
// ("email", "amount"...) is a header and fixes the column order; without one the sample
// file's order applies. Line numbers are those an editor shows (1-based, header included), so
// a refusal naming rows[3] points at the third line of the file.
import { uploadedBytes } from '../uploads/file-signatures.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { textProblem } from '../rpc/text-input.ts'
import { refusal } from '../rpc/outcome.ts'

export interface MassLine {
  lineNumber: number
  /** Cell values by column name, trimmed; columns the line lacks are absent. */
  cells: Record<string, string>
}

export interface MassColumns {
  /** The order of the columns when the file has no header line. */
  order: string[]
  /** Header words accepted for each column, lower-cased, spaces and _ removed. */
  aliases: Record<string, string[]>
}

/**
 * The most payments one batch sends; a larger payroll is split into several files. A batch
 * holds its source account's balance row until it commits, so this bounds that wait.
 */
export const maxMassRows = 1000
/**
 * The most lines a preview reads: a whole large payroll file is checked at once, so every
 * refused line shows before the customer splits it (the 10,000-row budget of DESIGN.md).
 */
export const maxPreviewRows = 10_000

/** The columns of the P2P layout (the p2p sample of massSampleLinksGet). */
export const p2pColumns: MassColumns = {
  order: ['email', 'amount', 'currency', 'note'],
  aliases: {
    email: ['email', 'e-mail', 'toemail', 'recipient', 'recipientemail', 'payeeemail'],
    amount: ['amount', 'sum'],
    currency: ['currency', 'currencycode', 'ccy'],
    note: ['note', 'description', 'comment', 'details', 'reference', 'memo'],
  },
}

/** The text of an uploaded file part (multipart-body.ts) or undefined when it carries none. */
export function fileText(file: unknown): { text: string; name: string; type: string } | undefined {
  if (typeof file !== 'object' || file === null) return undefined
  const part = file as { filename?: unknown; mimetype?: unknown; data?: unknown }
  const bytes = uploadedBytes(part.data)
  if (!bytes) return undefined
  return {
    text: bytes.toString('utf8').replace(/^\uFEFF/, ''),
    name: typeof part.filename === 'string' && part.filename !== '' ? part.filename : 'mass.csv',
    type: typeof part.mimetype === 'string' && part.mimetype !== '' ? part.mimetype : 'text/csv',
  }
}

function separatorOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0]![0]
}

/** One line's cells, honouring double quotes ("" inside quotes is a quote). */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (char === separator) {
      cells.push(cell.trim())
      cell = ''
    } else cell += char
  }
  cells.push(cell.trim())
  return cells
}

function normalised(word: string): string {
  return word.toLowerCase().replace(/[\s_]/g, '')
}

function headerOf(cells: string[], columns: MassColumns): string[] | undefined {
  const names = cells.map((cell) => {
    const word = normalised(cell)
    return Object.keys(columns.aliases).find((name) => columns.aliases[name]!.includes(word))
  })
  if (!names.some((name) => name !== undefined)) return undefined
  return names.map((name, i) => name ?? `column${i + 1}`)
}

/** The payment lines of the text, header and blank lines left out. */
export function massLines(text: string, columns: MassColumns): MassLine[] {
  const raw = text.split(/\r\n|\n|\r/)
  const firstIndex = raw.findIndex((line) => line.trim() !== '')
  if (firstIndex < 0) return []
  const separator = separatorOf(raw[firstIndex]!)
  const header = headerOf(cellsOf(raw[firstIndex]!, separator), columns)
  const names = header ?? columns.order
  const lines: MassLine[] = []
  raw.forEach((line, index) => {
    if (line.trim() === '' || (header && index === firstIndex)) return
    const values = cellsOf(line, separator)
    const cells: Record<string, string> = {}
    names.forEach((name, i) => {
      const value = values[i]
      if (value !== undefined && value !== '') cells[name] = value
    })
    lines.push({ lineNumber: index + 1, cells })
  })
  return lines
}

/** At most this many unstorable cells are named; one is enough to find the broken export. */
const maxNamedCells = 50

/**
 * Cells the database could not hold: a NUL byte in the file (PostgreSQL text refuses it),
 * named like every other refusal of a line (rows[<line>].<column>). Checked before any line
 * is read further, since a note or a name is stored as it is.
 */
export function unstorableCells(lines: MassLine[]): FieldError[] {
  const errors: FieldError[] = []
  for (const line of lines) {
    for (const [column, value] of Object.entries(line.cells)) {
      const problem = textProblem(value)
      if (problem) errors.push(refusal(`rows[${line.lineNumber}].${column}`, problem))
      if (errors.length === maxNamedCells) return errors
    }
  }
  return errors
}
