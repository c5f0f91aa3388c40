// The real server process (src/server/main.ts) for the tests that need one of its own: the
// drain on SIGTERM and several instances on one database. Each process gets a free port and
// the environment a test gives; what it prints is kept for a failure's message.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  baseUrl: string
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** Everything printed so far, stdout and stderr together. */
  output(): string
  /** SIGTERM, and the exit code once it has ended (at once when it already has). */
  stop(): Promise<number | null>
}

/** Starts main.ts on 127.0.0.1 and resolves once it says it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_DIR: join(root, 'no-portal-here'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const listening = () => {
      if (!output.includes('Portal and API on')) return
      child.stdout?.off('data', listening)
      resolve()
    }
    child.stdout?.on('data', listening)
    void exited.then((code) =>
      reject(new Error(`main.ts ended (${code}) before listening:\n${output}`)),
    )
  })
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

export interface CallReply {
  status: number
  body: Record<string, unknown>
}

/** One JSON call; a token goes in the Authorization header. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<CallReply> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as CallReply['body']) : {} }
}

/** The first sign-in step with a fresh PKCE pair, as the portal sends it. */
export async function beginSignIn(baseUrl: string, username: string, password = demoPassword) {
  const verifier = createCodeVerifier()
  const codeChallenge = await codeChallengeS256(verifier)
  const reply = await call(baseUrl, 'POST', '/auth/login', {
    client: 'spa',
    username,
    password,
    codeChallenge,
  })
  return { verifier, reply }
}

/** A whole sign-in of a user whose flow is direct; answers the access token. */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const { verifier, reply } = await beginSignIn(baseUrl, username)
  const tokens = await call(baseUrl, 'POST', '/auth/token', {
    code: reply.body.code,
    codeVerifier: verifier,
  })
  if (typeof tokens.body.accessToken !== 'string') {
    throw new Error(`sign-in of ${username}: ${reply.status} ${tokens.status}`)
  }
  return tokens.body.accessToken
}
