// A minimal SMTP client (RFC 5321) on node:net and node:tls, enough to hand a plain-text
// message to a relay: EHLO, STARTTLS when offered on smtp://, AUTH PLAIN when the URL has
// credentials, MAIL FROM, RCPT TO, DATA with dot-stuffing. smtps:// connects with TLS at once.
import net from 'node:net'
import tls from 'node:tls'
import { randomUUID } from 'node:crypto'
import type { MessageSender, SendableMessage } from './message-sender.ts'

const timeoutMs = 15_000

interface Reply {
  code: number
  text: string
}

/** Reads SMTP replies (multi-line "250-..." until "250 ...") from a socket. */
class ReplyReader {
  private buffer = ''
  private waiting: ((reply: Reply) => void)[] = []
  private replies: Reply[] = []
  private lines: string[] = []

  feed(chunk: string): void {
    this.buffer += chunk
    let newline: number
    while ((newline = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, newline)
      this.buffer = this.buffer.slice(newline + 2)
      this.lines.push(line)
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') }
        this.lines = []
        const next = this.waiting.shift()
        if (next) next(reply)
        else this.replies.push(reply)
      }
    }
  }

  next(): Promise<Reply> {
    const ready = this.replies.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise((resolve) => this.waiting.push(resolve))
  }
}

export class SmtpSender implements MessageSender {
  readonly channel = 'email' as const
  private readonly url: URL
  private readonly from: string

  constructor(smtpUrl: string, from: string) {
    this.from = from
    this.url = new URL(smtpUrl)
    if (this.url.protocol !== 'smtp:' && this.url.protocol !== 'smtps:') {
      throw new Error('SMTP_URL must start with smtp:// or smtps://')
    }
  }

  async send(message: SendableMessage): Promise<void> {
    const secure = this.url.protocol === 'smtps:'
    const host = this.url.hostname
    const port = Number(this.url.port || (secure ? 465 : 587))
    let socket: net.Socket = secure
      ? tls.connect({ host, port, servername: host })
      : net.connect({ host, port })
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP timeout')))
    let reader = new ReplyReader()
    const attach = (s: net.Socket, r: ReplyReader) => s.on('data', (d) => r.feed(String(d)))
    attach(socket, reader)
    const failed = new Promise<never>((_, reject) => socket.once('error', reject))
    const expect = async (codes: number[]): Promise<Reply> => {
      const reply = await Promise.race([reader.next(), failed])
      if (!codes.includes(reply.code)) throw new Error(`SMTP refused: ${reply.text}`)
      return reply
    }
    const command = async (line: string, codes: number[]) => {
      socket.write(`${line}\r\n`)
      return expect(codes)
    }
    try {
      await expect([220])
      let hello = await command(`EHLO portal`, [250])
      if (!secure && /STARTTLS/i.test(hello.text)) {
        await command('STARTTLS', [220])
        socket = tls.connect({ socket, servername: host })
        reader = new ReplyReader()
        attach(socket, reader)
        hello = await command('EHLO portal', [250])
      }
      if (this.url.username) {
        const user = decodeURIComponent(this.url.username)
        const pass = decodeURIComponent(this.url.password)
        const plain = Buffer.from(`\0${user}\0${pass}`).toString('base64')
        await command(`AUTH PLAIN ${plain}`, [235])
      }
      await command(`MAIL FROM:<${this.from}>`, [250])
      await command(`RCPT TO:<${message.recipient}>`, [250, 251])
      await command('DATA', [354])
      socket.write(`${formatMessage(this.from, message)}\r\n.\r\n`)
      await expect([250])
      await command('QUIT', [221]).catch(() => undefined)
    } finally {
      socket.end()
    }
  }
}

/** Headers and a dot-stuffed body; header values lose CR and LF (no header injection). */
export function formatMessage(from: string, message: SendableMessage): string {
  const clean = (value: string) => value.replace(/[\r\n]+/g, ' ')
  const subject = `=?UTF-8?B?${Buffer.from(clean(message.subject)).toString('base64')}?=`
  const body = message.body
    .replace(/\r?\n/g, '\r\n')
    .split('\r\n')
    .map((line) => (line.startsWith('.') ? `.${line}` : line))
    .join('\r\n')
  return [
    `From: <${clean(from)}>`,
    `To: <${clean(message.recipient)}>`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@portal>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
  ].join('\r\n')
}
