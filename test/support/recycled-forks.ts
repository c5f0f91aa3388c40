// A Vitest pool of child processes that each run a few test files, then make way for a fresh
// one. One process per file (isolate: true) imports the whole server again for every file,
// most of the integration project's time besides its tests; one process for all of a worker's
// files (isolate: false) opens and closes a PGlite database per file in one V8, which crashed
// a CI worker once (docs/decisions.md, "The suite's workers and a V8 crash"). A process here
// runs at most `filesPerProcess` files, as many as a browser worker runs in one process.
import { ForksPoolWorker } from 'vitest/node'
import type { PoolOptions, PoolRunnerInitializer, PoolTask, PoolWorker } from 'vitest/node'

type WorkerRequest = Parameters<PoolWorker['send']>[0]
type Listener = Parameters<PoolWorker['on']>[1]

class RecycledForksWorker implements PoolWorker {
  readonly name: string
  readonly cacheFs = true
  private readonly fork: ForksPoolWorker
  private readonly filesPerProcess: number
  private filesRun = 0

  constructor(name: string, options: PoolOptions, filesPerProcess: number) {
    this.name = name
    this.fork = new ForksPoolWorker(options)
    this.filesPerProcess = filesPerProcess
  }

  on(event: string, callback: Listener): void {
    this.fork.on(event, callback)
  }

  off(event: string, callback: Listener): void {
    this.fork.off(event, callback)
  }

  send(message: WorkerRequest): void {
    if (message.type === 'run') this.filesRun += message.context.files.length
    this.fork.send(message)
  }

  deserialize(data: unknown): unknown {
    return this.fork.deserialize(data)
  }

  start(): Promise<void> {
    return this.fork.start()
  }

  stop(): Promise<void> {
    return this.fork.stop()
  }

  /** Vitest asks before giving this process the next file of the same project. */
  canReuse(task: PoolTask): boolean {
    return task.context.environment.name === 'node' && this.filesRun < this.filesPerProcess
  }
}

export function recycledForks(filesPerProcess: number): PoolRunnerInitializer {
  const name = `forks-recycled-${filesPerProcess}`
  return {
    name,
    createPoolWorker: (options) => new RecycledForksWorker(name, options, filesPerProcess),
  }
}
