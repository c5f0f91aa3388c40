// What both sides know of a global payment sent by e-mail (issue 16): how long the recipient
// has to choose how to be paid, which the server enforces and the sender's summary tells.

/** How long a recipient has to choose how to be paid (the P2P claim's 14 days). */
export const globalPaymentLifetimeDays = 14

const dayMs = 86_400_000

/**
 * The days a payment opened at `openedAt` has left, as the sender reads them: a day begun
 * counts (the e-mail's 14 right after sending, 1 on the last day, 0 once it is over).
 */
export function globalPaymentDaysLeft(openedAt: Date, now = new Date()): number {
  const ends = openedAt.getTime() + globalPaymentLifetimeDays * dayMs
  return Math.max(0, Math.ceil((ends - now.getTime()) / dayMs))
}
