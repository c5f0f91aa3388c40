// The wizard's draft in the browser (product-spec section 4, Business registration): saved on
// every change under a key per brand and wizard, with the wizard's draft version; a draft of
// another version (an older wizard's fields) is not reloaded. Logout removes every draft
// (api/client.ts), as the product removes the stored registration draft.
import type { Json } from '../screens-data.ts'

export interface WizardDraft {
  version: string
  /** The request being built. */
  payload: Record<string, Json>
  /** The index of the section shown last. */
  section: number
}

/** One key per brand and wizard under the portal's draft prefix. */
export function draftKey(prefix: string, brandId: string, screenId: string): string {
  return `${prefix}.${brandId}.${screenId}`
}

/** The stored draft of this version, or undefined: none, another version, or unreadable. */
export function readDraft(storage: Storage, key: string, version: string): WizardDraft | undefined {
  const text = storage.getItem(key)
  if (!text) return undefined
  try {
    const draft = JSON.parse(text) as Partial<WizardDraft>
    const payload = draft.payload
    if (draft.version !== version || !payload || typeof payload !== 'object') return undefined
    if (Array.isArray(payload)) return undefined
    const section = Number.isInteger(draft.section) && draft.section! >= 0 ? draft.section! : 0
    return { version, payload, section }
  } catch {
    return undefined
  }
}

/** Saves the draft; a full storage keeps the wizard working, only without the saved copy. */
export function writeDraft(storage: Storage, key: string, draft: WizardDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

export function removeDraft(storage: Storage, key: string): void {
  storage.removeItem(key)
}
