// Captcha challenges already used (src/server/adapters/captcha/): a challenge is signed, not
// stored, until the call it protects uses it up; the primary key makes a second use fail in
// that call's own transaction, so a solved challenge opens exactly one account.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const captchaRedemptions = pgTable(
  'captcha_redemptions',
  {
    /** The random id inside the signed challenge. */
    challengeId: text('challenge_id').primaryKey(),
    /** The challenge's own expiry: past it the row can go, as the signature check refuses it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_redemptions_expires_at_idx').on(t.expiresAt)],
)
