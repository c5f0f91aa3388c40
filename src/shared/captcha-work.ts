// The proof of work of the built-in captcha (src/server/adapters/captcha/): the browser finds a
// nonce such that SHA-256 of the challenge followed by the nonce starts with `difficulty` zero
// bits, and sends `<challenge>.<nonce>` as the captcha token. One hash costs the server a
// microsecond; finding a nonce costs the browser 2^difficulty hashes on average, which a
// person never notices and a bot registering in bulk pays for every account
// (docs/decisions.md, "Registration (issue 13)"). WebCrypto, so Node and browsers share it.

/** Separates the challenge from the nonce in a token; a challenge never contains it. */
export const captchaTokenSeparator = '.'

/** The number of leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

const encoder = new TextEncoder()

async function digestOf(challenge: string, nonce: string): Promise<Uint8Array> {
  const bytes = encoder.encode(challenge + nonce)
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
}

/** Whether SHA-256(challenge + nonce) has at least `difficulty` leading zero bits. */
export async function hasWork(
  challenge: string,
  nonce: string,
  difficulty: number,
): Promise<boolean> {
  if (difficulty <= 0) return true
  return leadingZeroBits(await digestOf(challenge, nonce)) >= difficulty
}

/** The token a caller sends as `captcha`. */
export function captchaToken(challenge: string, nonce: string): string {
  return `${challenge}${captchaTokenSeparator}${nonce}`
}

/** The challenge and nonce of a token; undefined when it is not of that form. */
export function splitCaptchaToken(token: string): { challenge: string; nonce: string } | undefined {
  const at = token.lastIndexOf(captchaTokenSeparator)
  if (at <= 0 || at === token.length - 1) return undefined
  const nonce = token.slice(at + 1)
  if (!/^[0-9]{1,16}$/.test(nonce)) return undefined
  return { challenge: token.slice(0, at), nonce }
}

export interface SolveOptions {
  /** Stops the search (a page left, a new challenge asked for). */
  signal?: AbortSignal
  /** Hashes between two yields to the event loop, so a page stays responsive. */
  batchSize?: number
}

/**
 * Finds the first nonce (0, 1, 2, ...) that does the work and answers the token to send.
 * Yields to the event loop every batch, so a browser tab keeps painting while it searches.
 */
export async function solveChallenge(
  challenge: string,
  difficulty: number,
  options: SolveOptions = {},
): Promise<string> {
  const batchSize = options.batchSize ?? 1000
  for (let nonce = 0; ; nonce++) {
    if (nonce % batchSize === 0 && nonce > 0) {
      options.signal?.throwIfAborted()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    const text = String(nonce)
    if (await hasWork(challenge, text, difficulty)) return captchaToken(challenge, text)
  }
}
