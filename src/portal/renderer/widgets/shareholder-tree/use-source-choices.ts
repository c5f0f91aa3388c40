// The sources of funds a shareholder chooses from. The wizard's description names the
// dictionary (options: personList.sourcesOfFunds.sourceId), so the widget asks the same one
// the wizard loads, through the same query key, and a brand's wizard may name another.
import { useQuery } from '@tanstack/react-query'
import { loadDictionary } from '../../../api/dictionaries.ts'
import { screensBundle } from '../../screens-data.ts'

export interface SourceChoice {
  id: number
  name: string
}

const sourceField = 'personList.sourcesOfFunds.sourceId'

/** The dictionary the wizard of an operation names for a person's sources of funds. */
export function sourceDictionary(operationId: string) {
  const wizard = screensBundle.screens.find(
    (screen) => screen.wizard?.operation === operationId,
  )?.wizard
  const name = wizard?.options?.[sourceField]
  const dictionary = name === undefined ? undefined : wizard?.dictionaries?.[name]
  return (
    dictionary && {
      ...dictionary,
      value: dictionary.value ?? 'id',
      label: dictionary.label ?? 'name',
    }
  )
}

/** The choices once the dictionary has answered; empty before, or when the wizard names none. */
export function useSourceChoices(operationId: string): SourceChoice[] {
  const dictionary = sourceDictionary(operationId)
  const reply = useQuery({
    queryKey: ['dictionary', dictionary?.operation ?? ''],
    queryFn: () => loadDictionary(dictionary!.operation),
    staleTime: Infinity,
    enabled: dictionary !== undefined,
  })
  if (!dictionary || !reply.data) return []
  const rows = reply.data[dictionary.items]
  return (Array.isArray(rows) ? (rows as Record<string, unknown>[]) : []).map((row) => ({
    id: Number(row[dictionary.value]),
    name: String(row[dictionary.label] ?? row[dictionary.value]),
  }))
}
