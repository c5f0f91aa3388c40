// Options of form fields that come from a dictionary (a wizard's `options`, carried in the
// form's meta by codegen): the dictionary's rows as value, label and group, less the options
// a brand overlay hides (uk hides industries 1-6). Dictionaries load once per tab
// (api/dictionaries.ts) through the query cache.
import { useMemo } from 'react'
import { useQueries } from '@tanstack/react-query'
import { loadDictionary, type DictionaryReply } from '../api/dictionaries.ts'
import type { ChoiceSource, Json } from './screens-data.ts'

export type { ChoiceSource }

export interface Choice {
  value: Json
  label: string
  group?: string
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
  const hiddenKeys = new Set(hidden.map(String))
  return dictionaryRows(reply, source.items)
    .filter((row) => !hiddenKeys.has(String(row[source.value])))
    .map((row) => ({
      value: row[source.value] as Json,
      label: String(row[source.label] ?? row[source.value]),
      ...(source.group !== undefined && { group: String(row[source.group]) }),
    }))
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
