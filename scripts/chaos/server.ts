// The server under chaos: src/server/main.ts in a process of its own, started on a database
// of the run, ready once GET /readyz answers 200 (the database answers a query), and ended
// with SIGKILL: no drain, no goodbye, as when a machine loses power.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '../..')

export interface Running {
  child: ChildProcess
  exited: Promise<void>
  output(): string
}

/** Starts main.ts and waits until it is ready; rejects when it ends or takes longer than timeoutMs. */
export async function startServer(
  env: Record<string, string>,
  baseUrl: string,
  timeoutMs: number,
): Promise<Running> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)))
  let ended = false
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      ended = true
      resolve()
    }),
  )
  const deadline = Date.now() + timeoutMs
  while (!(await ready(baseUrl))) {
    if (ended) throw new Error(`chaos: the server ended before it was ready:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`chaos: the server was not ready within ${timeoutMs} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return { child, exited, output: () => output }
}

async function ready(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`)
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/** SIGKILL, and once the process is gone. */
export async function kill(server: Running): Promise<void> {
  server.child.kill('SIGKILL')
  await server.exited
}

/** SIGTERM (the drain of shutdown.ts), and once the process is gone. */
export async function stop(server: Running): Promise<void> {
  server.child.kill('SIGTERM')
  await server.exited
}
