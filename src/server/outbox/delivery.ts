// Delivery of the outbox (DESIGN.md section 7). Every message is first a row of
// outbox_messages, written in the transaction of the change it reports; a sender per channel
// (SMTP for e-mail, an HTTP gateway for SMS, chosen by SMTP_URL and SMS_GATEWAY_URL) picks
// unsent rows and marks them sent. With no sender configured, the rows stay for the demo
// mailbox (demo-mailbox-list.ts) and nothing leaves the machine.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/open-database.ts'
import { outboxMessages } from '../db/schema-outbox.ts'
import { SmtpSender } from './smtp.ts'
import type { MessageSender, SendableMessage } from './message-sender.ts'

/** An SMS gateway that takes POST {to, text} as JSON and answers 2xx when it accepted it. */
export class SmsGatewaySender implements MessageSender {
  readonly channel = 'sms' as const
  private readonly url: string
  constructor(url: string) {
    this.url = url
  }

  async send(message: SendableMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.recipient, text: message.body }),
      signal: AbortSignal.timeout(15_000),
    })
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
  }
}

export function sendersFromConfig(config: ServerConfig): MessageSender[] {
  const senders: MessageSender[] = []
  if (config.smtpUrl) senders.push(new SmtpSender(config.smtpUrl, config.mailFrom))
  if (config.smsGatewayUrl) senders.push(new SmsGatewaySender(config.smsGatewayUrl))
  return senders
}

const pollMs = 2_000
const batchSize = 20

export class OutboxDelivery {
  private timer: NodeJS.Timeout | undefined
  private running = false
  /** The batch being sent, which a stopping instance lets finish. */
  private current: Promise<unknown> = Promise.resolve()

  private readonly db: Db
  private readonly senders: MessageSender[]

  constructor(db: Db, senders: MessageSender[]) {
    this.db = db
    this.senders = senders
  }

  start(): void {
    if (this.senders.length === 0 || this.timer) return
    this.timer = setInterval(() => {
      if (!this.running) this.current = this.deliverPending().catch(logFailure)
    }, pollMs)
    this.timer.unref()
  }

  /** No further batch; resolves once the batch being sent (if any) is done. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.current
  }

  /**
   * Sends what is unsent on the configured channels, oldest first. Rows are locked with
   * SKIP LOCKED, so several instances share the work without sending anything twice.
   */
  async deliverPending(): Promise<number> {
    if (this.running || this.senders.length === 0) return 0
    this.running = true
    try {
      const channels = this.senders.map((sender) => sender.channel)
      return await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outboxMessages)
          .where(and(isNull(outboxMessages.sentAt), inArray(outboxMessages.channel, channels)))
          .orderBy(asc(outboxMessages.createdAt))
          .limit(batchSize)
          .for('update', { skipLocked: true })
        let sent = 0
        for (const row of rows) {
          const sender = this.senders.find((candidate) => candidate.channel === row.channel)
          if (!sender) continue
          try {
            await sender.send(row)
          } catch (error) {
            logFailure(error)
            continue
          }
          await tx
            .update(outboxMessages)
            .set({ sentAt: new Date() })
            .where(eq(outboxMessages.id, row.id))
          sent += 1
        }
        return sent
      })
    } finally {
      this.running = false
    }
  }
}

function logFailure(error: unknown): void {
  console.error(`outbox: ${error instanceof Error ? error.message : String(error)}`)
}
