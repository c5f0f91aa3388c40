// The help-desk adapter: where support tickets live (product-spec sections 3, 4 and 7). The
// support area (src/server/support/) serves the /zoho and /helpdesk operations through it and
// decides who may see what; the adapter only keeps tickets, threads and files for a customer
// it is given. Every method takes the customer it acts for and answers undefined for a ticket,
// thread or file of anyone else, as for one that does not exist. The built-in help desk keeps
// them in our database; a deployment with a hosted help desk writes one over its API.
import type { Db } from '../../db/open-database.ts'
import type { components } from '../../../generated/api.d.ts'
import type { CheckedFile } from '../../uploads/stored-files.ts'

export type SupportTicket = components['schemas']['SupportTicket']
export type SupportThread = components['schemas']['SupportThread']
export type SupportAttachment = components['schemas']['SupportAttachment']
export type SupportTicketField = components['schemas']['SupportTicketField']
export type HelpDeskUser = components['schemas']['HelpDeskUser']

export interface Page {
  /** 1-based position of the first item. */
  from: number
  limit: number
}

export interface NewMessage {
  content: string
  contentType: 'text/plain' | 'text/html'
  /** Uploads (upload) of the same customer not yet attached anywhere. */
  uploadIds: readonly string[]
}

/** Why a message could not be added: one of its upload ids is unknown, used or not theirs. */
export interface UnknownUpload {
  unknownUpload: string
}

export interface AttachmentContent {
  fileName: string
  contentType: string
  content: Buffer
}

export interface HelpDeskAdapter {
  /** The customer's help-desk contact, created on first use. */
  contact(db: Db, customerId: number): Promise<HelpDeskUser>
  /** The agent who answered the customer last; undefined while none has. */
  agentOf(db: Db, customerId: number): Promise<HelpDeskUser | undefined>
  /** The customer's tickets, newest activity first, each with its last thread. */
  tickets(db: Db, customerId: number, page: Page): Promise<SupportTicket[]>
  ticket(db: Db, customerId: number, ticketId: string): Promise<SupportTicket | undefined>
  /** Opens a ticket with its first message. */
  openTicket(
    db: Db,
    customerId: number,
    subject: string,
    first: NewMessage & { fields?: Record<string, string> },
  ): Promise<SupportTicket | UnknownUpload>
  /** Marks a ticket read at readAt and/or closes it. */
  updateTicket(
    db: Db,
    customerId: number,
    ticketId: string,
    change: { readAt?: Date; close?: boolean },
  ): Promise<SupportTicket | undefined>
  /** A ticket's messages, oldest first, without their full content. */
  threads(
    db: Db,
    customerId: number,
    ticketId: string,
    page: Page,
  ): Promise<SupportThread[] | undefined>
  thread(
    db: Db,
    customerId: number,
    ticketId: string,
    threadId: string,
  ): Promise<SupportThread | undefined>
  /** The customer's reply; a closed ticket opens again. */
  reply(
    db: Db,
    customerId: number,
    ticketId: string,
    message: NewMessage,
  ): Promise<SupportThread | UnknownUpload | undefined>
  attachment(
    db: Db,
    customerId: number,
    path: { ticketId: string; threadId: string; attachmentId: string },
  ): Promise<AttachmentContent | undefined>
  /** Keeps a checked file until a ticket or reply takes it. */
  upload(db: Db, customerId: number, file: CheckedFile): Promise<SupportAttachment>
  /** The fields of the new-ticket form, in form order. */
  fields(): SupportTicketField[]
  /**
   * The bank's side: an agent answers a ticket (the demo, tests). Answers the ticket's
   * customer, number and subject, so the support area can tell the customer.
   */
  agentReply(
    db: Db,
    ticketId: string,
    content: string,
    options?: { agentName?: string; at?: Date; status?: 'Open' | 'Closed' | 'CLOSED-NO REPLY' },
  ): Promise<{ customerId: number; ticketNumber: string; subject: string } | undefined>
}
