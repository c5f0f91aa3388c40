// The exportCsv link of transactionHistoryList (spec/history.yaml): the same filtered history
// as CSV. The browser opens it without the bearer token, so the link is the credential, as a
// pdfDownload link is (src/server/pdf/download-links.ts): it carries the filter, the customer
// whose history it reads (one the requester was just allowed), the reader's language and an
// expiry 15 minutes on, and an HMAC-SHA-256 under a server key of its own binds them. Only
// transactionHistoryList, after checking the right on the customer, makes one.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/open-database.ts'
import { hmacKey } from '../secrets/hmac-key.ts'
import { isLang, type Lang } from '../messages/messages.ts'
import { downloadLinkLifetimeMs } from '../pdf/download-links.ts'
import type { Handler } from '../rpc/handler-context.ts'

/** The filter of a history, without its page: what the CSV link carries. */
export type HistoryFilter = Omit<
  Parameters<Handler<'transactionHistoryList'>>[1],
  'pageNumber' | 'pageSize'
>

const keyName = 'history-csv-link-hmac-sha256'
const version = 1
/** base64url of the 32 bytes of an HMAC-SHA-256, without padding. */
const macChars = 43

/** The path transactionHistoryCsvDownload serves, relative to the portal's origin. */
export const historyCsvPathPrefix = '/history/api/csv?token='

export interface HistoryCsvGrant {
  customerId: number
  lang: Lang
  filter: HistoryFilter
}

interface Payload {
  v: number
  c: number
  l: string
  /** Unix seconds after which the link is refused. */
  e: number
  f: HistoryFilter
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url')
}

/** The token: the payload as base64url JSON, then its MAC. */
export function signHistoryCsvToken(key: Buffer, grant: HistoryCsvGrant, nowMs: number): string {
  const payload: Payload = {
    v: version,
    c: grant.customerId,
    l: grant.lang,
    e: Math.floor((nowMs + downloadLinkLifetimeMs) / 1000),
    f: grant.filter,
  }
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${encoded}${mac(key, encoded)}`
}

/** The grant a token carries while its MAC holds and it is live; else undefined. */
export function readHistoryCsvToken(
  key: Buffer,
  token: string,
  nowMs: number,
): HistoryCsvGrant | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length <= macChars) return undefined
  const encoded = token.slice(0, -macChars)
  const expected = Buffer.from(mac(key, encoded))
  const given = Buffer.from(token.slice(-macChars))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let payload: Payload
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Payload
  } catch {
    return undefined
  }
  if (payload.v !== version || !isLang(payload.l) || payload.e * 1000 <= nowMs) return undefined
  return { customerId: payload.c, lang: payload.l, filter: payload.f }
}

export function historyCsvKey(db: Db): Promise<Buffer> {
  return hmacKey(db, keyName)
}

/** A link to the filtered history as CSV, live for 15 minutes. */
export async function historyCsvLink(
  db: Db,
  grant: HistoryCsvGrant,
  nowMs = Date.now(),
): Promise<string> {
  return `${historyCsvPathPrefix}${signHistoryCsvToken(await historyCsvKey(db), grant, nowMs)}`
}
