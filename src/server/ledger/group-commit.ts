// Group commit for single transfers (DESIGN.md section 10: a hot account at 0.9x the uniform
// rate). A transfer holds its balance rows locked until its commit is flushed to disk, so
// transfers touching one hot account would run one flush at a time. Instead, transfers that
// arrive while a batch is being written wait and go together in the next batch: one
// transaction, one lock of each row, one flush for all of them. Each keeps its own result; a
// batch that fails as a whole is retried transfer by transfer, so one bad transfer cannot fail
// the others. Nothing here outlives a request: the queue only holds calls in flight.

interface Waiting<I, R> {
  input: I
  resolve: (result: R) => void
  reject: (error: unknown) => void
}

export interface GroupCommitOptions<I, R> {
  /** Writes one input in one round trip. */
  single: (input: I) => Promise<R>
  /** Writes many inputs in one transaction, answering in order. */
  batch: (inputs: I[]) => Promise<R[]>
  /** Two inputs with one key never share a batch: the second replays the first's result. */
  keyOf: (input: I) => string
  /** At most this many inputs per batch. */
  maxBatch: number
}

export class GroupCommit<I, R> {
  private queue: Waiting<I, R>[] = []
  private writing = false
  private readonly options: GroupCommitOptions<I, R>

  constructor(options: GroupCommitOptions<I, R>) {
    this.options = options
  }

  submit(input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ input, resolve, reject })
      this.pump()
    })
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0) return
    this.writing = true
    const batch = this.take()
    void this.write(batch).finally(() => {
      this.writing = false
      this.pump()
    })
  }

  /** The oldest waiting inputs with distinct keys; the rest wait for the next batch. */
  private take(): Waiting<I, R>[] {
    const keys = new Set<string>()
    const batch: Waiting<I, R>[] = []
    const rest: Waiting<I, R>[] = []
    for (const waiting of this.queue) {
      const key = this.options.keyOf(waiting.input)
      if (batch.length < this.options.maxBatch && !keys.has(key)) {
        keys.add(key)
        batch.push(waiting)
      } else {
        rest.push(waiting)
      }
    }
    this.queue = rest
    return batch
  }

  private async write(batch: Waiting<I, R>[]): Promise<void> {
    if (batch.length > 1) {
      let results: R[] | undefined
      try {
        results = await this.options.batch(batch.map((w) => w.input))
      } catch {
        // One input broke the batch (an invariant, a lost connection): each goes alone below,
        // so only the one at fault fails.
      }
      if (results && results.length !== batch.length) {
        const error = new Error(`assertion: a batch of ${batch.length} answered ${results.length}`)
        for (const waiting of batch) waiting.reject(error)
        return
      }
      if (results) {
        batch.forEach((waiting, i) => waiting.resolve(results[i]!))
        return
      }
    }
    await Promise.all(
      batch.map((waiting) =>
        this.options.single(waiting.input).then(waiting.resolve, waiting.reject),
      ),
    )
  }
}
