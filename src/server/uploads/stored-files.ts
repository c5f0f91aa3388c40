// Compliance files: checked by their bytes before anything is written, stored in the database
// (stored_files) in the caller's transaction, and read back only for the customer they belong
// to. Documents are accepted as PDF, JPEG or PNG of at most 10 MB (the multipart limit of
// app.ts refuses a larger part before it reaches a handler, with VF naming the part).
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { storedFiles } from '../db/schema.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { uploadedBytes } from './file-signatures.ts'
import {
  documentContentType,
  maxDocumentBytes,
  type DocumentContentType,
} from '../../shared/file-signatures.ts'
import { refusal } from '../rpc/outcome.ts'

export type StoredFileContentType = DocumentContentType

/** What a stored file is for; generatedPdf is a document pdfGenerate made (spec/services.yaml). */
export type StoredFilePurpose =
  | 'document'
  | 'limitDocument'
  | 'companyDocument'
  | 'wForm'
  | 'lossOfNationality'
  | 'taxForm'
  | 'generatedPdf'
  /** A funding invoice's PDF (invoices/invoice-pdf.ts). */
  | 'invoicePdf'
  /** A selfie or identity document sent on an identity check's run page. */
  | 'identityCheck'
  /** A monthly statement of an account (src/server/history/statements.ts). */
  | 'statement'
  /** A file attached to a support ticket (adapters/help-desk/built-in-help-desk.ts). */
  | 'supportAttachment'

/** The largest compliance file accepted: 10 MB, as the stored_files check says. */
export const maxStoredFileBytes = maxDocumentBytes

/** A file that passed the checks, ready to store. */
export interface CheckedFile {
  fileName: string
  contentType: StoredFileContentType
  content: Buffer
}

/** A file part as the dispatcher hands it over (multipart-body.ts), or its JSON form. */
interface FilePart {
  filename?: unknown
  data?: unknown
}

/** A file name safe to show and to offer as a download name: no path, no control characters. */
function cleanFileName(name: unknown): string {
  const base = typeof name === 'string' ? (name.split(/[\\/]/).pop() ?? '') : ''
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200)
  return clean === '' ? 'document' : clean
}

/**
 * Checks one uploaded part by content: PDF, JPEG or PNG, not empty, at most 10 MB. The
 * refusal names `parameter`, the request field the part came in.
 */
export function checkUploadedFile(
  part: unknown,
  parameter: string,
): { ok: true; file: CheckedFile } | { ok: false; error: FieldError } {
  const file = (part ?? {}) as FilePart
  const bytes = uploadedBytes(file.data)
  if (!bytes || bytes.length === 0) {
    return { ok: false, error: refusal(parameter, 'refusal.common.noFileContent') }
  }
  if (bytes.length > maxStoredFileBytes) {
    return { ok: false, error: refusal(parameter, 'refusal.uploads.tooLarge') }
  }
  const contentType = documentContentType(bytes)
  if (!contentType) {
    return {
      ok: false,
      error: refusal(parameter, 'refusal.uploads.notDocumentFile'),
    }
  }
  return { ok: true, file: { fileName: cleanFileName(file.filename), contentType, content: bytes } }
}

/** Stores a checked file for a customer in the caller's transaction; returns its id. */
export async function storeFile(
  tx: Db,
  customerId: number,
  purpose: StoredFilePurpose,
  file: CheckedFile,
): Promise<number> {
  const [row] = await tx
    .insert(storedFiles)
    .values({
      customerId,
      purpose,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
    })
    .returning({ id: storedFiles.id })
  if (!row) throw new Error('assertion: the stored file was inserted')
  return row.id
}

export interface StoredFile {
  id: number
  fileName: string
  contentType: StoredFileContentType
  content: Buffer
}

/**
 * A customer's file. Another customer's file id answers undefined, as an unknown one does,
 * so a caller cannot learn that it exists.
 */
export async function readStoredFile(
  db: Db,
  customerId: number,
  fileId: number,
): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      id: storedFiles.id,
      fileName: storedFiles.fileName,
      contentType: storedFiles.contentType,
      content: storedFiles.content,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.customerId, customerId)))
  return row ? { ...row, contentType: row.contentType as StoredFileContentType } : undefined
}
