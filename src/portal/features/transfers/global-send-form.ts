// The global payment form's state (issue 16): its fields, their checks in the page's language,
// the live quote under the amount, the methods the recipient's country offers, and the send:
// the review from the meta's quote now, then p2pGlobalPaySubmit with the attempt's key, a code
// approved with globalPayApprove, and the summary page once the money is held for the
// recipient. A refusal naming a field shows on that field, not in a popup (product-spec
// section 8: global pay calls handle their result themselves).
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@mantine/hooks'
import { api } from '../../api/client.ts'
import { callRpc, useOperationQuery, type RpcBody } from '../../api/operation-query.ts'
import { useOwnAccounts, type Account } from '../../components/transfer/use-own-accounts.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import type { ApprovalOptions } from '../../components/transfer/use-transfer-approval.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { globalPaymentLifetimeDays } from '../../../shared/global-payment.ts'
import { useTransferSubmit } from './use-transfer-submit.ts'
import { useReviewLines, type ReviewLine } from './transfer-review.tsx'
import { readyAccounts } from './transfer-shell.tsx'
import {
  checkGlobalFields,
  emptyGlobalFields,
  globalReviewFacts,
  globalSubmitBody,
  globalSummaryPath,
  refusalsOnFields,
  type GlobalFields,
  type GlobalQuote,
} from './global-send.ts'

type Invalid = Partial<Record<keyof GlobalFields, string>>
type MetaBody = RpcBody<'p2pGlobalPayMetaGet'>

/** How long typing must pause before the quote is asked for. */
const quoteDebounceMs = 300

/** The meta's request for what is typed, or null while it is not complete. */
function metaBody(fields: GlobalFields, source: Account | undefined): MetaBody | null {
  if (!source || !fields.countryCode || !isPositiveAmount(fields.amount)) return null
  return {
    accountId: source.accountId,
    amount: fields.amount.trim(),
    currencyCode: source.currencyCode,
    countryCode: fields.countryCode,
    feeIsBen: fields.feePayer === 'recipient',
  }
}

/** The quote for what is typed, once typing pauses; undefined while there is none. */
function useLiveQuote(body: MetaBody | null): GlobalQuote | undefined {
  const key = body === null ? '' : JSON.stringify(body)
  const [settled] = useDebouncedValue(key, quoteDebounceMs)
  const ready = settled !== '' && settled === key
  const query = useOperationQuery(
    'p2pGlobalPayMetaGet',
    (ready ? JSON.parse(settled) : {}) as MetaBody,
    { enabled: ready },
  )
  const reply = ready ? query.data?.data : undefined
  return reply?.responseCode === ResponseCode.Success ? reply : undefined
}

/** The methods the recipient may choose from in the country; null while asked or none chosen. */
function useCountryMethods(countryCode: string, currencyCode: string | undefined) {
  const query = useOperationQuery(
    'p2pGlobalPayMethodList',
    { countryCode, ...(currencyCode && { currencyCode }) },
    { enabled: Boolean(countryCode) },
  )
  if (!countryCode || query.isPending) return null
  const reply = query.data?.data
  return reply?.responseCode === ResponseCode.Success ? (reply.methods ?? []) : []
}

/** The meta's answer now: the quote, or the refusal's messages by field. */
async function quoteNow(body: MetaBody): Promise<GlobalQuote | Invalid> {
  try {
    const { data } = await callRpc('p2pGlobalPayMetaGet', body)
    if (data?.responseCode === ResponseCode.Success) return data
    return data ? refusalsOnFields(data) : {}
  } catch {
    return {}
  }
}

const isQuote = (answer: GlobalQuote | Invalid): answer is GlobalQuote =>
  'maximumFee' in answer || 'estimatedTotal' in answer

/** The review's lines: the transfers' review, with the rate saying no conversion is made. */
function useGlobalReview() {
  const { t } = useTranslation(['global-send', 'transfers'])
  const reviewLines = useReviewLines()
  return (facts: Parameters<typeof globalReviewFacts>[0]): ReviewLine[] => {
    const lines = reviewLines(globalReviewFacts(facts))
    const rate: ReviewLine = {
      name: 'rate',
      label: t('transfers:review.rate'),
      value: t('review.noConversion', { currency: facts.currency }),
    }
    const arrives = lines.findIndex((line) => line.name === 'arrives')
    lines.splice(arrives < 0 ? lines.length : arrives, 0, rate)
    return lines
  }
}

/** The approval step of a global payment: its own approve call, and the summary when done. */
function useGlobalApproval(setInvalid: (invalid: Invalid) => void): ApprovalOptions {
  const navigate = useNavigate()
  return {
    approve: (step, approvalCode, idempotencyKey) =>
      api.POST('/rpc/globalPayApprove', {
        body: { operationId: step.operationId ?? String(step.trxid), approvalCode, idempotencyKey },
      }),
    onDone: (transactionId) => void navigate(globalSummaryPath(transactionId)),
    ownsRefusal: (answer) => {
      const shown = refusalsOnFields(answer)
      setInvalid(shown)
      return Object.keys(shown).length > 0
    },
  }
}

export function useGlobalForm() {
  const { t } = useTranslation(['global-send', 'transfers'])
  const { state } = useOwnAccounts()
  const [fields, setFields] = useState<GlobalFields>(emptyGlobalFields)
  const set = (part: Partial<GlobalFields>) => setFields((old) => ({ ...old, ...part }))
  const [invalid, setInvalid] = useState<Invalid>({})
  const submitter = useTransferSubmit(undefined, useGlobalApproval(setInvalid))
  const review = useGlobalReview()
  const accounts = readyAccounts(state)
  const source = accounts.find((a) => String(a.accountId) === fields.accountId) ?? accounts[0]
  const quote = useLiveQuote(metaBody(fields, source))
  const methods = useCountryMethods(fields.countryCode, source?.currencyCode)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const problems = checkGlobalFields(fields, source !== undefined)
    const found: Invalid = Object.fromEntries(
      Object.entries(problems).map(([name, problem]) => [name, t(`transfers:errors.${problem}`)]),
    )
    if (methods?.length === 0) found.countryCode ??= t('methods.none')
    setInvalid(found)
    const body = metaBody(fields, source)
    if (Object.keys(found).length > 0 || !source || !body) return
    await submitter.openReview(
      async () => {
        const now = await quoteNow(body)
        if (!isQuote(now) && Object.keys(now).length > 0) {
          setInvalid(now)
          return null
        }
        const email = fields.toEmail.trim()
        return review({
          amount: body.amount,
          currency: source.currencyCode,
          feePayer: fields.feePayer,
          quote: isQuote(now) ? now : undefined,
          recipient: t('transfers:review.recipientNamed', {
            name: fields.beneficiaryName.trim(),
            email,
          }),
          arrives: t('review.arrives', { count: globalPaymentLifetimeDays }),
        })
      },
      (idempotencyKey) =>
        api.POST('/rpc/p2pGlobalPaySubmit', {
          body: globalSubmitBody(fields, source, idempotencyKey),
        }),
    )
  }

  return { state, accounts, source, fields, set, invalid, submitter, quote, methods, submit }
}
