// Starting and stopping a bench's server under test in a process of its own (rpc-server.ts),
// so that the bench's own work (autocannon, Lighthouse, building a file) does not share the
// server's event loop.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '../..')

/** What rpc-server.ts sends once it listens. */
export interface Started {
  child: ChildProcess
  port: number
  token?: string
  refreshToken?: string
  expiresIn?: number
}

/**
 * A child process that sends one message ({port, token?, ...}) once it listens. Its stdout
 * (the server's request log) goes to /dev/null: a pipe this busy process drains late would
 * make the logger wait on it and measure the bench instead of the server.
 */
export async function startChild(script: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const started = await new Promise<Omit<Started, 'child'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
    child.once('message', (message) => resolve(message as Omit<Started, 'child'>))
  })
  return { child, ...started }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
