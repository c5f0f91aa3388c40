// What the realtime channel tells a signed-in person (product-spec sections 4 and 9): a
// transaction's outcome under "Payment Confirmation" ("Successfully submitted", "Failed
// transaction", or the refusal's message, else "Transaction was rejected."), notifications,
// and two-step and password changes. Each notice shows for 10 seconds.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Stack } from '@mantine/core'
import { realtime } from '../api/realtime-session.ts'
import type { RealtimeEvent } from '../api/realtime.ts'
import {
  onAnnounced,
  passwordChangeKey,
  takeAnnounced,
  transactionKey,
  twoStepChangeKey,
} from './announced-events.ts'

export const noticeMs = 10_000

interface Notice {
  id: number
  title: string
  text: string
  color: string
  /** A success the page may have announced itself (announced-events.ts). */
  key?: string
}

let nextId = 1

/** Server texts by key (locales/<lang>/messages.json), shown in the portal's language. */
interface KeyedTexts {
  messageKey?: string
  titleKey?: string
  bodyKey?: string
  params?: Record<string, string | number>
}

export function RealtimeNotices() {
  const { t } = useTranslation(['common', 'messages'])
  const [notices, setNotices] = useState<Notice[]>([])
  // The notices shown, for the announcements that arrive after their notice.
  const shown = useRef(notices)
  shown.current = notices

  useEffect(() => {
    realtime.start()
    const describe = (event: RealtimeEvent): Omit<Notice, 'id'> | null => {
      if (event.transaction_id !== undefined) {
        const title = t('realtime.paymentConfirmation')
        const { messageKey } = event as KeyedTexts
        if (event.result === false) {
          const keyed = messageKey
            ? [t(`messages:${messageKey}`), event.reason].filter(Boolean).join(' ')
            : undefined
          return { title, text: keyed || event.message || t('realtime.rejected'), color: 'red' }
        }
        // A result of true is a submitted payment; an event without a result failed.
        return event.result === true
          ? {
              title,
              text: t('realtime.submitted'),
              color: 'green',
              key: transactionKey(event.transaction_id),
            }
          : { title, text: t('realtime.failed'), color: 'red' }
      }
      switch (event.type) {
        case 'CustomerNotification': {
          // schemas/notification.schema.json names the text body; older senders message.
          const data = event.data as KeyedTexts & {
            title?: string
            body?: string
            message?: string
            text?: string
          }
          const keyed = (key: string | undefined) =>
            key ? t(`messages:${key}`, { ...data.params }) : undefined
          return {
            title: keyed(data.titleKey) ?? data.title ?? t('realtime.notification'),
            text: keyed(data.bodyKey) ?? data.body ?? data.message ?? data.text ?? '',
            color: 'blue',
          }
        }
        case 'TwoStepVerificationModeSet':
        case 'TwoStepVerificationConfirmed':
          return {
            title: t('realtime.twoStep'),
            text: t('realtime.twoStepText'),
            color: 'blue',
            key: twoStepChangeKey,
          }
        case 'PasswordChange':
          return {
            title: t('realtime.password'),
            text: t('realtime.passwordText'),
            color: 'blue',
            key: passwordChangeKey,
          }
        default:
          return null
      }
    }
    // A success the page's popup tells is not told again; one told first makes way for it.
    const forget = onAnnounced((key) => {
      if (!shown.current.some((notice) => notice.key === key)) return
      takeAnnounced(key)
      setNotices((all) => all.filter((n) => n.key !== key))
    })
    const unsubscribe = realtime.subscribe((event) => {
      const notice = describe(event)
      if (!notice || (notice.key !== undefined && takeAnnounced(notice.key))) return
      const id = nextId++
      setNotices((all) => [...all, { id, ...notice }])
      setTimeout(() => setNotices((all) => all.filter((n) => n.id !== id)), noticeMs)
    })
    return () => {
      forget()
      unsubscribe()
    }
  }, [t])

  if (notices.length === 0) return null
  return (
    <Stack
      gap="xs"
      pos="fixed"
      top={72}
      right={16}
      w={340}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 300 }}
      aria-live="polite"
      data-testid="realtime-notices"
    >
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          color={notice.color}
          title={notice.title}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setNotices((all) => all.filter((n) => n.id !== notice.id))}
        >
          {notice.text}
        </Alert>
      ))}
    </Stack>
  )
}
