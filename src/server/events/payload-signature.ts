// How webhook and IPN bodies are signed: HMAC-SHA256 over "<timestamp>.<body>" with the
// receiver's secret, sent as `sha256=<hex>`. Signing the timestamp too lets a receiver
// refuse old messages replayed later; it should compare in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto'

export function payloadSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** What a receiver does: recompute and compare in constant time. */
export function signatureMatches(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(payloadSignature(secret, timestamp, body))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Seconds since the epoch, the unit of the timestamp headers. */
export function unixSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000)
}
