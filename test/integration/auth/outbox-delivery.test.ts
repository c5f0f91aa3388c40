// Outbox delivery (DESIGN.md section 7): with SMTP_URL and SMS_GATEWAY_URL set, e-mails go to
// the SMTP relay and SMS to the gateway, each once, and the rows are marked sent; a relay
// that refuses leaves the message unsent for the next round.
import net from 'node:net'
import http from 'node:http'
import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { OutboxDelivery, SmsGatewaySender } from '../../../src/server/outbox/delivery.ts'
import { SmtpSender } from '../../../src/server/outbox/smtp.ts'
import { openTestDatabase, type TestDatabase } from '../server-harness.ts'

/** A fake SMTP relay: records each message's envelope and data; refuses RCPT to refuse@. */
function fakeSmtp(): Promise<{ port: number; mails: string[]; close(): void }> {
  const mails: string[] = []
  const server = net.createServer((socket) => {
    let data: string | undefined
    let buffer = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += String(chunk)
      let index: number
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (data !== undefined) {
          if (line === '.') {
            mails.push(data)
            data = undefined
            socket.write('250 queued\r\n')
          } else data += `${line}\n`
        } else if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 AUTH PLAIN\r\n')
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n')
        else if (line.startsWith('RCPT TO:<refuse@')) socket.write('550 no such user\r\n')
        else if (line === 'DATA') {
          data = ''
          socket.write('354 go on\r\n')
        } else if (line === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port
      resolve({ port, mails, close: () => server.close() })
    }),
  )
}

describe('outbox delivery', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase({ name: 'PGlite (memory)', kind: 'pglite' })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('sends e-mail through SMTP and SMS through the gateway, once each', async () => {
    const smtp = await fakeSmtp()
    const texts: unknown[] = []
    const gateway = http.createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += String(chunk)))
      request.on('end', () => {
        texts.push(JSON.parse(body))
        response.writeHead(202).end()
      })
    })
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    const gatewayPort = (gateway.address() as net.AddressInfo).port
    try {
      const db = database.db
      await db
        .update(outboxMessages)
        .set({ sentAt: new Date() })
        .where(isNull(outboxMessages.sentAt))
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: 'alex@mail.example',
        subject: 'Your code\r\nBcc: evil@mail.example',
        body: 'Code 123456\n.\nend',
      })
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: 'refuse@mail.example',
        subject: 'Refused',
        body: 'x',
      })
      await db.insert(outboxMessages).values({
        channel: 'sms',
        recipient: '+447700900123',
        subject: 's',
        body: 'Code 654321',
      })
      const delivery = new OutboxDelivery(db, [
        new SmtpSender(`smtp://user:pass@127.0.0.1:${smtp.port}`, 'no-reply@nova.example'),
        new SmsGatewaySender(`http://127.0.0.1:${gatewayPort}/sms`),
      ])
      expect(await delivery.deliverPending()).toBe(2)
      expect(await delivery.deliverPending()).toBe(0)
      expect(smtp.mails).toHaveLength(1)
      const mail = smtp.mails[0]!
      expect(mail).toContain('To: <alex@mail.example>')
      // The subject cannot add headers; a lone dot in the body is stuffed.
      expect(mail).not.toMatch(/^Bcc:/m)
      expect(mail).toContain('\n..\n')
      expect(texts).toEqual([{ to: '+447700900123', text: 'Code 654321' }])
      const unsent = await db.select().from(outboxMessages).where(isNull(outboxMessages.sentAt))
      expect(unsent.map((row) => row.recipient)).toEqual(['refuse@mail.example'])
    } finally {
      smtp.close()
      gateway.close()
    }
  })
})
