// What the identity-check tests share: small files of each kind, the calls a person makes
// (start in the portal, the run page's load and send) and letting the provider's time pass.
import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { replyOf, type Reply, type TestServer } from '../server-harness.ts'

/** A 1x1 PNG: a valid image, and the selfie of the tests. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
/** A file that starts as a JPEG does: the document photo of the tests. */
export const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])
/** The smallest file the PDF check accepts. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
  'latin1',
)

export interface UploadFile {
  name: string
  type: string
  bytes: Buffer
}

export const selfie: UploadFile = { name: 'selfie.png', type: 'image/png', bytes: pngBytes }
export const passportScan: UploadFile = {
  name: 'passport.jpg',
  type: 'image/jpeg',
  bytes: jpegBytes,
}

export interface StartedRun {
  workflowRunId: string
  token: string
  url: string
  provider: string
  expiresAt: string
}

export async function customerIdOf(server: TestServer, username: string): Promise<number> {
  const [row] = await server.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row.customerId
}

/** identityVerificationStart as the signed-in user. */
export function startCheck(server: TestServer, token: string | undefined): Promise<Reply> {
  return server.post('/identity-verification', {}, token)
}

/** customerIdentityVerificationStart for a customer the caller acts for. */
export function startCheckFor(
  server: TestServer,
  customerId: number | string,
  token: string | undefined,
): Promise<Reply> {
  return server.post(`/customers/${customerId}/identity-verification`, {}, token)
}

export async function startedRun(server: TestServer, token: string): Promise<StartedRun> {
  const reply = await startCheck(server, token)
  expect(reply.status, reply.text).toBe(200)
  return reply.body as unknown as StartedRun
}

/** The run page's load. */
export function loadRun(server: TestServer, workflowRunId: string, token: string) {
  return server.post('/rpc/identityVerificationRunGet', { workflowRunId, token })
}

/** The run page's send, as the browser does it: multipart with the data part and two files. */
export async function sendFiles(
  server: TestServer,
  link: { workflowRunId: string; token: string },
  files: { selfie?: UploadFile; document?: UploadFile },
  documentTypeId = 1,
): Promise<Reply> {
  const form = new FormData()
  const { workflowRunId, token } = link
  form.append('data', JSON.stringify({ workflowRunId, token, documentTypeId }))
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  }
  const response = await fetch(`${server.baseUrl}/rpc/identityVerificationRunSubmit`, {
    method: 'POST',
    body: form,
  })
  return replyOf(response)
}

/** The provider's decision comes a while after the files: make that time pass. */
export async function letProviderDecide(server: TestServer): Promise<void> {
  await runDueJobs(server.db, { now: new Date(Date.now() + 600_000) })
}

/** The per-customer start limit is the start test's to check; other tests start afresh. */
export async function forgetStarts(server: TestServer): Promise<void> {
  await server.db.execute(
    sql`delete from rate_limit_counters where scope = 'identityVerificationStart'`,
  )
}

/** The demo customer, not verified, without its passport: the identity check is what is left. */
export async function demoWithoutIdentity(server: TestServer): Promise<number> {
  const customerId = await customerIdOf(server, 'demo@nova.example')
  await server.db.update(customers).set({ verified: false }).where(eq(customers.id, customerId))
  await server.db.execute(sql`
    update uploaded_documents set status_id = 5
    where customer_id = ${customerId} and document_type_id = 1`)
  return customerId
}
