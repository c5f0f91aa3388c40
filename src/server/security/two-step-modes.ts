// Which two-step modes a customer may choose (product-spec sections 3 and 4): the transaction
// approval mode is one of the approval modes; the login mode is "no" (off) or a mode that
// sends a second factor. The product names the values, not which fit sign-in; we chose push,
// otp and sms, since approvalCode, simple and direct are not second factors at sign-in.
import type { FieldError } from '../rpc/outcome.ts'

export type TypeMode = 'login' | 'transaction'

const modesByType: Record<TypeMode, readonly string[]> = {
  login: ['no', 'push', 'otp', 'sms'],
  transaction: ['push', 'otp', 'sms', 'approvalCode', 'simple', 'direct'],
}

export interface CurrentModes {
  login2faMode: string
  transactionApproveMode: string
}

/** Why the mode cannot be chosen, or undefined when it can. */
export function modeRefusal(
  typeMode: TypeMode,
  mode: string,
  current: CurrentModes,
  hasConfirmedPhone: boolean,
): FieldError | undefined {
  const allowed = modesByType[typeMode]
  if (!allowed.includes(mode)) {
    return {
      parameter: 'mode',
      description: `must be one of ${allowed.join(', ')} for ${typeMode}`,
    }
  }
  const now = typeMode === 'login' ? current.login2faMode : current.transactionApproveMode
  if (mode === now) return { parameter: 'mode', description: `is already your ${typeMode} mode` }
  if (mode === 'sms' && !hasConfirmedPhone) {
    return { parameter: 'mode', description: 'needs a confirmed primary phone number' }
  }
  return undefined
}
