// POSTs a JSON body to a merchant's URL and reports what happened, never throwing: every
// attempt is written to a log, including the ones that got no answer. Redirects are not
// followed (a redirect could lead to a non-public address), and at most a snippet of the
// answer is read.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { hostOf, isNonPublicAddress, publicOnlyLookup } from './outbound-address.ts'

export interface OutboundResult {
  /** Absent when no HTTP answer came back. */
  statusCode?: number
  /** Why no answer came back, or why it was not a success. */
  error?: string
  success: boolean
  durationMs: number
  /** The first characters of the answer's body. */
  responseSnippet: string
}

export interface OutboundOptions {
  allowPrivateNetworks: boolean
  timeoutMs?: number
}

const snippetBytes = 1024
const defaultTimeoutMs = 10_000

export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundResult> {
  const started = performance.now()
  const finish = (result: Omit<OutboundResult, 'durationMs' | 'success'>): OutboundResult => {
    const ok =
      result.statusCode !== undefined && result.statusCode >= 200 && result.statusCode < 300
    return {
      ...result,
      success: ok,
      durationMs: Math.round(performance.now() - started),
      ...(result.error === undefined && !ok && result.statusCode !== undefined
        ? { error: `HTTP ${result.statusCode}` }
        : {}),
    }
  }
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return finish({ error: 'not a valid URL', responseSnippet: '' })
  }
  const host = hostOf(url)
  if (!options.allowPrivateNetworks && isIP(host) !== 0 && isNonPublicAddress(host)) {
    return finish({ error: `${host} is not a public address`, responseSnippet: '' })
  }
  try {
    const response = await send(url, body, headers, options)
    return finish({ statusCode: response.statusCode, responseSnippet: response.snippet })
  } catch (error) {
    return finish({
      error: error instanceof Error ? error.message : String(error),
      responseSnippet: '',
    })
  }
}

function send(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<{ statusCode: number; snippet: string }> {
  const payload = Buffer.from(body, 'utf8')
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs
  // A deadline for the whole exchange, so an answer that trickles in cannot hold a worker.
  const deadline = AbortSignal.timeout(timeoutMs)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'portal-webhooks/1',
          ...headers,
        },
        signal: deadline,
        ...(options.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        readSnippet(response).then(
          (snippet) => resolve({ statusCode: response.statusCode ?? 0, snippet }),
          reject,
        )
      },
    )
    outgoing.on('error', (error) =>
      reject(deadline.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error),
    )
    outgoing.end(payload)
  })
}

/** The first bytes of the answer; the rest is not read. */
function readSnippet(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => resolve(Buffer.concat(chunks).subarray(0, snippetBytes).toString('utf8'))
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= snippetBytes) {
        response.destroy()
        done()
      }
    })
    response.on('end', done)
    response.on('error', done)
    response.on('close', done)
  })
}
