// Demo support tickets (product-spec sections 3 and 4): demo@ has asked twice. The card
// delivery question has the agent's answer, with a PDF of delivery times, which demo@ has not
// read yet (a new, unread ticket); the statement question was answered, read and closed weeks
// ago. Written as a customer and the bank's agent would write them, with fixed ids the tests
// name; seeding tells nobody, so it sends no e-mail (an agent's reply in use goes through
// support/agent-reply.ts and does).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { supportAttachments, supportThreads, supportTickets } from '../db/schema-support.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { builtInAgent } from '../adapters/help-desk/built-in-help-desk.ts'

const dayMs = 24 * 60 * 60 * 1000

/** The demo's tickets; each one's first message is `<id>-1`, the agent's answer `<id>-2`. */
export const demoTicketIds = { cardDelivery: 'demo-card-delivery', statement: 'demo-statement' }
export const demoAttachmentId = 'demo-delivery-times'

/** A minimal PDF: what the agent attaches. */
const deliveryTimesPdf = Buffer.from('JVBERi0xLjQKJSVFT0YK', 'base64')

interface DemoTicket {
  id: string
  subject: string
  question: string
  answer: string
  askedAt: Date
  answeredAt: Date
  status?: 'Closed'
  readAt?: Date
}

async function seedTicket(db: Db, customerId: number, ticket: DemoTicket): Promise<void> {
  const { id, askedAt, answeredAt } = ticket
  await db.insert(supportTickets).values({
    id,
    customerId,
    subject: ticket.subject,
    status: ticket.status ?? 'Open',
    customerReadAt: ticket.readAt ?? null,
    createdAt: askedAt,
    updatedAt: answeredAt,
  })
  await db.insert(supportThreads).values([
    { id: `${id}-1`, ticketId: id, direction: 'in', content: ticket.question, createdAt: askedAt },
    {
      id: `${id}-2`,
      ticketId: id,
      direction: 'out',
      agentName: builtInAgent.name,
      content: ticket.answer,
      createdAt: answeredAt,
    },
  ])
}

export async function seedSupportDemo(db: Db): Promise<void> {
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo@nova.example'))
  if (!demo) return
  const [seeded] = await db.select({ id: supportTickets.id }).from(supportTickets).limit(1)
  if (seeded) return
  const now = Date.now()
  await seedTicket(db, demo.customerId, {
    id: demoTicketIds.statement,
    subject: 'Statement for my visa application',
    question: 'Could you send me a signed statement of my USD account for the last three months?',
    answer:
      'Your signed statement is ready under Statements. We close this ticket; write any time.',
    askedAt: new Date(now - 40 * dayMs),
    answeredAt: new Date(now - 39 * dayMs),
    status: 'Closed',
    readAt: new Date(now - 38 * dayMs),
  })
  await seedTicket(db, demo.customerId, {
    id: demoTicketIds.cardDelivery,
    subject: 'When will my debit card arrive?',
    question: 'I ordered a physical debit card last week. How long does delivery take to the UK?',
    answer: 'Your card was shipped yesterday; the delivery times of each country are attached.',
    askedAt: new Date(now - 3 * dayMs),
    answeredAt: new Date(now - dayMs),
  })
  const storedFileId = await storeFile(db, demo.customerId, 'supportAttachment', {
    fileName: 'delivery-times.pdf',
    contentType: 'application/pdf',
    content: deliveryTimesPdf,
  })
  await db.insert(supportAttachments).values({
    id: demoAttachmentId,
    customerId: demo.customerId,
    storedFileId,
    threadId: `${demoTicketIds.cardDelivery}-2`,
  })
}
