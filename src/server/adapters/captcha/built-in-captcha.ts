// The built-in captcha: a proof of work (src/shared/captcha-work.ts) on a challenge the server
// signs with its own HMAC key, so issuing one stores nothing. The challenge carries a random
// id, its expiry and its difficulty under the signature; redeeming records the id, and the
// primary key refuses a second use (db/schema-captcha.ts). It needs no outside account.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/open-database.ts'
import { captchaRedemptions } from '../../db/schema-captcha.ts'
import { hmacKey } from '../../secrets/hmac-key.ts'
import { hasWork, splitCaptchaToken } from '../../../shared/captcha-work.ts'
import type { CaptchaAdapter, CaptchaCheck, CaptchaPass } from './captcha-adapter.ts'

const keyName = 'captcha-hmac-sha256'
const version = 'c1'
/** The portal asks for a challenge when the form is sent, so 15 minutes are plenty; a stock
 * of solved challenges spoils quickly. */
export const challengeLifetimeSeconds = 900

export interface CaptchaChallenge {
  challenge: string
  difficulty: number
  expiresAt: string
}

function signature(key: Buffer, unsigned: string): string {
  return createHmac('sha256', key).update(unsigned).digest('base64url')
}

export class BuiltInCaptcha implements CaptchaAdapter {
  readonly name = 'built-in'

  private readonly db: Db
  private readonly difficulty: number
  private readonly now: () => Date

  constructor(db: Db, difficulty: number, now: () => Date = () => new Date()) {
    this.db = db
    this.difficulty = difficulty
    this.now = now
  }

  /** A new signed challenge: `c1:<id>:<expiry in Unix seconds>:<difficulty>:<signature>`. */
  async issue(): Promise<CaptchaChallenge> {
    const key = await hmacKey(this.db, keyName)
    const expires = Math.floor(this.now().getTime() / 1000) + challengeLifetimeSeconds
    const unsigned = [version, randomBytes(16).toString('base64url'), expires, this.difficulty]
    const text = unsigned.join(':')
    return {
      challenge: `${text}:${signature(key, text)}`,
      difficulty: this.difficulty,
      expiresAt: new Date(expires * 1000).toISOString(),
    }
  }

  async verify(token: string, _clientIp: string): Promise<CaptchaCheck> {
    const parts = splitCaptchaToken(token)
    const fields = parts?.challenge.split(':')
    if (!parts || fields?.length !== 5 || fields[0] !== version) {
      return { ok: false, refusal: 'malformed' }
    }
    const [, id, expiresText, difficultyText, given] = fields as [
      string,
      string,
      string,
      string,
      string,
    ]
    const key = await hmacKey(this.db, keyName)
    const expected = Buffer.from(signature(key, fields.slice(0, 4).join(':')))
    const received = Buffer.from(given)
    if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
      return { ok: false, refusal: 'forged' }
    }
    // Signed by us, so the numbers are ours; the difficulty is the one asked at issue time.
    const expiresAt = new Date(Number(expiresText) * 1000)
    if (expiresAt <= this.now()) return { ok: false, refusal: 'expired' }
    if (!(await hasWork(parts.challenge, parts.nonce, Number(difficultyText)))) {
      return { ok: false, refusal: 'noWork' }
    }
    return { ok: true, pass: { challengeId: id, expiresAt } }
  }

  async redeem(tx: Db, pass: CaptchaPass): Promise<{ ok: true } | { ok: false; refusal: 'used' }> {
    // Expired ids can go: their challenges fail the expiry check before they get here.
    await tx.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresAt, sql`now()`))
    const [row] = await tx
      .insert(captchaRedemptions)
      .values({ challengeId: pass.challengeId, expiresAt: pass.expiresAt })
      .onConflictDoNothing()
      .returning({ challengeId: captchaRedemptions.challengeId })
    return row ? { ok: true } : { ok: false, refusal: 'used' }
  }
}
