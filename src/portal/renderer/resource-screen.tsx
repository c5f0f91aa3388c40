// ResourceScreen: a list from the screen's list operation (paging from x-paging: pages,
// load-more or cursor), columns, filters, create and edit in a modal, delete with
// confirmation, row actions, a screen switch, and empty and error states.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { dataURItoBlob } from '@rjsf/utils'
import { formatAmount } from '../../shared/money.ts'
import { describeFailure } from '../../shared/response-codes.ts'
import { callOperation, operationRef, type CallResult, type FieldError } from './call-operation.ts'
import { SchemaForm } from './schema-form.tsx'
import { ConfirmPopup, ResponsePopup, SuccessNotice, type Popup } from './result-popups.tsx'
import { useBrand } from '../brand/brand-context.tsx'
import {
  screensBundle,
  type Column,
  type FormAction,
  type Json,
  type Mapping,
  type ScreenDescription,
  type Schema,
} from './screens-data.ts'

type Row = Record<string, Json>
const successAutoCloseMs = 3000

function mapped(row: Row, mapping: Mapping | undefined): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(mapping ?? {}).map(([to, from]) => [to, row[from] ?? null]),
  )
}

/** A field of an answer by its dotted path ("batchTransfer.transfer"). */
function valueAt(body: Record<string, Json>, path: string): Json | undefined {
  return path
    .split('.')
    .reduce<Json | undefined>(
      (node, part) =>
        node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined,
      body,
    )
}

