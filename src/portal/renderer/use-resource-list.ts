// The list of a resource screen: its operation called with the fixed values, the filters and
// the paging of x-paging (pages, load-more or cursor), and what the answer carries besides the
// rows (total, next cursor, the toggle's value, the summary fields). A failure 13 or 403 on a
// screen with a fallback route goes there instead (product-spec section 6).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useBrand } from '../brand/brand-context.tsx'
import { callOperation, operationRef, type CallResult } from './call-operation.ts'
import { filtersFromQuery, flattenRows, valueAt, type Row } from './resource-data.ts'
import { summaryValues } from './answer-summary.tsx'
import { useActsFor } from './acts-for.ts'
import { screensBundle, type Json, type ScreenDescription } from './screens-data.ts'
import { ResponseCode } from '../../generated/constants.ts'

export interface ResourceListAnswer {
  rows: Row[]
  total: number | undefined
  nextCursor: string | undefined
  toggleValue: boolean | undefined
  summary: Record<string, Json>
}

const emptyAnswer: ResourceListAnswer = {
  rows: [],
  total: undefined,
  nextCursor: undefined,
  toggleValue: undefined,
  summary: {},
}

/** What the screen shows from one answer of its list operation. */
function answerOf(screen: ScreenDescription, body: CallResult['body']): ResourceListAnswer {
  const list = screen.list!
  const totalValue = body[list.total ?? 'total']
  const next = body[list.nextCursor ?? 'nextCursor']
  return {
    rows: flattenRows((valueAt(body, list.items) as Row[] | undefined) ?? [], list.children),
    total: typeof totalValue === 'number' ? totalValue : undefined,
    nextCursor: typeof next === 'string' && next ? next : undefined,
    toggleValue: screen.toggle ? body[screen.toggle.source] === true : undefined,
    summary: summaryValues(body, list.summary),
  }
}

/**
 * The filters and the query values given in the address (list.query), each typed by its form's
 * schema; the query values stay while the filters change.
 */
function useInitialFilters(screen: ScreenDescription) {
  const location = useLocation()
  const brand = useBrand()
  const fromAddress = (names: string[] | undefined, form: 'filters' | 'query') => {
    const meta = screensBundle.forms[brand.id]?.[`${screen.id}.${form}`]
    const schema = meta ? screensBundle.schemas[meta.schema] : undefined
    return filtersFromQuery(location.search, names ?? [], schema)
  }
  const [query] = useState(() => fromAddress(screen.list!.query, 'query'))
  const [filters, setFilters] = useState<Record<string, Json>>(() => ({
    ...fromAddress(screen.list!.filters, 'filters'),
    ...query,
  }))
  const applyFilters = (next: Record<string, Json>) => setFilters({ ...next, ...query })
  return [filters, applyFilters] as const
}

type Paging = ReturnType<typeof operationRef>['paging']

/** The list operation's payload: the fixed values, the filters and the paging's parameters. */
function listPayload(
  list: NonNullable<ScreenDescription['list']>,
  filters: Record<string, Json>,
  paging: Paging,
  pageSize: number,
  cursors: (string | undefined)[],
  pageNumber: number,
): Record<string, Json> {
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
  return payload
}

export function useResourceList(screen: ScreenDescription) {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  const customerId = useActsFor()?.customerId
  const list = screen.list!
  const paging = operationRef(list.operation).paging
  const pageSize = paging?.defaultPageSize ?? 20
  const firstPage = paging?.firstPage ?? 1
  const [page, setPage] = useState(firstPage)
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [filters, setFilters] = useInitialFilters(screen)
  const [answer, setAnswer] = useState<ResourceListAnswer>(emptyAnswer)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [failure, setFailure] = useState<CallResult | null>(null)
  // The translator is read through a ref: a namespace finishing loading must not reload
  // the list (and send the person back to page 1).
  const tRef = useRef(t)
  tRef.current = t

  const load = useCallback(
    async (append: boolean, pageNumber: number) => {
      setState((s) => (append ? s : 'loading'))
      const payload = listPayload(list, filters, paging, pageSize, cursors, pageNumber)
      const result = await callOperation(list.operation, payload, { customerId }).catch(
        (): CallResult => ({
          ok: false,
          status: 0,
          body: { message: tRef.current('errors.network') },
        }),
      )
      if (!result.ok) {
        if (
          (result.body.responseCode === ResponseCode.AccessDenied || result.status === 403) &&
          screen.fallbackRoute
        ) {
          navigate(screen.fallbackRoute, { replace: true })
          return
        }
        setFailure(result)
        setState('failed')
        return
      }
      const next = answerOf(screen, result.body)
      setAnswer((previous) => (append ? { ...next, rows: [...previous.rows, ...next.rows] } : next))
      setState('ready')
    },
    [filters, cursors, list, paging, pageSize, screen, navigate, customerId],
  )

  // A new filter or cursor starts from the first page; page changes call load themselves.
  useEffect(() => {
    setPage(firstPage)
    void load(false, firstPage)
  }, [load, firstPage])

  return {
    ...answer,
    state,
    failure,
    paging,
    pageSize,
    firstPage,
    page,
    cursors,
    filters,
    /** Loads a page; `append` adds its rows to the ones shown (load more). */
    goTo(pageNumber: number, append = false) {
      setPage(pageNumber)
      void load(append, pageNumber)
    },
    reload: () => load(false, page),
    setCursors,
    applyFilters(next: Record<string, Json>) {
      setPage(firstPage)
      setCursors([undefined])
      setFilters(next)
    },
  }
}

export type ResourceList = ReturnType<typeof useResourceList>
