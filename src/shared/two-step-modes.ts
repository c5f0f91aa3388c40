// The two two-step modes of a customer (product-spec sections 3 and 4): the sign-in mode and
// the transaction approval mode, the approval type a transfer gets from the latter, and which
// approval modes make a company's strict mode (section 6). The product names the values, not
// which fit sign-in; we chose push, otp and sms, since approvalCode, simple and direct are
// not second factors at sign-in (docs/decisions.md, "Security settings (served)").
import { ApprovalMode, ApprovalType } from '../generated/constants.ts'

export type TwoStepKind = 'login' | 'transaction'

/** The sign-in mode that turns the second step off (login2faMode "no"). */
export const loginTwoStepOff = 'no'

/** The modes a customer may choose for each kind. */
export const twoStepModes: Readonly<Record<TwoStepKind, readonly string[]>> = {
  login: [loginTwoStepOff, ApprovalMode.Push, ApprovalMode.Otp, ApprovalMode.Sms],
  transaction: [
    ApprovalMode.Push,
    ApprovalMode.Otp,
    ApprovalMode.Sms,
    ApprovalMode.ApprovalCode,
    ApprovalMode.Simple,
    ApprovalMode.Direct,
  ],
}

/** Approval modes that confirm each transaction with a second factor: strict mode. */
export const strictApprovalModes: ReadonlySet<string> = new Set([
  ApprovalMode.Push,
  ApprovalMode.Otp,
  ApprovalMode.Sms,
  ApprovalMode.ApprovalCode,
])

/** The approval type of a transfer under a transaction approval mode (section 4). */
export function approveTypeOfMode(mode: string): ApprovalType {
  switch (mode) {
    case ApprovalMode.Push:
      return ApprovalType.Push
    case ApprovalMode.Sms:
      return ApprovalType.Sms
    case ApprovalMode.Otp:
      return ApprovalType.Otp
    case ApprovalMode.ApprovalCode:
      return ApprovalType.ApprovalCode
    default:
      return ApprovalType.None
  }
}
