// The built-in help desk (README.md in this folder): tickets, threads and attachments in our
// own database (db/schema-support.ts), one demo agent who answers in the bank's name.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/open-database.ts'
import {
  supportAttachments,
  supportContacts,
  supportThreads,
  supportTickets,
} from '../../db/schema-support.ts'
import { storedFiles } from '../../db/schema.ts'
import { readStoredFile, storeFile } from '../../uploads/stored-files.ts'
import type {
  HelpDeskAdapter,
  HelpDeskUser,
  NewMessage,
  Page,
  SupportAttachment,
  SupportThread,
  SupportTicket,
  SupportTicketField,
  UnknownUpload,
} from './help-desk-adapter.ts'

type TicketRow = typeof supportTickets.$inferSelect
type ThreadRow = typeof supportThreads.$inferSelect

/** The agent of the built-in help desk. */
export const builtInAgent = { id: 'agent-1', name: 'Support team' } as const

/** How many characters of a message its summary keeps. */
const summaryLength = 120

const ticketFields: SupportTicketField[] = [
  { apiName: 'subject', displayLabel: 'Subject', type: 'Text', isMandatory: true, maxLength: 256 },
  {
    apiName: 'description',
    displayLabel: 'Message',
    type: 'Textarea',
    isMandatory: true,
    maxLength: 1000,
  },
  {
    apiName: 'category',
    displayLabel: 'Topic',
    type: 'Picklist',
    isMandatory: false,
    allowedValues: ['account', 'cards', 'transfers', 'documents', 'other'],
  },
]

function newId(): string {
  return randomUUID().replaceAll('-', '')
}

function contactId(customerId: number): string {
  return `customer-${customerId}`
}

function attachmentHref(ticketId: string, threadId: string, attachmentId: string): string {
  return `/helpdesk/tickets/${ticketId}/threads/${threadId}/attachments/${attachmentId}/content`
}

function threadView(
  row: ThreadRow,
  customerId: number,
  attachments: SupportAttachment[],
  full: boolean,
): SupportThread {
  const outward = row.direction === 'out'
  const author: HelpDeskUser = outward
    ? { id: builtInAgent.id, name: row.agentName ?? builtInAgent.name, type: 'agent' }
    : { id: contactId(customerId), type: 'customer', customerId }
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    direction: outward ? 'out' : 'in',
    to: outward ? contactId(customerId) : 'support',
    from: outward ? 'support' : contactId(customerId),
    author,
    summary: row.content.slice(0, summaryLength),
    ...(full ? { content: row.content } : {}),
    contentType: row.contentType === 'text/html' ? 'text/html' : 'text/plain',
    attachments,
  }
}

function ticketView(row: TicketRow, lastThread: SupportThread | undefined): SupportTicket {
  const status = row.status as SupportTicket['status']
  return {
    id: row.id,
    ticketNumber: String(row.ticketNumber),
    subject: row.subject,
    status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(lastThread ? { lastThread } : {}),
    cf: { cf_customer_read_at: row.customerReadAt?.toISOString() ?? null },
  }
}

/** The attachments of threads, by thread id. */
async function attachmentsOf(
  db: Db,
  ticketId: string,
  threadIds: string[],
): Promise<Map<string, SupportAttachment[]>> {
  const byThread = new Map<string, SupportAttachment[]>()
  if (threadIds.length === 0) return byThread
  const rows = await db
    .select({
      id: supportAttachments.id,
      threadId: supportAttachments.threadId,
      name: storedFiles.fileName,
      size: storedFiles.sizeBytes,
      contentType: storedFiles.contentType,
    })
    .from(supportAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, supportAttachments.storedFileId))
    .where(inArray(supportAttachments.threadId, threadIds))
    .orderBy(asc(supportAttachments.createdAt))
  for (const row of rows) {
    const threadId = row.threadId ?? ''
    const list = byThread.get(threadId) ?? []
    list.push({
      id: row.id,
      name: row.name,
      size: row.size,
      contentType: row.contentType,
      href: attachmentHref(ticketId, threadId, row.id),
    })
    byThread.set(threadId, list)
  }
  return byThread
}

/** The tickets' last threads, by ticket id. */
async function lastThreadsOf(
  db: Db,
  customerId: number,
  ticketIds: string[],
): Promise<Map<string, SupportThread>> {
  const last = new Map<string, SupportThread>()
  if (ticketIds.length === 0) return last
  const rows = await db
    .select()
    .from(supportThreads)
    .where(inArray(supportThreads.ticketId, ticketIds))
    .orderBy(asc(supportThreads.createdAt), asc(supportThreads.id))
  for (const row of rows) last.set(row.ticketId, threadView(row, customerId, [], false))
  return last
}

