// What a resource screen changes: the create and edit form (sent as JSON or, with files, as
// multipart with progress), the row and toggle operations, downloads, and what follows an
// answer: the result popup or the success notice and the list loaded again, a VF shown on
// the form's fields, any other refusal in a popup (product-spec section 8).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { invalidateCustomerInfo } from '../api/get-customer-info.ts'
import { invalidateOperations } from '../api/operation-query.ts'
import { callOperation, operationRef, type CallResult, type FieldError } from './call-operation.ts'
import {
  formOf,
  listPlaceholder,
  mapped,
  multipartForm,
  saveBase64File,
  withParts,
  type Editing,
} from './resource-data.ts'
import type { Popup } from './result-popups.tsx'
import type { FormAction, Json, ScreenDescription } from './screens-data.ts'
import { ResponseCode } from '../../generated/constants.ts'
import { useActsFor } from './acts-for.ts'

const successAutoCloseMs = 8000

/** Saves a file answer under its own name, else the operation's. */
function saveBlob(blob: Blob, operation: string, fileName: string | undefined) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName ?? `${operation}.pdf`
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * A notice that closes itself after a while: long enough to read it twice, and for a person
 * (or a test) on a busy machine to see it at all.
 */
export function useNotice() {
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), successAutoCloseMs)
    return () => clearTimeout(timer)
  }, [notice])
  return [notice, setNotice] as const
}

/** The form open for a create or an edit, and the server's field errors shown on it. */
function useEditing() {
  const [editing, setEditingState] = useState<Editing | null>(null)
  const setEditing = (next: Omit<Editing, 'idempotencyKey'> | null) =>
    setEditingState(next && { ...next, idempotencyKey: crypto.randomUUID() })
  const [serverErrors, setServerErrors] = useState<FieldError[]>([])
  const closeForm = () => {
    setEditing(null)
    setServerErrors([])
  }
  return { editing, setEditing, serverErrors, setServerErrors, closeForm }
}

/**
 * The action's fixed values, with the form's idempotency key and the list's values
 * ("$list.<field>") put in where they are asked for.
 */
function fixedValues(
  action: FormAction,
  idempotencyKey: string,
  listValues: Record<string, Json>,
): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(action.fixed ?? {}).map(([key, value]) => [
      key,
      value === '$idempotencyKey' ? idempotencyKey : listPlaceholder(value, listValues),
    ]),
  )
}

/** A VF's field errors; "file[].1" names one of the files of a file field: shown on the field. */
function fieldErrorsOf(result: CallResult, action: FormAction | undefined): FieldError[] {
  const files = (action && operationRef(action.operation).files) || []
  return (result.body.errors ?? []).map((error) => {
    const field = files.find((name) => error.parameter.startsWith(`${name}.`))
    return field ? { ...error, parameter: field } : error
  })
}

/** What follows an answer: the result popup or the success notice, field errors, a popup. */
function useChangeOutcome(reload: () => Promise<void>, form: ReturnType<typeof useEditing>) {
  const { t } = useTranslation(['screens', 'common'])
  const queryClient = useQueryClient()
  const [popup, setPopup] = useState<Popup | null>(null)
  const [notice, setNotice] = useNotice()
  const networkFailure = (): Popup => ({
    kind: 'failure',
    result: { ok: false, status: 0, body: { message: t('common:errors.network') } },
  })

  const afterChange = async (result: CallResult, action?: FormAction) => {
    if (result.ok) {
      form.setEditing(null)
      form.setServerErrors([])
      if (action?.resultPopup?.length)
        setPopup({ kind: 'result', result, fields: action.resultPopup })
      else
        setNotice(
          result.body.responseDescription
            ? String(result.body.responseDescription)
            : t('screens:saved'),
        )
      // A settings or profile screen may have changed what the header and the pages read, and
      // an upload what the verification banner counts.
      void invalidateCustomerInfo(queryClient)
      void invalidateOperations(queryClient, ['profileInquiry'])
      await reload()
      return
    }
    if (result.body.responseCode === ResponseCode.VerifyError && form.editing)
      return form.setServerErrors(fieldErrorsOf(result, action))
    // Allowed IPs and others answer a list of errors: shown in a popup (product-spec section 8).
    setPopup({ kind: result.body.errors?.length ? 'errors' : 'failure', result })
  }

  return { popup, setPopup, notice, setNotice, networkFailure, afterChange }
}

export function useResourceChanges(
  screen: ScreenDescription,
  reload: () => Promise<void>,
  /** What the screen's list is asked with (its filters and query), for "$list.<field>". */
  listValues: Record<string, Json> = {},
) {
  const form = useEditing()
  const { editing } = form
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<{ text: string; run(): Promise<void> } | null>(null)
  const { networkFailure, afterChange, ...outcome } = useChangeOutcome(reload, form)
  const [progress, setProgress] = useState<number | undefined>()
  const customerId = useActsFor()?.customerId

  const submitForm = async (data: Record<string, Json>) => {
    const action = editing && formOf(screen, editing)?.action
    if (!editing || !action) return
    setBusy(true)
    const fixed = fixedValues(action, editing.idempotencyKey, listValues)
    const payload = withParts(data, { ...fixed, ...mapped(editing.row ?? {}, action.from) })
    const files = operationRef(action.operation).files
    const onProgress = (percent: number) => setProgress(percent)
    const result = await (
      files
        ? callOperation(
            action.operation,
            {},
            { form: multipartForm(payload, files), onProgress, customerId },
          )
        : callOperation(action.operation, payload, { customerId })
    ).catch(() => null)
    setBusy(false)
    setProgress(undefined)
    if (result) await afterChange(result, action)
    else outcome.setPopup(networkFailure())
  }

  const runAction = async (operation: string, payload: Record<string, Json>, download = false) => {
    setBusy(true)
    const result = await callOperation(operation, payload, { download, customerId }).catch(
      () => null,
    )
    setBusy(false)
    setConfirming(null)
    if (!result) return outcome.setPopup(networkFailure())
    if (result.blob) return saveBlob(result.blob, operation, result.fileName)
    // A file may also come inside a JSON answer, as base64 (batchTransferFileView).
    if (download && result.ok && saveBase64File(result.body, operation)) return
    await afterChange(result)
  }

  return {
    editing,
    setEditing: form.setEditing,
    closeForm: form.closeForm,
    serverErrors: form.serverErrors,
    busy,
    progress,
    confirming,
    setConfirming,
    ...outcome,
    submitForm,
    runAction,
  }
}
