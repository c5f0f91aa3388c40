// One change to a card (pause, unpause, rename, reissue, shipping upgrade, block, activate):
// the call through the typed operations, the cards and balances loaded again after an answer
// '00', and what the person reads after it - the success text, or the server's refusal as
// the transfer pages show one (product-spec section 8) - handed to the page's notice. A call
// that moves money sends the attempt's idempotency key; only a lost answer keeps it, so
// trying again is a retry the server answers with the first result.
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import {
  useOperationMutation,
  type RpcBody,
  type RpcOperationId,
  type RpcReply,
} from '../../api/operation-query.ts'
import {
  failureText,
  newIdempotencyKey,
  type FailureText,
} from '../../components/transfer/transfer-display.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { changedByCard } from './card-data.ts'

export type ActionResult = { ok: true; text: string } | { ok: false; failure: FailureText }
export type Report = (result: ActionResult | null) => void

export function useCardAction<Op extends RpcOperationId>(operationId: Op, report: Report) {
  const { t } = useTranslation(['cards', 'common'])
  const mutation = useOperationMutation(operationId, { invalidates: changedByCard })
  const key = useRef(newIdempotencyKey())

  /** Calls with the body built around the attempt's key (used or not); the reply on '00'. */
  async function run(
    body: (idempotencyKey: string) => RpcBody<Op>,
    successText: string,
  ): Promise<RpcReply<Op> | undefined> {
    report(null)
    try {
      const { data, status } = await mutation.mutateAsync(body(key.current))
      key.current = newIdempotencyKey()
      const code = (data as { responseCode?: string } | undefined)?.responseCode
      if (code === ResponseCode.Success) {
        report({ ok: true, text: successText })
        return data
      }
      report({ ok: false, failure: failureText(data as never, status) })
    } catch {
      report({ ok: false, failure: { title: null, text: t('common:errors.network') } })
    }
    return undefined
  }

  return { run, busy: mutation.isPending }
}
