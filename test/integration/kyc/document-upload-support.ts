// What the document tests share: files a client would send (made here, small), a real
// multipart upload as a browser sends it (every field as text), and the counts a client can
// read back through the readers, to see that a refused upload wrote nothing.
import { expect } from 'vitest'
import { demoPdf } from '../../../src/server/demo/kyc-review.ts'
import type { Reply, TestServer } from '../server-harness.ts'

export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
export const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])

let serial = 0
/** A PDF no other test sends: its text carries a serial, so its SHA-256 is its own. */
export function uniquePdf(label = 'scan'): Buffer {
  serial += 1
  return demoPdf([`${label} ${serial} ${process.pid} ${Date.now()}`])
}

/** A PDF whose trailer names an encryption dictionary: a password-protected file. */
export function protectedPdf(): Buffer {
  const plain = uniquePdf('protected').toString('latin1')
  return Buffer.from(plain.replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 6 0 R'), 'latin1')
}

export interface UploadFile {
  name: string
  bytes: Buffer
  type?: string
}

/** A multipart upload as the portal sends it: text fields and file parts. */
export async function upload(
  server: TestServer,
  operationId: string,
  token: string | undefined,
  fields: Record<string, string | number | boolean>,
  files: Record<string, UploadFile>,
): Promise<Reply> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  for (const [name, file] of Object.entries(files)) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' })
    form.append(name, blob, file.name)
  }
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${server.baseUrl}/rpc/${operationId}`, {
    method: 'POST',
    headers,
    body: form,
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) }
}

export interface UploadedFileBody {
  id: number
  statusId: number
  documentTypeId: number
  isSubDocument: boolean
  categoryId?: number
  rejectReason?: string
}

export interface DocumentBody {
  documentId: number
  categoryId: number
  statusId: number
  addressId?: number
  verified: boolean
  inReview: boolean
  uploadedDocuments: UploadedFileBody[]
}

/** A successful RPC answer's body; fails the test with the text otherwise. */
export async function ok(reply: Promise<Reply> | Reply): Promise<Reply['body']> {
  const answer = await reply
  expect(answer.body.responseCode, answer.text).toBe('00')
  return answer.body
}

/** The documents and the number of files a customer sees (documentsInquiry). */
export async function documentsOf(server: TestServer, token: string) {
  const body = await ok(server.post('/rpc/documentsInquiry', {}, token))
  const documents = body.documents as DocumentBody[]
  const files = documents.flatMap((document) => document.uploadedDocuments)
  return { documents, files, fileCount: files.length }
}

/** The customer's verification state (kycCustomerInfoGet). */
export async function verificationStateOf(server: TestServer, token: string): Promise<string> {
  const body = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
  return (body.kycCustomerInfo as { status: { verificationState: string } }).status
    .verificationState
}

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}
