// What a person reads when a statement call is refused: a refused field (VF, product-spec
// section 8) in the page's words (history:statements.invalid.<field>), else the server's
// description, else the common "Server is not available".
import { useTranslation } from 'react-i18next'
import { ResponseCode } from '../../../generated/constants.ts'

export type Notice = { ok: boolean; text: string }

interface Refusal {
  responseCode?: string
  responseDescription?: string
  errors?: { parameter?: string }[]
}

export function useStatementFailure(): (answer: unknown, httpStatus: number) => Notice {
  const { t, i18n } = useTranslation(['history', 'common'])
  return (answer, httpStatus) => {
    const reply = answer as Refusal | undefined
    if (!reply || httpStatus >= 500 || httpStatus === 0) {
      return {
        ok: false,
        text: t(httpStatus === 0 ? 'common:errors.network' : 'common:errors.server'),
      }
    }
    const field = reply.errors?.[0]?.parameter
    const key = `history:statements.invalid.${field}`
    if (reply.responseCode === ResponseCode.VerifyError && field && i18n.exists(key)) {
      return { ok: false, text: t(key) }
    }
    return { ok: false, text: reply.responseDescription ?? t('common:errors.server') }
  }
}
