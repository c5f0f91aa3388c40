// SettingsScreen: one record loaded by the screen's get operation and saved through its form,
// with the summary values of the same answer shown above the form; after a save, the person
// stays (a notice or the result popup) or goes on along post-login routing (next:
// postLoginRouting, the profile update). A record not asked of the customer (hideOn: a
// statement the company need not sign) shows nothing; the form shows only while the answer
// meets the screen's `when` (a statement not signed yet, a W-form waiting for its signature).
// In a page, a save is told to the other panels, and a panel whose form the person has not
// touched loads its record again.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { invalidateCustomerInfo } from '../api/get-customer-info.ts'
import { goAfterSignIn } from '../api/post-login/go-after-sign-in.ts'
import { Alert, Paper, Stack, Text, Title } from '@mantine/core'
import { describeFailure } from '../../shared/response-codes.ts'
import { callOperation, type CallResult, type FieldError } from './call-operation.ts'
import { SchemaForm } from './schema-form.tsx'
import { AnswerSummary, summaryValues } from './answer-summary.tsx'
import { ResponsePopup, SuccessNotice, type Popup } from './result-popups.tsx'
import type { Json, ScreenDescription } from './screens-data.ts'
import { usePageChanges } from './page-changes.ts'
import { useNotice } from './use-resource-changes.ts'
import { ResponseCode } from '../../generated/constants.ts'
import { useActsFor } from './acts-for.ts'
import { shownOn, valueAt } from './resource-data.ts'
import { Loading } from '../components/loading.tsx'

/** The screen's record, loaded by its get operation, and the version that resets the form. */
function useSettingsRecord(settings: NonNullable<ScreenDescription['settings']>) {
  const { t } = useTranslation(['screens', 'common'])
  const [record, setRecord] = useState<Record<string, Json> | null>(null)
  const [summary, setSummary] = useState<Record<string, Json>>({})
  const [failure, setFailure] = useState<CallResult | null>(null)
  const [absent, setAbsent] = useState(false)
  const [version, setVersion] = useState(0)
  const [open, setOpen] = useState(true)
  const customerId = useActsFor()?.customerId

  const load = useCallback(async () => {
    const result = await callOperation(settings.get, {}, { customerId }).catch(() => null)
    const code = result?.body.responseCode
    if (code !== undefined && settings.hideOn?.includes(code)) return setAbsent(true)
    if (!result || !result.ok) {
      setFailure(result ?? { ok: false, status: 0, body: { message: t('common:errors.network') } })
      return
    }
    const source = settings.source ? valueAt(result.body, settings.source) : result.body
    setRecord((source ?? {}) as Record<string, Json>)
    setSummary(summaryValues(result.body, settings.summary))
    setOpen(shownOn(settings.when, result.body as Record<string, Json>))
    setVersion((v) => v + 1)
  }, [settings, t, customerId])

  useEffect(() => {
    void load()
  }, [load])

  return { record, summary, failure, absent, version, load, open }
}

/**
 * In a page: a save of another panel loads the record again, unless the person has started
 * changing this panel's form (what they typed is kept); this panel's saves are told to the page.
 */
function usePanelReload(load: () => Promise<void>) {
  const page = usePageChanges()
  const touched = useRef(false)
  const seen = useRef(page?.version ?? 0)
  const own = useRef(false)
  useEffect(() => {
    if (!page || page.version === seen.current) return
    seen.current = page.version
    if (own.current) own.current = false
    else if (!touched.current) void load()
  }, [page, load])
  return {
    touched,
    saved: () => {
      touched.current = false
      own.current = page !== null
      page?.changed()
    },
  }
}

