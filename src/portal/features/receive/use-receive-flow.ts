// The recipient's flow on /receive/{id} (product-spec section 5, "Global recipient flow"):
// country, then method, then the method's fields (typed, or prefilled from an earlier
// withdrawal), the review, then the code sent by the submit. Changing the country or the
// method drops what followed; "start again" resets it all. The idempotency keys belong to
// one attempt: a new review is a new submit, a new code a new approval.
import { useCallback, useState } from 'react'
import type { ApprovalType } from '../../../generated/constants.ts'
import { newIdempotencyKey } from '../../components/transfer/transfer-display.ts'

export type Step = 'form' | 'review' | 'code'

export interface Submitted {
  operationId: string
  approveType: ApprovalType
  sentTo: string
}

export interface FlowState {
  countryCode: string
  method: string
  /** The fields as typed, by the name they are sent under. */
  details: Record<string, string>
  /** The values the fields start with (an earlier withdrawal's). */
  prefill: Record<string, string>
  /** Changes whenever the fields must start again from `prefill`. */
  formVersion: number
  step: Step
  submitKey: string
  approveKey: string
  submitted: Submitted | null
}

const initial = (): FlowState => ({
  countryCode: '',
  method: '',
  details: {},
  prefill: {},
  formVersion: 0,
  step: 'form',
  submitKey: newIdempotencyKey(),
  approveKey: newIdempotencyKey(),
  submitted: null,
})

export function useReceiveFlow() {
  const [state, setState] = useState<FlowState>(initial)
  const update = useCallback((change: (state: FlowState) => Partial<FlowState>) => {
    setState((current) => ({ ...current, ...change(current) }))
  }, [])
  return {
    state,
    chooseCountry: (countryCode: string) =>
      update((s) => ({
        countryCode,
        method: '',
        details: {},
        prefill: {},
        formVersion: s.formVersion + 1,
      })),
    chooseMethod: (method: string) =>
      update((s) => ({ method, details: {}, prefill: {}, formVersion: s.formVersion + 1 })),
    setDetails: useCallback(
      (details: Record<string, string>) => update(() => ({ details })),
      [update],
    ),
    /** An earlier withdrawal's country, method and fields. */
    prefill: (countryCode: string, method: string, prefill: Record<string, string>) =>
      update((s) => ({
        countryCode,
        method,
        prefill,
        details: prefill,
        formVersion: s.formVersion + 1,
        step: 'form',
      })),
    toReview: () => update(() => ({ step: 'review', submitKey: newIdempotencyKey() })),
    backToForm: () => update(() => ({ step: 'form', submitted: null })),
    codeSent: (submitted: Submitted) =>
      update(() => ({ step: 'code', submitted, approveKey: newIdempotencyKey() })),
    reset: () => update((s) => ({ ...initial(), formVersion: s.formVersion + 1 })),
  }
}

export type ReceiveFlow = ReturnType<typeof useReceiveFlow>
