// /confirm-email: the link of a confirmation e-mail (emailId and code). It confirms the
// address with emailConfirmByLink, signed in or not, and hands the result to the
// emailConfirmation popup of product-spec section 2 (?emailConfirmation=success|fail).
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Center } from '@mantine/core'
import { api, session } from '../../api/client.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const emailId = Number(params.get('emailId'))
    const confirmationCode = params.get('code') ?? ''
    const done = (ok: boolean) =>
      void navigate(
        `${session.isSignedIn ? '/home' : '/login'}?emailConfirmation=${ok ? 'success' : 'fail'}`,
        { replace: true },
      )
    if (!Number.isInteger(emailId) || emailId <= 0 || !confirmationCode) {
      done(false)
      return
    }
    api
      .POST('/rpc/emailConfirmByLink', { body: { emailId, confirmationCode } })
      .then(({ data }) => {
        const body = data as { responseCode?: string; confirmed?: boolean } | undefined
        done(body?.responseCode === ResponseCode.Success && body.confirmed !== false)
      })
      .catch(() => done(false))
  }, [navigate, params])

  return (
    <Center mih="100vh">
      <Loading label={t('loading')} />
    </Center>
  )
}
