// What a page has already told the person itself, so that the realtime notice does not say
// it a second time (issue 16: one success message per action). A transfer's popup announces
// its transaction, the security pages the change they made; the realtime notice of it is then
// left out, or taken away when it came first. A key serves once: a later change of the same
// kind made elsewhere (another tab) is told again.
const announced = new Set<string>()
const listeners = new Set<(key: string) => void>()

/** The key of a transaction's outcome, as the realtime channel names it (transaction_id). */
export const transactionKey = (transactionId: number | string) => `transaction:${transactionId}`
/** The keys of the security changes a page tells itself. */
export const twoStepChangeKey = 'change:twoStep'
export const passwordChangeKey = 'change:password'

export function announce(key: string): void {
  announced.add(key)
  for (const listener of listeners) listener(key)
}

/** Whether the key was announced and not yet used; it is used by asking. */
export function takeAnnounced(key: string): boolean {
  return announced.delete(key)
}

/** Calls the listener with each key announced from now on; returns the unsubscribe. */
export function onAnnounced(listener: (key: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
