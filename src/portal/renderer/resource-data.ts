// The data work of a rendered resource screen, apart from its React parts: a row's fields
// mapped to an operation's parameters, a field of an answer by its path, files in and out,
// filters handed over in the address, the form an editing opens and the rows an action shows
// on.
import { dataURItoBlob } from '@rjsf/utils'
import { isVisible, withValueAt } from './field-paths.ts'
import type { FormAction, Json, Mapping, Schema, ScreenDescription } from './screens-data.ts'

export type Row = Record<string, Json>

/** The request fields a mapping takes from a row; a dotted row field reaches into an object. */
export function mapped(row: Row, mapping: Mapping | undefined): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(mapping ?? {}).map(([to, from]) => [to, valueAt(row, from) ?? null]),
  )
}

/**
 * A request with values put in at their fields; a dotted field is a part of an object of the
 * request (data.representativeId of a multipart request's data part), merged with what the
 * form gave there.
 */
export function withParts(request: Record<string, Json>, parts: Record<string, Json>) {
  let out = request
  for (const [field, value] of Object.entries(parts)) out = withValueAt(out, field, value)
  return out
}

/** The value "$list.<field>" stands for: what the screen's list is asked with. */
export function listPlaceholder(value: Json, listValues: Record<string, Json>): Json {
  if (typeof value !== 'string' || !value.startsWith('$list.')) return value
  return listValues[value.slice('$list.'.length)] ?? null
}

/**
 * The rows of a list with the rows of the same kind each holds in `children` (a company
 * shareholder's own shareholders) after it, at any depth, each with its depth.
 */
export function flattenRows(rows: Row[], children: string | undefined): Row[] {
  if (!children) return rows
  const out: Row[] = []
  const walk = (level: Row[], depth: number) => {
    for (const row of level) {
      out.push({ ...row, [rowDepth]: depth })
      const inner = row[children]
      if (Array.isArray(inner)) walk(inner as Row[], depth + 1)
    }
  }
  walk(rows, 0)
  return out
}

/** The key flattenRows gives a row's depth under; no answer has a field so named. */
export const rowDepth = '$depth'

/** A field of an answer by its dotted path ("batchTransfer.transfer"). */
export function valueAt(body: Record<string, Json>, path: string): Json | undefined {
  return path
    .split('.')
    .reduce<Json | undefined>(
      (node, part) =>
        node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined,
      body,
    )
}

/** Saves a file a JSON answer carries as base64 (fileName, mimeType, content). */
export function saveBase64File(body: Record<string, Json>, fallbackName: string): boolean {
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
export function multipartForm(payload: Record<string, Json>, files: string[]): FormData {
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
export function filtersFromQuery(search: string, names: string[], schema: Schema | undefined) {
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

export interface Editing {
  /** The screen's create or edit form, or a row action's form (`actionId`). */
  action: 'create' | 'edit' | 'action'
  actionId?: string
  row?: Row
  /** A new key per opened form, the same for every retry of it ("$idempotencyKey"). */
  idempotencyKey: string
}

/**
 * The form an editing opens: its key in the screens bundle, what it sends, the i18n key of
 * its title and the values it starts with (an edit starts from the row; a row action's form
 * starts empty, the row giving only its 'from' fields and the lists its options may come
 * from).
 */
export function formOf(
  screen: ScreenDescription,
  editing: Pick<Editing, 'action' | 'actionId' | 'row'>,
): { key: string; action: FormAction; title: string; initial?: Record<string, Json> } | undefined {
  if (editing.action === 'action') {
    const found = screen.actions?.find((item) => item.id === editing.actionId)
    if (!found?.form || !found.operation) return undefined
    return {
      key: `${screen.id}.actions.${found.id}`,
      action: {
        operation: found.operation,
        ...(found.from && { from: found.from }),
        ...(found.fixed && { fixed: found.fixed }),
        ...(found.visibleWhen && { visibleWhen: found.visibleWhen }),
      },
      title: `screens:${screen.id}.actions.${found.id}`,
    }
  }
  const action = editing.action === 'create' ? screen.create : screen.edit
  if (!action) return undefined
  return {
    key: `${screen.id}.${editing.action}`,
    action,
    title: `screens:${screen.id}.${editing.action}`,
    ...(editing.row && editing.action === 'edit' && { initial: { ...editing.row } }),
  }
}

type RowConditions = NonNullable<NonNullable<ScreenDescription['delete']>['when']>

/** Whether a row action (or delete) shows on a row: always, or while all its conditions hold. */
export function shownOn(when: RowConditions | undefined, row: Row): boolean {
  return (when ?? []).every((condition) => isVisible('field', row, { field: condition }))
}
