// Options of form fields that come from a dictionary (a wizard's `options`, carried in the
// form's meta by codegen): the dictionary's rows as value, label and group, less the options
// a brand overlay hides (uk hides industries 1-6). Dictionaries load once per tab
// (api/dictionaries.ts) through the query cache.
import { useMemo } from 'react'
import { useQueries } from '@tanstack/react-query'
import { loadDictionary, type DictionaryReply } from '../api/dictionaries.ts'
import type { ChoiceSource, Json, RowChoiceSource, VisibleWhen } from './screens-data.ts'

export type { ChoiceSource }

export interface Choice {
  value: Json
  label: string
  group?: string
  /** The row the option came from: what a condition's `option` reads (needsBackPage). */
  row?: Record<string, unknown>
}

/** Whether a row's fields equal every value of a source's `where`. */
const matches = (row: Record<string, unknown>, where: Record<string, unknown> | undefined) =>
  Object.entries(where ?? {}).every(([field, value]) => row[field] === value)

/** A source's rows as options, each keeping its row. */
function rowsAsChoices(
  rows: Record<string, unknown>[],
  source: Pick<ChoiceSource, 'value' | 'label' | 'group' | 'where'>,
  hiddenKeys: ReadonlySet<string> = new Set(),
): Choice[] {
  return rows
    .filter((row) => matches(row, source.where) && !hiddenKeys.has(String(row[source.value])))
    .map((row) => ({
      value: row[source.value] as Json,
      label: String(row[source.label] ?? row[source.value]),
      ...(source.group !== undefined && { group: String(row[source.group]) }),
      row,
    }))
}

/** The options a list of the row gives (a document's document types), by field. */
export function rowChoices(
  sources: Record<string, RowChoiceSource> | undefined,
  row: Record<string, Json> | undefined,
): Record<string, Choice[]> {
  const out: Record<string, Choice[]> = {}
  for (const [field, source] of Object.entries(sources ?? {})) {
    // A dotted path flattens nested lists (a limit reason's requirementDocuments.documentTypes).
    out[field] = rowsAsChoices(row ? dictionaryRows(row, source.row) : [], source)
  }
  return out
}

/** The rows at a dotted field of an answer, lists on the way flattened (industryGroups.industries). */
export function dictionaryRows(reply: unknown, path: string): Record<string, unknown>[] {
  let nodes: unknown[] = [reply]
  for (const part of path.split('.')) {
    nodes = nodes.flatMap((node) => {
      const value = (node as Record<string, unknown> | null | undefined)?.[part]
      return Array.isArray(value) ? value : value === undefined ? [] : [value]
    })
  }
  return nodes.filter((node): node is Record<string, unknown> => typeof node === 'object')
}

/** The options of one field: every row but the hidden values, in the dictionary's order. */
export function dictionaryChoices(
  reply: unknown,
  source: ChoiceSource,
  hidden: readonly Json[] = [],
): Choice[] {
  return rowsAsChoices(dictionaryRows(reply, source.items), source, new Set(hidden.map(String)))
}

const answers = (results: { data?: DictionaryReply }[]) => results.map((result) => result.data)

/**
 * The dictionaries' answers by operation, loaded once for every form that asks; the same
 * object until an answer arrives, so what is built from it is kept between renders.
 */
export function useDictionaries(operations: string[]): Record<string, DictionaryReply> {
  const unique = [...new Set(operations)]
  const data = useQueries({
    queries: unique.map((operation) => ({
      queryKey: ['dictionary', operation],
      queryFn: () => loadDictionary(operation),
      staleTime: Infinity,
    })),
    combine: answers,
  })
  const key = unique.join(',')
  return useMemo(() => {
    const replies: Record<string, DictionaryReply> = {}
    key.split(',').forEach((operation, i) => {
      if (data[i]) replies[operation] = data[i]
    })
    return replies
  }, [key, data])
}

/** Each dictionary-bound field's options, once its dictionary has answered. */
export function useFormChoices(
  sources: Record<string, ChoiceSource> | undefined,
  hideOptions: Record<string, Json[]> | undefined,
): Record<string, Choice[]> {
  const replies = useDictionaries(Object.values(sources ?? {}).map((source) => source.operation))
  return useMemo(() => {
    const choices: Record<string, Choice[]> = {}
    for (const [field, source] of Object.entries(sources ?? {})) {
      const reply = replies[source.operation]
      choices[field] = reply ? dictionaryChoices(reply, source, hideOptions?.[field]) : []
    }
    return choices
  }, [replies, sources, hideOptions])
}

/** Conditions on an option's row as conditions on the field's values ("in"). */
export function resolveOptionConditions(
  conditions: Record<string, VisibleWhen>,
  choices: Record<string, Choice[]>,
): Record<string, VisibleWhen> {
  return Object.fromEntries(
    Object.entries(conditions).map(([name, condition]) => {
      if (condition.option === undefined) return [name, condition]
      const values = (choices[condition.field] ?? [])
        .filter((choice) => choice.row?.[condition.option!] === true)
        .map((choice) => choice.value)
      return [name, { field: condition.field, in: values }]
    }),
  )
}
