// Which two-step modes a customer may choose (product-spec sections 3 and 4), by the shared
// table of src/shared/two-step-modes.ts, and why a choice is refused.
import type { FieldError } from '../rpc/outcome.ts'
import { twoStepModes, type TwoStepKind } from '../../shared/two-step-modes.ts'
import { ApprovalMode } from '../../generated/constants.ts'
import type { Db } from '../db/open-database.ts'
import {
  renderMessage,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { refusal } from '../rpc/outcome.ts'

export type TypeMode = TwoStepKind

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
  const allowed = twoStepModes[typeMode]
  if (!allowed.includes(mode)) {
    return refusal('mode', `refusal.security.modeNotOffered.${typeMode}`)
  }
  const now = typeMode === 'login' ? current.login2faMode : current.transactionApproveMode
  if (mode === now) return refusal('mode', `refusal.security.modeAlreadySet.${typeMode}`)
  if (mode === ApprovalMode.Sms && !hasConfirmedPhone) {
    return refusal('mode', 'refusal.security.needsConfirmedPhone')
  }
  return undefined
}

/** The parameters of the mail with a two-step code: the kind and mode named in words. */
export function twoStepParams(
  lang: Lang,
  typeMode: TypeMode,
  mode: string,
  code: string,
): MessageParams {
  const known = twoStepModes.login.includes(mode) || twoStepModes.transaction.includes(mode)
  return {
    kind: renderMessage(lang, `twoStepKind.${typeMode}`),
    mode: known ? renderMessage(lang, `twoStepMode.${mode}` as MessageKey) : mode,
    code,
  }
}

/** The mail with a two-step code, in the user's language. */
export async function twoStepMail(
  db: Db,
  userId: number,
  typeMode: TypeMode,
  mode: string,
  code: string,
): Promise<{ lang: Lang; mail: 'twoStepCode'; params: MessageParams }> {
  const lang = await languageOfUser(db, userId)
  return { lang, mail: 'twoStepCode', params: twoStepParams(lang, typeMode, mode, code) }
}