async function ownTicketRow(
  db: Db,
  customerId: number,
  ticketId: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.customerId, customerId)))
  return row
}

async function ticketWithLastThread(
  db: Db,
  customerId: number,
  row: TicketRow,
): Promise<SupportTicket> {
  const last = await lastThreadsOf(db, customerId, [row.id])
  return ticketView(row, last.get(row.id))
}

/** The first upload id that is not a free upload of the customer. */
async function unknownUploadOf(
  db: Db,
  customerId: number,
  uploadIds: readonly string[],
): Promise<UnknownUpload | undefined> {
  if (uploadIds.length === 0) return undefined
  const free = await db
    .select({ id: supportAttachments.id })
    .from(supportAttachments)
    .where(
      and(
        inArray(supportAttachments.id, [...uploadIds]),
        eq(supportAttachments.customerId, customerId),
        isNull(supportAttachments.threadId),
      ),
    )
  const known = new Set(free.map((row) => row.id))
  const unknown = uploadIds.find((id, index) => !known.has(id) || uploadIds.indexOf(id) !== index)
  return unknown === undefined ? undefined : { unknownUpload: unknown }
}

/** Adds a message with its uploads; the caller checked the uploads (unknownUploadOf). */
async function addThread(
  tx: Db,
  ticketId: string,
  message: NewMessage & { direction: 'in' | 'out'; agentName?: string; at?: Date },
): Promise<ThreadRow> {
  const [row] = await tx
    .insert(supportThreads)
    .values({
      id: newId(),
      ticketId,
      direction: message.direction,
      agentName: message.agentName ?? null,
      content: message.content,
      contentType: message.contentType,
      ...(message.at ? { createdAt: message.at } : {}),
    })
    .returning()
  if (!row) throw new Error('assertion: the thread was inserted')
  if (message.uploadIds.length > 0) {
    await tx
      .update(supportAttachments)
      .set({ threadId: row.id })
      .where(inArray(supportAttachments.id, [...message.uploadIds]))
  }
  return row
}

async function fullThread(
  db: Db,
  customerId: number,
  ticketId: string,
  row: ThreadRow,
): Promise<SupportThread> {
  const attachments = await attachmentsOf(db, ticketId, [row.id])
  return threadView(row, customerId, attachments.get(row.id) ?? [], true)
}

async function contact(db: Db, customerId: number): Promise<HelpDeskUser> {
  await db
    .insert(supportContacts)
    .values({ customerId, id: contactId(customerId) })
    .onConflictDoNothing()
  return { id: contactId(customerId), type: 'customer', customerId }
}

async function agentOf(db: Db, customerId: number): Promise<HelpDeskUser | undefined> {
  const [row] = await db
    .select({ agentName: supportThreads.agentName })
    .from(supportThreads)
    .innerJoin(supportTickets, eq(supportTickets.id, supportThreads.ticketId))
    .where(and(eq(supportTickets.customerId, customerId), eq(supportThreads.direction, 'out')))
    .orderBy(desc(supportThreads.createdAt))
    .limit(1)
  if (!row) return undefined
  return { id: builtInAgent.id, name: row.agentName ?? builtInAgent.name, type: 'agent' }
}

async function tickets(db: Db, customerId: number, page: Page): Promise<SupportTicket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.customerId, customerId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.ticketNumber))
    .limit(page.limit)
    .offset(page.from - 1)
  const last = await lastThreadsOf(
    db,
    customerId,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ticketView(row, last.get(row.id)))
}

async function ticket(
  db: Db,
  customerId: number,
  ticketId: string,
): Promise<SupportTicket | undefined> {
  const row = await ownTicketRow(db, customerId, ticketId)
  return row ? ticketWithLastThread(db, customerId, row) : undefined
}

async function openTicket(
  db: Db,
  customerId: number,
  subject: string,
  first: NewMessage & { fields?: Record<string, string> },
): Promise<SupportTicket | UnknownUpload> {
  const unknown = await unknownUploadOf(db, customerId, first.uploadIds)
  if (unknown) return unknown
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [row] = await tx
      .insert(supportTickets)
      .values({ id: newId(), customerId, subject, fields: first.fields ?? {} })
      .returning()
    if (!row) throw new Error('assertion: the ticket was inserted')
    await addThread(tx, row.id, { ...first, direction: 'in' })
    return ticketWithLastThread(tx, customerId, row)
  })
}

