// What the business area's tests share: signing in as a demo user, acting for a company,
// registering and activating a business as the portal does, multipart uploads, and the files a
// client sends (a real PDF and PNG, and bytes that are neither).
import { expect } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema.ts'
import type { components } from '../../../src/generated/api.d.ts'
import { replyOf, type Reply, type TestServer } from '../server-harness.ts'
import { businessPayload, solvedCaptcha } from '../activation/registration-payloads.ts'

type Schemas = components['schemas']
export type Representative = Schemas['BusinessRepresentative']
export type Address = Schemas['Address']

/** Signs in once per user and calls operations as them, optionally acting for a company. */
export function caller(server: TestServer) {
  const tokens = new Map<string, string>()
  const tokenOf = async (username: string, password?: string) => {
    const known = tokens.get(username)
    if (known) return known
    const { accessToken } = await server.signIn(username, password)
    tokens.set(username, accessToken)
    return accessToken
  }
  return {
    tokenOf,
    async call(username: string, operation: string, body: Record<string, unknown> = {}) {
      return server.post(`/rpc/${operation}`, body, await tokenOf(username))
    },
  }
}

/** The customer of a demo user's own sign-in (a company's, for a business's sign-in). */
export async function customerIdOf(server: TestServer, username: string): Promise<number> {
  const [user] = await server.db.select().from(users).where(eq(users.username, username))
  if (!user) throw new Error(`no user ${username}`)
  return user.customerId
}

export async function userIdOf(server: TestServer, username: string): Promise<number> {
  const [user] = await server.db.select().from(users).where(eq(users.username, username))
  if (!user) throw new Error(`no user ${username}`)
  return user.id
}

interface MailboxMessage {
  recipient: string
  subject: string
  body: string
}

/** The demo mailbox of a recipient, newest first, as the portal's demo page reads it. */
export async function mailbox(server: TestServer, recipient: string): Promise<MailboxMessage[]> {
  const query = new URLSearchParams({ recipient })
  const response = await fetch(`${server.baseUrl}/demo/mailbox?${query.toString()}`)
  const { messages } = (await response.json()) as { messages: MailboxMessage[] }
  return messages
}

export const codeIn = (body: string | undefined) =>
  /code is ([A-Z0-9]{8})/.exec(body ?? '')?.[1] ?? ''

export const ownerPassword = 'Business-2026!'

/**
 * Registers the two-level business of registration-payloads.ts (Olivia 60 %, Holding Ltd 40 %
 * owned by Hugo 70 % and Rosa 30 %) and activates it with the mailed code, as a new customer
 * does; returns its id. The owner then signs in with ownerPassword.
 */
export async function registerBusiness(
  server: TestServer,
  emails: [string, string],
): Promise<number> {
  const created = await server.post(
    '/rpc/businessAccountCreate',
    businessPayload(emails, await solvedCaptcha(server.baseUrl)),
  )
  expect(created.body.responseCode, created.text).toBe('00')
  const [mail] = await mailbox(server, emails[0])
  const activated = await server.post('/rpc/businessActivate', {
    email: emails[0],
    activationCode: codeIn(mail?.body),
  })
  expect(activated.body.responseCode, activated.text).toBe('00')
  return created.body.customerId as number
}

export interface UploadPart {
  name: string
  type: string
  bytes: Buffer
}

/** A real multipart request: the data part as JSON and each file part with its name. */
export async function postMultipart(
  server: TestServer,
  operation: string,
  token: string,
  data: Record<string, unknown>,
  files: Record<string, UploadPart>,
  fromCustomerId?: number,
): Promise<Reply> {
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  if (fromCustomerId !== undefined) form.append('fromCustomerId', String(fromCustomerId))
  for (const [part, file] of Object.entries(files)) {
    form.append(part, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  }
  const response = await fetch(`${server.baseUrl}/rpc/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return replyOf(response)
}

/** A one-page PDF as a scanner writes it: the header, a page, and %%EOF at the end. */
export const pdfFile = (name = 'proof.pdf'): UploadPart => ({
  name,
  type: 'application/pdf',
  bytes: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  ),
})

/** A 1x1 PNG. */
export const pngFile = (name = 'page.png'): UploadPart => ({
  name,
  type: 'image/png',
  bytes: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
})

/** A script named and typed as a PDF: refused by its bytes. */
export const fakePdf = (name = 'proof.pdf'): UploadPart => ({
  name,
  type: 'application/pdf',
  bytes: Buffer.from('#!/bin/sh\necho not a document\n'),
})

/** A date `days` from today (UTC, yyyy-mm-dd); negative for the past. */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
