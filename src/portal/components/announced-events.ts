// What a page has already told the person itself, so that the realtime notice does not say
// it a second time (issue 16: one success message per action). A transfer's popup announces
// its transaction; the notice of that transaction's success is then left out, or taken away
// when it came first. Kept for the tab's life: a transaction id is never reused.
const announced = new Set<string>()
const listeners = new Set<(key: string) => void>()

/** The key of a transaction's outcome, as the realtime channel names it (transaction_id). */
export const transactionKey = (transactionId: number | string) => `transaction:${transactionId}`

export function announce(key: string): void {
  announced.add(key)
  for (const listener of listeners) listener(key)
}

export function wasAnnounced(key: string): boolean {
  return announced.has(key)
}

/** Calls the listener with each key announced from now on; returns the unsubscribe. */
export function onAnnounced(listener: (key: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
