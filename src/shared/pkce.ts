// PKCE with S256 only (RFC 7636; product-spec sections 5 and 9): a 128-character verifier
// drawn from the 66 unreserved characters, and its SHA-256 challenge in base64url.
// Works in browsers and in Node through the Web Crypto API.

export const verifierAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'
export const verifierLength = 128
export const codeChallengePattern = /^[A-Za-z0-9._~-]{43,128}$/

/** A random verifier; rejection sampling keeps every character equally likely. */
export function createCodeVerifier(length = verifierLength): string {
  const alphabetSize = verifierAlphabet.length
  const limit = 256 - (256 % alphabetSize)
  let out = ''
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length))
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += verifierAlphabet[byte % alphabetSize]
    }
  }
  return out
}

export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}

export function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}
