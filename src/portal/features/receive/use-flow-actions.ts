// What the recipient's buttons do (product-spec section 5): Continue checks the choices and
// the fields before the review; Submit sends the withdrawal and moves to the code (a refusal
// naming a field goes back to the fields with it marked); Approve and Resend handle their own
// answers (section 8: global pay calls show their results themselves).
import { useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { ApprovalType, ResponseCode } from '../../../generated/constants.ts'
import type { FieldError } from '../../renderer/call-operation.ts'
import type { ExtraForm } from '../transfers/extra-parameters.ts'
import type { MethodChoice } from './api/recipient-queries.ts'
import { useApprovePayment, useResendCode, useSubmitWithdrawal } from './api/recipient-actions.ts'
import { failureMessage, fieldErrorsOf, refusalOf } from './receive-failure.ts'
import { useMethodName } from './receive-choice.tsx'
import { useCountryName } from '../../i18n/country-names.ts'
import type { FlowState, ReceiveFlow } from './use-receive-flow.ts'
import type { ReviewLine } from './receive-review.tsx'
import type { RecipientPayment } from './api/recipient-queries.ts'

interface FlowInputs {
  flow: ReceiveFlow
  choice: MethodChoice
  payment: RecipientPayment
  form: ExtraForm | null
  validateRef: RefObject<(() => boolean) | null>
  problems: FieldError[]
  /** The method's fields have arrived (a method may have none). */
  fieldsLoaded: boolean
}

export function useFlowActions(inputs: FlowInputs) {
  const { flow, choice, payment, form, validateRef, problems, fieldsLoaded } = inputs
  const { t } = useTranslation(['receive', 'common'])
  const { state } = flow
  const [choiceErrors, setChoiceErrors] = useState<{ country?: string; method?: string }>({})
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = useSubmitWithdrawal()
  const code = useCodeActions(flow, choice.paymentSecret, payment, setFailure)
  const lost = () => setFailure(t('common:errors.network'))

  function toReview() {
    const errors = {
      ...(!state.countryCode && { country: t('errors.country') }),
      ...(!state.method && { method: t('errors.method') }),
    }
    setChoiceErrors(errors)
    setFailure(null)
    const fieldsValid = validateRef.current ? validateRef.current() : true
    const blocked = !fieldsValid || problems.length > 0 || !fieldsLoaded
    if (Object.keys(errors).length > 0 || blocked) return
    flow.toReview()
  }

  async function submit() {
    setFailure(null)
    const answer = await submitting
      .mutateAsync({
        paymentSecret: choice.paymentSecret,
        paymentMethod: state.method,
        currencyCode: choice.currencyCode,
        paymentDetails: { ...state.details },
        idempotencyKey: state.submitKey,
      })
      .catch(() => null)
    if (!answer) return lost()
    const data = answer.data
    if (data?.responseCode === ResponseCode.Success && data.operationId) {
      code.clear()
      flow.codeSent({
        operationId: data.operationId,
        approveType: data.approveType ?? ApprovalType.ApprovalCode,
        sentTo: data.approvalSentTo ?? '',
      })
      return
    }
    const named = fieldErrorsOf(data?.errors ?? [], form)
    setFieldErrors(named)
    if (named.length > 0) flow.backToForm()
    else setFailure(failureMessage(answer, t))
  }

  function reset() {
    setChoiceErrors({})
    setFieldErrors([])
    setFailure(null)
    flow.reset()
  }

  return {
    choiceErrors,
    fieldErrors,
    failure,
    code,
    submitting: submitting.isPending,
    toReview,
    submit,
    reset,
  }
}

/** The code step's buttons: approve with the code, or ask for a new one. */
function useCodeActions(
  flow: ReceiveFlow,
  paymentSecret: string,
  payment: RecipientPayment,
  setFailure: (failure: string | null) => void,
) {
  const { t } = useTranslation(['receive', 'common'])
  const { state } = flow
  const [codeError, setCodeError] = useState<string | null>(null)
  const [codeNotice, setCodeNotice] = useState<string | null>(null)
  const approving = useApprovePayment(paymentSecret, payment)
  const resending = useResendCode()
  const lost = () => setFailure(t('common:errors.network'))

  async function approve(approvalCode: string) {
    const submitted = state.submitted
    if (!submitted) return
    setCodeNotice(null)
    const answer = await approving
      .approve({
        approvalCode,
        operationId: submitted.operationId,
        idempotencyKey: state.approveKey,
      })
      .catch(() => null)
    if (!answer) return lost()
    if (answer.data?.responseCode === ResponseCode.Success) return
    setCodeError(refusalOf(answer, 'approvalCode') ?? failureMessage(answer, t))
  }

  async function resend() {
    const submitted = state.submitted
    if (!submitted) return
    setCodeError(null)
    const answer = await resending
      .mutateAsync({
        paymentSecret,
        approveType: submitted.approveType,
        operationId: submitted.operationId,
      })
      .catch(() => null)
    if (!answer) return lost()
    if (answer.data?.responseCode === ResponseCode.Success)
      setCodeNotice(t('code.resent', { email: answer.data.approvalSentTo ?? submitted.sentTo }))
    else setCodeError(failureMessage(answer, t))
  }

  return {
    error: codeError,
    notice: codeNotice,
    approving: approving.isPending,
    resending: resending.isPending,
    approve,
    resend,
    clear: () => {
      setCodeError(null)
      setCodeNotice(null)
    },
  }
}

/** The review's first lines: the country, the method and each field as typed. */
export function useReviewLines(state: FlowState, form: ExtraForm | null): ReviewLine[] {
  const { t } = useTranslation('receive')
  const countryName = useCountryName()
  const methodName = useMethodName()
  const lines: ReviewLine[] = [
    { name: 'country', label: t('review.country'), value: countryName(state.countryCode) },
    { name: 'method', label: t('review.method'), value: methodName(state.method) },
  ]
  if (!form) return lines
  for (const key of form.runtime.order) {
    const sentAs = form.sentAs[key] ?? key
    const value = state.details[sentAs]
    if (!value || lines.some((line) => line.name === sentAs)) continue
    const shown = form.runtime.optionTitles?.[key]?.[value] ?? value
    lines.push({
      name: sentAs,
      label: form.runtime.titles[key] ?? sentAs,
      value: shown,
      verbatim: true,
    })
  }
  return lines
}