/** The save of the form and what follows it: a notice, the result popup, or routing on. */
function useSettingsSave(
  settings: NonNullable<ScreenDescription['settings']>,
  load: () => Promise<void>,
  saved: () => void,
) {
  const { t } = useTranslation(['screens', 'common'])
  const [serverErrors, setServerErrors] = useState<FieldError[]>([])
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useNotice()
  const [popup, setPopup] = useState<Popup | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const customerId = useActsFor()?.customerId

  const save = async (data: Record<string, Json>) => {
    setBusy(true)
    const result = await callOperation(
      settings.save.operation,
      { ...(settings.save.fixed ?? {}), ...data },
      { customerId },
    ).catch(() => null)
    setBusy(false)
    if (!result)
      return setPopup({
        kind: 'failure',
        result: { ok: false, status: 0, body: { message: t('common:errors.network') } },
      })
    if (result.ok) {
      setServerErrors([])
      saved()
      // What was saved may be what routing and the header read (the name, a need met).
      await invalidateCustomerInfo(queryClient)
      if (settings.next === 'postLoginRouting') return goAfterSignIn(navigate)
      if (settings.save.resultPopup?.length)
        setPopup({ kind: 'result', result, fields: settings.save.resultPopup })
      else
        setNotice(
          result.body.responseDescription
            ? String(result.body.responseDescription)
            : t('screens:saved'),
        )
      await load()
    } else if (result.body.responseCode === ResponseCode.VerifyError)
      setServerErrors(result.body.errors ?? [])
    else setPopup({ kind: 'failure', result })
  }

  return { serverErrors, busy, notice, setNotice, popup, setPopup, save }
}

export function SettingsScreen({
  screen,
  headingLevel = 1,
  onAbsent,
}: {
  screen: ScreenDescription
  /** 2 when the screen is a panel of a page (page-screen.tsx). */
  headingLevel?: 1 | 2
  /** Told when the record is not asked of the customer (hideOn): a page leaves the panel out. */
  onAbsent?: () => void
}) {
  const { t, i18n } = useTranslation(['screens', 'common'])
  const settings = screen.settings!
  const { record, summary, failure, absent, version, load, open } = useSettingsRecord(settings)
  const panel = usePanelReload(load)
  const { serverErrors, busy, notice, setNotice, popup, setPopup, save } = useSettingsSave(
    settings,
    load,
    panel.saved,
  )

  // Told once: the host's callback may be made anew on every render.
  const onAbsentRef = useRef(onAbsent)
  onAbsentRef.current = onAbsent
  useEffect(() => {
    if (absent) onAbsentRef.current?.()
  }, [absent])

  if (absent) return null
  const display = failure ? describeFailure(failure.body, failure.status) : null
  return (
    <Stack>
      <Title order={headingLevel} size={headingLevel === 1 ? 'h2' : 'h3'}>
        {t(`screens:${screen.id}.title`)}
      </Title>
      <SuccessNotice text={notice} onClose={() => setNotice(null)} />
      {display && (
        <Alert color="red" role="alert" title={display.title ?? t('common:errors.error')}>
          {display.text ?? (display.title ? '' : t('common:errors.server'))}
        </Alert>
      )}
      {!record && !failure && <Loading />}
      {record && <AnswerSummary screenId={screen.id} fields={settings.summary} values={summary} />}
      {record && !open && i18n.exists(`screens:${screen.id}.notNow`) && (
        <Text c="dimmed">{t(`screens:${screen.id}.notNow`)}</Text>
      )}
      {record && open && (
        <Paper withBorder p="md" maw={640}>
          <SchemaForm
            key={version}
            formKey={`${screen.id}.save`}
            operationId={settings.save.operation}
            initial={record}
            serverErrors={serverErrors}
            submitLabel={t(`screens:${screen.id}.submit`, { defaultValue: t('screens:save') })}
            steps={settings.save.steps}
            visibleWhen={settings.save.visibleWhen}
            busy={busy}
            onChange={() => {
              panel.touched.current = true
            }}
            onSubmit={(data) => void save(data)}
          />
        </Paper>
      )}
      <ResponsePopup popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  )
}