async function updateTicket(
  db: Db,
  customerId: number,
  ticketId: string,
  change: { readAt?: Date; close?: boolean },
): Promise<SupportTicket | undefined> {
  const [row] = await db
    .update(supportTickets)
    .set({
      ...(change.readAt ? { customerReadAt: change.readAt } : {}),
      ...(change.close ? { status: 'Closed', updatedAt: new Date() } : {}),
    })
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.customerId, customerId)))
    .returning()
  return row ? ticketWithLastThread(db, customerId, row) : undefined
}

async function threads(
  db: Db,
  customerId: number,
  ticketId: string,
  page: Page,
): Promise<SupportThread[] | undefined> {
  if (!(await ownTicketRow(db, customerId, ticketId))) return undefined
  const rows = await db
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.ticketId, ticketId))
    .orderBy(asc(supportThreads.createdAt), asc(supportThreads.id))
    .limit(page.limit)
    .offset(page.from - 1)
  const attachments = await attachmentsOf(
    db,
    ticketId,
    rows.map((row) => row.id),
  )
  return rows.map((row) => threadView(row, customerId, attachments.get(row.id) ?? [], false))
}

async function ownThreadRow(
  db: Db,
  customerId: number,
  ticketId: string,
  threadId: string,
): Promise<ThreadRow | undefined> {
  if (!(await ownTicketRow(db, customerId, ticketId))) return undefined
  const [row] = await db
    .select()
    .from(supportThreads)
    .where(and(eq(supportThreads.id, threadId), eq(supportThreads.ticketId, ticketId)))
  return row
}

async function thread(
  db: Db,
  customerId: number,
  ticketId: string,
  threadId: string,
): Promise<SupportThread | undefined> {
  const row = await ownThreadRow(db, customerId, ticketId, threadId)
  return row ? fullThread(db, customerId, ticketId, row) : undefined
}

async function reply(
  db: Db,
  customerId: number,
  ticketId: string,
  message: NewMessage,
): Promise<SupportThread | UnknownUpload | undefined> {
  if (!(await ownTicketRow(db, customerId, ticketId))) return undefined
  const unknown = await unknownUploadOf(db, customerId, message.uploadIds)
  if (unknown) return unknown
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const row = await addThread(tx, ticketId, { ...message, direction: 'in' })
    await tx
      .update(supportTickets)
      .set({ status: 'Open', updatedAt: row.createdAt })
      .where(eq(supportTickets.id, ticketId))
    return fullThread(tx, customerId, ticketId, row)
  })
}

async function attachment(
  db: Db,
  customerId: number,
  path: { ticketId: string; threadId: string; attachmentId: string },
) {
  if (!(await ownThreadRow(db, customerId, path.ticketId, path.threadId))) return undefined
  const [row] = await db
    .select({ storedFileId: supportAttachments.storedFileId })
    .from(supportAttachments)
    .where(
      and(
        eq(supportAttachments.id, path.attachmentId),
        eq(supportAttachments.threadId, path.threadId),
      ),
    )
  const file = row ? await readStoredFile(db, customerId, row.storedFileId) : undefined
  return file && { fileName: file.fileName, contentType: file.contentType, content: file.content }
}

const upload: HelpDeskAdapter['upload'] = async (db, customerId, file) =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const storedFileId = await storeFile(tx, customerId, 'supportAttachment', file)
    const id = newId()
    await tx.insert(supportAttachments).values({ id, customerId, storedFileId })
    return {
      id,
      name: file.fileName,
      size: file.content.length,
      contentType: file.contentType,
    }
  })

const agentReply: HelpDeskAdapter['agentReply'] = async (db, ticketId, content, options = {}) =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId))
    if (!row) return undefined
    const at = options.at ?? new Date()
    await addThread(tx, ticketId, {
      content,
      contentType: 'text/plain',
      uploadIds: [],
      direction: 'out',
      agentName: options.agentName ?? builtInAgent.name,
      at,
    })
    await tx
      .update(supportTickets)
      .set({ status: options.status ?? 'Open', updatedAt: at })
      .where(eq(supportTickets.id, ticketId))
    return {
      customerId: row.customerId,
      ticketNumber: String(row.ticketNumber),
      subject: row.subject,
    }
  })

export function builtInHelpDesk(): HelpDeskAdapter {
  return {
    contact,
    agentOf,
    tickets,
    ticket,
    openTicket,
    updateTicket,
    threads,
    thread,
    reply,
    attachment,
    upload,
    fields: () => ticketFields.map((field) => ({ ...field })),
    agentReply,
  }
}
