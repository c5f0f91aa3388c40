// What the person has chosen and typed on the external transfer page, and the ways it is
// filled at once: a template, a saved payee, a recent transfer repeated. A new destination
// (another country or method) clears what was typed for the old one.
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { formatAmount } from '../../../shared/money.ts'
import type { Json } from '../../renderer/screens-data.ts'
import type { TransferPermission } from '../../../shared/permission-flags.ts'
import {
  isExternalTransferType,
  type ExternalTransferType,
} from '../../../shared/transfer-types.ts'
import { draftOf, type Draft } from './external-methods.ts'
import type { Payee, Recent, Template } from './external-saved.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

type FieldError = { parameter: string; description: string }

export function useExternalForm() {
  const [countryCode, setCountryCode] = useState('')
  const [type, setType] = useState<ExternalTransferType | null>(null)
  const [permission, setPermission] = useState<TransferPermission | ''>('')
  const [from, setFrom] = useState('')
  const [currency, setCurrency] = useState('')
  const [amount, setAmount] = useState('')
  const [draft, setDraft] = useState<Draft>({})
  const [templateName, setTemplateName] = useState('')
  const [note, setNote] = useState('')
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [extraData, setExtraData] = useState<Record<string, Json>>({})
  const [extraErrors, setExtraErrors] = useState<FieldError[]>([])
  const [notice, setNotice] = useState<string | null>(null)

  const setField = useCallback((name: string, value: string) => {
    setDraft((old) => (old[name] === value ? old : { ...old, [name]: value }))
    setInvalid((old) => {
      if (!(name in old)) return old
      const { [name]: _removed, ...rest } = old
      return rest
    })
  }, [])
  const setProblem = useCallback((name: string, message: string | null) => {
    setProblems((old) => {
      if ((old[name] ?? null) === message) return old
      const { [name]: _removed, ...rest } = old
      return message ? { ...rest, [name]: message } : rest
    })
  }, [])

  /** A new destination: what was typed for another one goes. */
  function startOver(next: {
    country?: string
    type?: ExternalTransferType | null
    draft?: Draft
  }) {
    if (next.country !== undefined) setCountryCode(next.country)
    if (next.type !== undefined) setType(next.type)
    setDraft(next.draft ?? {})
    setInvalid({})
    setProblems({})
    setExtraData({})
    setExtraErrors([])
    setNotice(null)
  }

  return {
    values: { countryCode, type, permission, from, currency, amount, draft, templateName, note },
    setters: { setPermission, setFrom, setCurrency, setAmount, setTemplateName, setNote },
    setField,
    setProblem,
    invalid,
    setInvalid,
    problems,
    extraData,
    setExtraData,
    extraErrors,
    setExtraErrors,
    notice,
    setNotice,
    startOver,
  }
}

export type ExternalForm = ReturnType<typeof useExternalForm>

/** Fills the form from a template, a saved payee or a recent transfer. */
export function useExternalFills(form: ExternalForm) {
  const { t } = useTranslation('external')
  function fillFromTemplate(template: Template) {
    if (!isExternalTransferType(template.transferType)) return
    form.startOver({
      country: template.countryCode ?? '',
      type: template.transferType,
      draft: {
        ...draftOf(template.details),
        ...(template.beneficiaryName && { beneficiaryName: template.beneficiaryName }),
      },
    })
    form.setters.setPermission(template.permission)
    if (template.currencyCode) form.setters.setCurrency(template.currencyCode)
    if (template.amount !== undefined) form.setters.setAmount(formatAmount(template.amount))
  }

  function fillFromPayee(payee: Payee) {
    form.setters.setPermission(payee.permission)
    if (payee.currencyCode) form.setters.setCurrency(payee.currencyCode)
    form.startOver({
      country: payee.countryCode ?? form.values.countryCode,
      draft: {
        ...draftOf(payee.details),
        beneficiaryName: payee.name,
        ...(payee.email && { email: payee.email }),
      },
    })
  }

  async function repeat(transfer: Recent) {
    const { data } = await api.POST('/rpc/recentTransferDetailsGet', {
      body: { transactionId: transfer.transactionId },
    })
    if (
      data?.responseCode !== ResponseCode.Success ||
      !data.type ||
      !isExternalTransferType(data.type)
    )
      return
    const details = draftOf(data.details)
    form.startOver({
      country: transfer.countryCode ?? details.countryCode ?? '',
      type: data.type,
      draft: details,
    })
    if (transfer.permission) form.setters.setPermission(transfer.permission)
    const currencyOf = details.cryptoCurrencyCode ?? transfer.currencyCode
    if (currencyOf) form.setters.setCurrency(currencyOf)
    if (transfer.amount !== undefined) form.setters.setAmount(formatAmount(transfer.amount))
    if (details.note) form.setters.setNote(details.note)
    const notes = [
      data.hasRequirements ? t('recent.hasRequirements') : null,
      data.isAddressValid === false ? t('recent.addressInvalid') : null,
    ].filter(Boolean)
    form.setNotice(notes.length > 0 ? notes.join(' ') : null)
    window.scrollTo({ top: 0 })
  }

  return { fillFromTemplate, fillFromPayee, repeat }
}
