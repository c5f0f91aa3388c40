// The clients of one chaos cycle and the retries after a restart. A request stays pending
// until a whole answer arrives; the first answer is kept, and any later answer to the same
// key and body must be the same (idempotency: "a retry with the same key returns the first
// result"). Answers 401 (a token the new process does not take) sign in again and resend.
import { isDeepStrictEqual } from 'node:util'
import { accountsOf, post, signIn, type Answer } from './client.ts'
import { kinds, newRequest, type Request, type Sender } from './traffic.ts'

export interface Tally {
  sent: number
  answered: number
  retried: number
  violations: Record<string, number>
  /** Orders answered with a transactionId, for the end's check that each is stored. */
  orders: { id: number; key: string }[]
  /** What went wrong, to print: the first few of each kind. */
  notes: string[]
}

export function newTally(): Tally {
  return { sent: 0, answered: 0, retried: 0, violations: {}, orders: [], notes: [] }
}

export function violation(tally: Tally, kind: string, note: string): void {
  tally.violations[kind] = (tally.violations[kind] ?? 0) + 1
  if (tally.notes.length < 50) tally.notes.push(`${kind}: ${note}`)
}

const senders: Sender[] = [...new Set(kinds.map((kind) => kind.sender))]

export class Clients {
  tokens = {} as Record<Sender, string>
  accounts = {} as Record<Sender, Record<string, number>>
  /** Requests sent and not answered yet. */
  pending = new Set<Request>()
  /** Requests answered in the current cycle, oldest first. */
  answeredNow: Request[] = []

  readonly baseUrl: string
  readonly tally: Tally
  readonly random: () => number

  constructor(baseUrl: string, tally: Tally, random: () => number) {
    this.baseUrl = baseUrl
    this.tally = tally
    this.random = random
  }

  async signInAll(): Promise<void> {
    for (const sender of senders) {
      this.tokens[sender] = await signIn(this.baseUrl, sender)
      this.accounts[sender] ??= await accountsOf(this.baseUrl, this.tokens[sender])
    }
  }

  /** One send; undefined when the connection broke. A 401 signs in again and resends. */
  private async send(request: Request): Promise<Answer | undefined> {
    const sender = request.kind.sender
    let answer = await post(this.baseUrl, request.kind.path, request.body, this.tokens[sender])
    if (answer?.status === 401) {
      this.tokens[sender] = await signIn(this.baseUrl, sender)
      answer = await post(this.baseUrl, request.kind.path, request.body, this.tokens[sender])
    }
    return answer
  }

  /** Records an answer: the first is kept, a later one must equal it. */
  private take(request: Request, answer: Answer): void {
    if (answer.status >= 500) {
      violation(this.tally, 'serverError', `${request.kind.name} ${request.key}: ${answer.status}`)
    }
    if (!request.first) {
      request.first = answer
      this.tally.answered++
      this.pending.delete(request)
      this.answeredNow.push(request)
      const id = answer.body.transactionId
      if (typeof id === 'number') this.tally.orders.push({ id, key: request.key })
      return
    }
    if (
      answer.status !== request.first.status ||
      !isDeepStrictEqual(answer.body, request.first.body)
    ) {
      // A refusal (funds, limits) that a retry turns into a transfer once money arrived is
      // counted apart: the refusal was not kept under the key (docs/decisions.md, "Crash
      // safety").
      const refusalNotKept =
        request.first.body.responseCode !== '00' && answer.body.responseCode === '00'
      violation(
        this.tally,
        refusalNotKept ? 'refusalNotKept' : 'retryAnswerDiffers',
        `${request.kind.name} ${request.key}: first ${JSON.stringify(request.first.body)}, ` +
          `then ${JSON.stringify(answer.body)}`,
      )
    }
  }

  /** A client: new requests one after another until stopped (the process is killed). */
  async client(stopped: () => boolean): Promise<void> {
    while (!stopped()) {
      const request = newRequest(this.accounts, this.random)
      this.pending.add(request)
      this.tally.sent++
      const answer = await this.send(request)
      if (answer) this.take(request, answer)
    }
  }

  /**
   * After a restart: every pending request again with its key and body until it is answered,
   * and the last answered ones of the cycle before (the nearest to the kill) once more, to
   * compare with what they were answered.
   */
  async retry(resendAnswered: number, parallel: number): Promise<void> {
    const again = this.answeredNow.slice(-resendAnswered)
    this.answeredNow = []
    const queue = [...this.pending, ...again]
    const worker = async () => {
      for (let request = queue.shift(); request; request = queue.shift()) {
        this.tally.retried++
        const answer = await this.send(request)
        if (answer) this.take(request, answer)
        else violation(this.tally, 'retryUnanswered', `${request.kind.name} ${request.key}`)
      }
    }
    await Promise.all(Array.from({ length: parallel }, worker))
  }

  /** The pending amount of each of a sender's accounts, as balanceInquiry shows it. */
  async pendingAmounts(sender: Sender): Promise<string> {
    const reply = await post(this.baseUrl, '/rpc/balanceInquiry', {}, this.tokens[sender])
    const rows = (reply?.body.accounts ?? []) as { currencyCode: string; pendingAmount: string }[]
    return rows.map((row) => `${row.currencyCode} ${row.pendingAmount}`).join(', ')
  }
}
