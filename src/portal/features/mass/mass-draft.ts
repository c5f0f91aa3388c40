// A mass transfer between its form and its confirm page. A file cannot travel in the
// address or the history state, so the draft lives in memory for the tab: a reload of the
// confirm page finds none and goes back to the form. The idempotency key belongs to the
// opened form and stays with its retries; an answer ends the attempt.
import type { components } from '../../../generated/api.d.ts'
import type { ExternalKind } from './mass-kinds.ts'

export type MassSummary = components['schemas']['MassSummary']

interface Common {
  accountId: number
  currencyCode: string
  idempotencyKey: string
}

export type P2pDraft = Common & { kind: 'p2p'; file?: File; text?: string }
export type ExternalDraft = Common & { kind: ExternalKind; file: File; summary: MassSummary }

let p2pDraft: P2pDraft | null = null
let externalDraft: ExternalDraft | null = null

export const drafts = {
  p2p: () => p2pDraft,
  setP2p(draft: P2pDraft | null) {
    p2pDraft = draft
  },
  external: () => externalDraft,
  setExternal(draft: ExternalDraft | null) {
    externalDraft = draft
  },
}
