// The wizard's draft as React state, written to localStorage on every change (product-spec
// section 4) under the brand's and the wizard's key; the stored draft is read once, when the
// wizard opens, and only if it is of the wizard's draft version.
import { useCallback, useRef, useState } from 'react'
import { registrationDraftKey } from '../../api/client.ts'
import { useBrand } from '../../brand/brand-context.tsx'
import type { Json } from '../screens-data.ts'
import { draftKey, readDraft, removeDraft, writeDraft, type WizardDraft } from './draft-storage.ts'

type Payload = Record<string, Json>

export interface DraftState {
  /** The payload of this render; a change made in a transition may not have reached it. */
  payload: Payload
  /** The payload with every change made so far: what Next and submit check and send. */
  current(): Payload
  section: number
  setPayload(next: Payload): void
  /** Changes the payload as it stands now (two changes in one event both land). */
  update(change: (payload: Payload) => Payload): void
  setSection(index: number): void
  /** Forgets the draft: an empty payload on the first section, nothing stored. */
  clear(): void
}

export function useWizardDraft(screenId: string, version: string): DraftState {
  const brand = useBrand()
  const key = draftKey(registrationDraftKey, brand.id, screenId)
  const [draft, setDraft] = useState<WizardDraft>(
    () => readDraft(localStorage, key, version) ?? { version, payload: {}, section: 0 },
  )
  // The latest draft, so two changes in one event both land (a hub edits two fields).
  const latest = useRef(draft)
  const save = useCallback(
    (next: WizardDraft) => {
      latest.current = next
      writeDraft(localStorage, key, next)
      setDraft(next)
    },
    [key],
  )
  return {
    payload: draft.payload,
    current: useCallback(() => latest.current.payload, []),
    section: draft.section,
    setPayload: useCallback((payload) => save({ ...latest.current, payload }), [save]),
    update: useCallback(
      (change) => save({ ...latest.current, payload: change(latest.current.payload) }),
      [save],
    ),
    setSection: useCallback((section) => save({ ...latest.current, section }), [save]),
    clear: useCallback(() => {
      removeDraft(localStorage, key)
      latest.current = { version, payload: {}, section: 0 }
      setDraft(latest.current)
    }, [key, version]),
  }
}
