// Submit (product-spec section 4, Business registration): names trimmed and collapsed, every
// section checked, and the request sent only if all pass; otherwise the first refused
// section is shown with its messages. The captcha is solved just before sending; a VF answer
// puts each error on its section and field; success shows the completion message, after which
// the draft is cleared and the person goes to the root path.
import { useState } from 'react'
import { callOperation, type CallResult, type FieldError } from '../call-operation.ts'
import type { Popup } from '../result-popups.tsx'
import type { Json, Wizard } from '../screens-data.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { serverIssues } from './issue-texts.ts'
import type { DraftState } from './use-wizard-draft.ts'
import type { useWizardIssues } from './use-wizard-issues.ts'
import { captchaToken } from './wizard-captcha.ts'
import { issuesBySectionId } from './wizard-checks.ts'
import { requestBody } from './wizard-payload.ts'

type Payload = Record<string, Json>

export interface SubmitInput {
  wizard: Wizard
  draft: DraftState
  issues: ReturnType<typeof useWizardIssues>
  /** The payload with its names trimmed and collapsed. */
  normalize(payload: Payload): Payload
}

export function useWizardSubmit({ wizard, draft, issues, normalize }: SubmitInput) {
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [popup, setPopup] = useState<Popup | null>(null)
  const firstWith = (found: Map<string, unknown[]>) =>
    wizard.sections.findIndex((section) => (found.get(section.id)?.length ?? 0) > 0)

  const send = async (payload: Payload): Promise<CallResult | undefined> => {
    const body = requestBody(payload)
    if (wizard.captcha) {
      const token = await captchaToken(wizard.captcha.operation)
      if (!token) return undefined
      body[wizard.captcha.field] = token
    }
    return callOperation(wizard.operation, body)
  }

  const submit = async () => {
    setBusy(true)
    try {
      const payload = normalize(draft.current())
      draft.setPayload(payload)
      const found = await issues.check(
        wizard.sections.map((section) => section.id),
        payload,
      )
      const refused = firstWith(found)
      if (refused >= 0) return draft.setSection(refused)
      const result = await send(payload)
      if (!result) return setPopup({ kind: 'failure', result: { ok: false, status: 0, body: {} } })
      if (result.ok) return setDone(true)
      const errors = (result.body.errors ?? []) as FieldError[]
      if (result.body.responseCode !== ResponseCode.VerifyError || errors.length === 0)
        return setPopup({ kind: 'failure', result })
      const refusedByServer = serverIssues(errors)
      issues.keep(refusedByServer, payload)
      const index = firstWith(issuesBySectionId(refusedByServer, wizard, payload))
      if (index >= 0) draft.setSection(index)
    } catch {
      setPopup({ kind: 'failure', result: { ok: false, status: 0, body: {} } })
    } finally {
      setBusy(false)
    }
  }

  return { busy, done, popup, closePopup: () => setPopup(null), submit }
}