/** Saves a file a JSON answer carries as base64 (fileName, mimeType, content). */
function saveBase64File(body: Record<string, Json>, fallbackName: string): boolean {
  if (typeof body.content !== 'string') return false
  const bytes = Uint8Array.from(atob(body.content), (char) => char.charCodeAt(0))
  const type = typeof body.mimeType === 'string' ? body.mimeType : 'application/octet-stream'
  const url = URL.createObjectURL(new Blob([bytes], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = typeof body.fileName === 'string' && body.fileName ? body.fileName : fallbackName
  link.click()
  URL.revokeObjectURL(url)
  return true
}

/** A multipart body: file fields (data URLs) become file parts, the rest JSON or text parts. */
function multipartForm(payload: Record<string, Json>, files: string[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(payload)) {
    if (value === null || value === undefined) continue
    if (files.includes(name)) {
      for (const url of Array.isArray(value) ? value : [value]) {
        const { blob, name: fileName } = dataURItoBlob(String(url))
        form.append(name, blob, fileName)
      }
    } else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return form
}

/**
 * Filters given in the address (a link action of another screen opened this one), typed by
 * the filter form's schema: "?subscriberId=7" filters by the number 7.
 */
function filtersFromQuery(search: string, names: string[], schema: Schema | undefined) {
  const query = new URLSearchParams(search)
  const properties = (schema?.properties ?? {}) as Record<string, Schema>
  const out: Record<string, Json> = {}
  for (const name of names) {
    const value = query.get(name)
    if (value === null || value === '') continue
    const type = properties[name]?.type
    const number = Number(value)
    out[name] =
      (type === 'integer' || type === 'number') && Number.isFinite(number) ? number : value
  }
  return out
}

export function ResourceScreen({ screen }: { screen: ScreenDescription }) {
  const { t, i18n } = useTranslation(['screens', 'forms', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const brand = useBrand()
  const list = screen.list!
  const paging = operationRef(list.operation).paging
  const pageSize = paging?.defaultPageSize ?? 20
  const firstPage = paging?.firstPage ?? 1
  const [rows, setRows] = useState<Row[]>([])
  const [total, setTotal] = useState<number | undefined>()
  const [page, setPage] = useState(firstPage)
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [nextCursor, setNextCursor] = useState<string | undefined>()
  const [filters, setFilters] = useState<Record<string, Json>>(() => {
    const meta = screensBundle.forms[brand.id]?.[`${screen.id}.filters`]
    return filtersFromQuery(
      location.search,
      list.filters ?? [],
      meta ? screensBundle.schemas[meta.schema] : undefined,
    )
  })
  const [toggleValue, setToggleValue] = useState<boolean | undefined>()
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [failure, setFailure] = useState<CallResult | null>(null)
  const [editing, setEditingState] = useState<{
    action: 'create' | 'edit'
    row?: Row
    /** A new key per opened form, the same for every retry of it ("$idempotencyKey"). */
    idempotencyKey: string
  } | null>(null)
  const setEditing = (next: { action: 'create' | 'edit'; row?: Row } | null) =>
    setEditingState(next && { ...next, idempotencyKey: crypto.randomUUID() })
  const [summary, setSummary] = useState<Record<string, Json>>({})
  const [serverErrors, setServerErrors] = useState<FieldError[]>([])
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<{ text: string; run(): Promise<void> } | null>(null)
  const [popup, setPopup] = useState<Popup | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | undefined>()
  const onProgress = (percent: number) => setProgress(percent)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), successAutoCloseMs)
    return () => clearTimeout(timer)
  }, [notice])

  const tRef = useRef(t)
  tRef.current = t

  const load = useCallback(
    async (append: boolean, pageNumber: number) => {
      setState((s) => (append ? s : 'loading'))
      const payload: Record<string, Json> = { ...(list.fixed ?? {}), ...filters }
      if (paging?.style === 'page') {
        payload[paging.pageParam ?? 'pageNumber'] = pageNumber
        payload[paging.sizeParam ?? 'pageSize'] = pageSize
      } else if (paging?.style === 'cursor') {
        const cursor = cursors[cursors.length - 1]
        if (cursor) payload[paging.cursorParam ?? 'cursor'] = cursor
        payload[paging.sizeParam ?? 'limit'] = pageSize
      } else if (paging?.style === 'limit') {
        payload[paging.sizeParam ?? 'limit'] = pageSize
      }
      const result = await callOperation(list.operation, payload).catch(() => null)
      if (!result) {
        setFailure({
          ok: false,
          status: 0,
          body: { message: tRef.current('common:errors.network') },
        })
        setState('failed')
        return
      }
      if (!result.ok) {
        if ((result.body.responseCode === '13' || result.status === 403) && screen.fallbackRoute) {
          navigate(screen.fallbackRoute, { replace: true })
          return
        }
        setFailure(result)
        setState('failed')
        return
      }
      const items = (valueAt(result.body, list.items) as Row[] | undefined) ?? []
      setRows((previous) => (append ? [...previous, ...items] : items))
      const totalValue = result.body[list.total ?? 'total']
      setTotal(typeof totalValue === 'number' ? totalValue : undefined)
      const next = result.body[list.nextCursor ?? 'nextCursor']
      setNextCursor(typeof next === 'string' && next ? next : undefined)
      if (screen.toggle) setToggleValue(result.body[screen.toggle.source] === true)
      setSummary(
        Object.fromEntries(
          (list.summary ?? []).map(({ field }) => [field, result.body[field] ?? null]),
        ),
      )
      setState('ready')
    },
    // The translator is read through a ref: a namespace finishing loading must not reload
    // the list (and send the person back to page 1).
    [filters, cursors, list, paging, pageSize, screen, navigate],
  )

  // A new filter or cursor starts from the first page; page changes call load themselves.
  useEffect(() => {
    setPage(firstPage)
    void load(false, firstPage)
  }, [load, firstPage])

  const afterChange = async (result: CallResult, action?: FormAction) => {
    if (result.ok) {
      setEditing(null)
      setServerErrors([])
      if (action?.resultPopup?.length)
        setPopup({ kind: 'result', result, fields: action.resultPopup })
      else
        setNotice(
          result.body.responseDescription
            ? String(result.body.responseDescription)
            : t('screens:saved'),
        )
      await load(false, page)
      return
    }
    if (result.body.responseCode === 'VF' && editing) {
      // "file[].1" names one of the files of a file field: shown on the field itself.
      const files = (action && operationRef(action.operation).files) || []
      setServerErrors(
        (result.body.errors ?? []).map((error) => {
          const field = files.find((name) => error.parameter.startsWith(`${name}.`))
          return field ? { ...error, parameter: field } : error
        }),
      )
      return
    }
    // Allowed IPs and others answer a list of errors: shown in a popup (product-spec section 8).
    setPopup({ kind: result.body.errors?.length ? 'errors' : 'failure', result })
  }

  const submitForm = async (data: Record<string, Json>) => {
    if (!editing) return
    const action = editing.action === 'create' ? screen.create! : screen.edit!
    setBusy(true)
    const fixed = Object.fromEntries(
      Object.entries(action.fixed ?? {}).map(([key, value]) => [
        key,
        value === '$idempotencyKey' ? editing.idempotencyKey : value,
      ]),
    )
    const payload = { ...fixed, ...mapped(editing.row ?? {}, action.from), ...data }
    const files = operationRef(action.operation).files
    const result = await (
      files
        ? callOperation(action.operation, {}, { form: multipartForm(payload, files), onProgress })
        : callOperation(action.operation, payload)
    ).catch(() => null)
    setBusy(false)
    setProgress(undefined)
    if (result) await afterChange(result, action)
    else
      setPopup({
        kind: 'failure',
        result: { ok: false, status: 0, body: { message: t('common:errors.network') } },
      })
  }

  const runAction = async (operation: string, payload: Record<string, Json>, download = false) => {
    setBusy(true)
    const result = await callOperation(operation, payload, { download }).catch(() => null)
    setBusy(false)
    setConfirming(null)
    if (!result)
      return setPopup({
        kind: 'failure',
        result: { ok: false, status: 0, body: { message: t('common:errors.network') } },
      })
    if (result.blob) {
      const url = URL.createObjectURL(result.blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `${operation}.pdf`
      link.click()
      URL.revokeObjectURL(url)
      return
    }
    // A file may also come inside a JSON answer, as base64 (batchTransferFileView).
    if (download && result.ok && saveBase64File(result.body, operation)) return
    await afterChange(result)
  }

  const cell = (row: Row, column: Column) => {
    const value = row[column.field]
    if (value === null || value === undefined || value === '') return '—'
    switch (column.format) {
      case 'boolean':
        return (
          <Badge color={value ? 'green' : 'gray'}>{t(value ? 'screens:yes' : 'screens:no')}</Badge>
        )
      case 'date':
      case 'dateTime': {
        const date = new Date(String(value))
        return Number.isNaN(date.getTime())
          ? String(value)
          : column.format === 'date'
            ? date.toLocaleDateString(i18n.language)
            : date.toLocaleString(i18n.language)
      }
      case 'amount':
        return formatAmount(String(value))
      case 'enum':
        return t([`forms:options.${column.field}.${String(value)}`], {
          defaultValue: String(value),
        })
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value)
    }
  }

  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 1
  // Product-spec section 9: the load-more flag is true when pageSize * pageNumber <= total.
  const canLoadMore = total !== undefined && pageSize * page <= total && rows.length < total
  const hasRowActions = Boolean(screen.edit || screen.delete || screen.actions?.length)

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t(`screens:${screen.id}.title`)}
        </Title>
        {screen.create && (
          <Button onClick={() => setEditing({ action: 'create' })}>
            {t(`screens:${screen.id}.create`, { defaultValue: t('screens:add') })}
          </Button>
        )}
      </Group>
      <SuccessNotice text={notice} onClose={() => setNotice(null)} />
      {state === 'ready' &&
        (list.summary ?? []).map(({ field, format }) => {
          const value = summary[field]
          if (value === null || value === undefined) return null
          const money = value as { amount?: string; currencyCode?: string }
          const shown =
            format === 'money' && typeof value === 'object'
              ? `${formatAmount(String(money.amount ?? ''))} ${money.currencyCode ?? ''}`.trim()
              : String(value)
          return (
            <Text key={field} data-testid={`summary-${field}`}>
              {t(`screens:${screen.id}.summary.${field}`, { value: shown })}
            </Text>
          )
        })}
      {screen.toggle && toggleValue !== undefined && (
        <Switch
          label={t(`screens:${screen.id}.toggle`)}
          checked={toggleValue}
          onChange={(event) =>
            void runAction(screen.toggle!.operation, {
              [screen.toggle!.field]: event.currentTarget.checked,
            })
          }
        />
      )}
      {list.filters?.length ? (
        <Paper withBorder p="sm">
          <SchemaForm
            formKey={`${screen.id}.filters`}
            operationId={list.operation}
            initial={filters}
            submitLabel={t('screens:applyFilters')}
            onSubmit={(data) => {
              setPage(firstPage)
              setCursors([undefined])
              setFilters(data)
            }}
          />
        </Paper>
      ) : null}
      {state === 'loading' && <Loader aria-label={t('common:loading')} />}
      {state === 'failed' && failure && (
        <Alert
          color="red"
          role="alert"
          title={describeFailure(failure.body, failure.status).title ?? t('common:errors.error')}
        >
          <Stack gap="xs">
            <Text>
              {describeFailure(failure.body, failure.status).text ??
                (describeFailure(failure.body, failure.status).title
                  ? ''
                  : t('common:errors.server'))}
            </Text>
            <Group>
              <Button size="xs" variant="light" onClick={() => void load(false, page)}>
                {t('screens:retry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {state === 'ready' && rows.length === 0 && (
        <Text c="dimmed">
          {t(`screens:${screen.id}.empty`, { defaultValue: t('screens:empty') })}
        </Text>
      )}
      {state === 'ready' && rows.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover data-testid="resource-table">
            <Table.Thead>
              <Table.Tr>
                {list.columns.map((column) => (
                  <Table.Th key={column.field}>
                    {t([
                      `screens:${screen.id}.columns.${column.field}`,
                      `forms:fields.${column.field}`,
                    ])}
                  </Table.Th>
                ))}
                {hasRowActions && <Table.Th>{t('screens:actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={String(row[list.rowKey ?? 'id'] ?? index)}>
                  {list.columns.map((column) => (
                    <Table.Td key={column.field}>{cell(row, column)}</Table.Td>
                  ))}
                  {hasRowActions && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {screen.edit && (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setEditing({ action: 'edit', row })}
                          >
                            {t('screens:edit')}
                          </Button>
                        )}
                        {(screen.actions ?? []).map((action) => (
                          <Button
                            key={action.id}
                            size="xs"
                            variant="default"
                            onClick={() => {
                              if (action.link) {
                                const query = new URLSearchParams(
                                  Object.entries(mapped(row, action.from)).map(([k, v]) => [
                                    k,
                                    String(v ?? ''),
                                  ]),
                                )
                                return navigate(`${action.link}?${query}`)
                              }
                              const run = () =>
                                runAction(
                                  action.operation!,
                                  mapped(row, action.from),
                                  action.download,
                                )
                              if (action.confirm)
                                setConfirming({
                                  text: t(`screens:${screen.id}.actions.${action.id}Confirm`),
                                  run,
                                })
                              else void run()
                            }}
                          >
                            {t(`screens:${screen.id}.actions.${action.id}`)}
                          </Button>
                        ))}
                        {screen.delete && (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() =>
                              setConfirming({
                                text: t('screens:deleteConfirm'),
                                run: () =>
                                  runAction(
                                    screen.delete!.operation,
                                    mapped(row, screen.delete!.from),
                                  ),
                              })
                            }
                          >
                            {t('screens:delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {state === 'ready' && paging?.style === 'page' && !list.loadMore && pages > 1 && (
        <Pagination
          total={pages}
          value={page - firstPage + 1}
          onChange={(value) => {
            const next = value + firstPage - 1
            setPage(next)
            void load(false, next)
          }}
          getControlProps={(control) => ({ 'aria-label': t(`screens:paging.${control}`) })}
        />
      )}
      {state === 'ready' && list.loadMore && canLoadMore && (
        <Button
          variant="light"
          onClick={() => {
            const next = page + 1
            setPage(next)
            void load(true, next)
          }}
        >
          {t('screens:loadMore')}
        </Button>
      )}
      {state === 'ready' && paging?.style === 'cursor' && (
        <Group>
          <Button
            variant="default"
            disabled={cursors.length < 2}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            {t('screens:previous')}
          </Button>
          <Button
            variant="default"
            disabled={!nextCursor}
            onClick={() => setCursors([...cursors, nextCursor])}
          >
            {t('screens:next')}
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => {
          setEditing(null)
          setServerErrors([])
        }}
        title={
          editing
            ? t(`screens:${screen.id}.${editing.action}`, {
                defaultValue: t(`screens:${editing.action}`),
              })
            : ''
        }
        centered
        size="lg"
      >
        {editing && (
          <SchemaForm
            formKey={`${screen.id}.${editing.action}`}
            operationId={(editing.action === 'create' ? screen.create : screen.edit)!.operation}
            initial={editing.row ? { ...editing.row } : undefined}
            serverErrors={serverErrors}
            submitLabel={t('screens:save')}
            steps={(editing.action === 'create' ? screen.create : screen.edit)?.steps}
            visibleWhen={(editing.action === 'create' ? screen.create : screen.edit)?.visibleWhen}
            busy={busy}
            onSubmit={(data) => void submitForm(data)}
          />
        )}
        {busy && progress !== undefined && (
          <Progress
            mt="md"
            value={progress}
            aria-label={t('screens:uploading', { percent: progress })}
            data-testid="upload-progress"
          />
        )}
      </Modal>
      <ConfirmPopup
        text={confirming?.text ?? null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirming?.run()}
      />
      <ResponsePopup popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  )
}
