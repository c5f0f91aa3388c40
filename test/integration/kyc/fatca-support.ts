// Helpers of the FATCA/CRS suites: reading the text a produced PDF shows, downloading a form by
// the link the certification carries, a PDF file to upload, and the demo subjects.
import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import type { TestServer } from '../server-harness.ts'

/** The text pdf-lib drew: hex strings shown with Tj inside the deflated page streams. */
export function drawnText(bytes: Uint8Array): string {
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

export interface Downloaded {
  status: number
  contentType: string | null
  bytes: Uint8Array
}

/** GETs a link the server handed out (relative to its origin), without any token. */
export async function download(server: TestServer, link: string): Promise<Downloaded> {
  const response = await fetch(new URL(link, server.baseUrl))
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

/**
 * A form downloaded by its link, opened with pdf-lib, and its text with every run of
 * whitespace one space, so a row wrapped onto two lines reads as written.
 */
export async function openForm(
  server: TestServer,
  link: string,
): Promise<{ document: PDFDocument; text: string }> {
  const file = await download(server, link)
  if (file.status !== 200) throw new Error(`download of ${link}: ${file.status}`)
  return {
    document: await PDFDocument.load(file.bytes),
    text: drawnText(file.bytes).replace(/\s+/g, ' '),
  }
}

/** A small real PDF, as a scanned certificate would be uploaded. */
export async function certificatePdf(): Promise<Buffer> {
  const document = await PDFDocument.create()
  document.addPage([200, 200]).drawText('Certificate of Loss of Nationality')
  return Buffer.from(await document.save())
}

/** A multipart POST with a bearer token; parts are text or a file. */
export async function postMultipart(
  server: TestServer,
  path: string,
  parts: Record<string, string | { name: string; type: string; bytes: Buffer }>,
  token: string,
): Promise<{ status: number; body: Record<string, unknown> & { responseCode?: string } }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value)
    else
      form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name)
  }
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
