// The tree's data for the parts to read, derived from the draft once per change of it: each
// piece is memoized on the lists it comes from, so a change of the person list does not
// recompute the effective shares.
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { effectiveShares } from '../../../../shared/registration-rules.ts'
import { useBrand } from '../../../brand/brand-context.tsx'
import type { FieldError } from '../../call-operation.ts'
import { entityName, type EntityKind } from './entity-form.ts'
import { errorsByNode } from './error-paths.ts'
import { companiesOf, personsOf, treeOf, type Entity, type Payload } from './tree-model.ts'
import type { TreeView } from './tree-context.ts'

const byId = (list: readonly Entity[]) => new Map(list.map((entry) => [entry.id, entry]))

export function useTreeDataOf(
  payload: Payload,
  errors: readonly FieldError[],
  operationId: string,
): TreeView {
  const { t } = useTranslation('registration-tree')
  const sourceOfWealth = useBrand().sourceOfWealthEnable
  const tree = treeOf(payload)
  const personList = personsOf(payload)
  const companyList = companiesOf(payload)
  const persons = useMemo(() => byId(personList), [personList])
  const companies = useMemo(() => byId(companyList), [companyList])
  const effective = useMemo(() => effectiveShares(tree), [tree])
  const errorsByKey = useMemo(
    () =>
      errorsByNode(errors, {
        shareholders: payload.shareholders ?? null,
        personList: payload.personList ?? null,
        companyList: payload.companyList ?? null,
      }),
    [errors, payload.shareholders, payload.personList, payload.companyList],
  )
  const nameOf = useCallback(
    (kind: EntityKind, id: number | undefined) =>
      entityName(
        kind,
        id === undefined ? undefined : (kind === 'person' ? persons : companies).get(id),
      ) || t(kind === 'person' ? 'tree.unnamedPerson' : 'tree.unnamedCompany', { id: id ?? '?' }),
    [persons, companies, t],
  )
  return useMemo(
    () => ({
      tree,
      persons,
      companies,
      effective,
      errors: errorsByKey,
      sourceOfWealth,
      operationId,
      nameOf,
    }),
    [tree, persons, companies, effective, errorsByKey, sourceOfWealth, operationId, nameOf],
  )
}

/** Percent for display in the page's language: at most two decimals. */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
    return (value: number) => format.format(value)
  }, [i18n.language])
}
