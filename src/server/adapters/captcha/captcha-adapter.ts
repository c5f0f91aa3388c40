// The captcha adapter: the bot check of the public calls that create accounts (product-spec
// sections 1 and 3, the brand's bot-challenge) and of the verification calls of the
// services area. verify checks a token without writing; redeem uses it up inside the
// caller's transaction, so a call that fails leaves the token usable and one that succeeds
// cannot be replayed. The built-in adapter (built-in-captcha.ts) is a proof of work signed by
// the server and needs no outside service; a hosted captcha implements this interface (its
// verify calls the provider, and redeem has nothing left to do).
import type { Db } from '../../db/open-database.ts'
import type { RefusalKey } from '../../rpc/outcome.ts'

/** Why a token was refused; each is a VF naming the captcha field. */
export type CaptchaRefusal = 'malformed' | 'forged' | 'expired' | 'noWork' | 'used'

/** What a passed check hands to redeem. */
export interface CaptchaPass {
  /** Identifies the challenge, so it is used once. */
  challengeId: string
  expiresAt: Date
}

export type CaptchaCheck = { ok: true; pass: CaptchaPass } | { ok: false; refusal: CaptchaRefusal }

export interface CaptchaAdapter {
  readonly name: string
  /** Checks the token a client sent, from the client's address; writes nothing. */
  verify(token: string, clientIp: string): Promise<CaptchaCheck>
  /** Uses the token up in the caller's transaction: 'used' when it was used before. */
  redeem(tx: Db, pass: CaptchaPass): Promise<{ ok: true } | { ok: false; refusal: 'used' }>
}

/** The VF description of each refusal. */
export const captchaRefusalKey: Record<CaptchaRefusal, RefusalKey> = {
  malformed: 'refusal.captcha.malformed',
  forged: 'refusal.captcha.forged',
  expired: 'refusal.captcha.expired',
  noWork: 'refusal.captcha.noWork',
  used: 'refusal.captcha.used',
}
