// The add-a-shareholder form: a person or a company, picked from the lists or made new with
// its bundle form, and its share. Under a company, neither that company nor one above it is
// offered: a company among its own shareholders would make the tree endless.
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, NativeSelect, Radio, Stack } from '@mantine/core'
import { ShareholderType } from '../../../../generated/constants.ts'
import { SchemaForm } from '../../schema-form.tsx'
import { nextId } from '../../wizard/wizard-payload.ts'
import type { Json } from '../../screens-data.ts'
import { mergeEntity, type EntityKind } from './entity-form.ts'
import { isValidShare, ShareInputField } from './share-input.tsx'
import { useTreeData, type TreeView } from './tree-context.ts'
import { nodeAt, type Entity, type NodePath, type Shareholder } from './tree-model.ts'

export interface FormKeys {
  person: string
  company: string
  operationId: string
}

const newEntity = 'new'

/**
 * The form's state, and build(): the node to add (with its new person or company), or
 * undefined while something is missing or invalid, whose messages it then shows.
 */
export function useAddShareholder(parent: NodePath) {
  const view = useTreeData()
  const [kind, setKind] = useState<EntityKind>('person')
  const [choice, setChoice] = useState('')
  const [share, setShare] = useState<number | string>('')
  const [created, setCreated] = useState<Record<string, Json>>({})
  const [tried, setTried] = useState(false)
  const validateRef = useRef<(() => boolean) | null>(null)
  const build = (): { node: Shareholder; created?: Entity } | undefined => {
    setTried(true)
    const formValid = choice !== newEntity || (validateRef.current?.() ?? true)
    if (!choice || !isValidShare(share) || !formValid) return undefined
    const list = kind === 'person' ? view.persons : view.companies
    const id = choice === newEntity ? nextId([...list.values()]) : Number(choice)
    const node: Shareholder =
      kind === 'person'
        ? { type: ShareholderType.Person, share, personId: id }
        : { type: ShareholderType.Company, share, companyId: id }
    return choice === newEntity
      ? { node, created: mergeEntity(id, undefined, created, []) }
      : { node }
  }
  const state = { kind, choice, share, tried, validateRef }
  const set = { setKind, setChoice, setShare, setCreated }
  return { state, set, build, options: choices(view, parent, kind) }
}

/** Existing persons or companies a new node under `parent` may name. */
function choices(
  view: TreeView,
  parent: NodePath,
  kind: EntityKind,
): { value: string; label: string }[] {
  const level = parent.length ? (nodeAt(view.tree, parent)?.shareholders ?? []) : view.tree
  const taken = new Set(level.map((node) => (kind === 'person' ? node.personId : node.companyId)))
  if (kind === 'company')
    parent.forEach((_, depth) =>
      taken.add(nodeAt(view.tree, parent.slice(0, depth + 1))?.companyId),
    )
  const list = kind === 'person' ? view.persons : view.companies
  return [...list.values()]
    .filter((entry) => !taken.has(entry.id))
    .map((entry) => ({ value: String(entry.id), label: view.nameOf(kind, entry.id) }))
}

export function AddShareholderFields(props: {
  form: ReturnType<typeof useAddShareholder>
  formKeys: FormKeys
}) {
  const { t } = useTranslation('registration-tree')
  const { state, set, options } = props.form
  const isNew = state.choice === newEntity
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('tree.kind')}
        value={state.kind}
        onChange={(value) => {
          set.setKind(value as EntityKind)
          set.setChoice('')
          set.setCreated({})
        }}
      >
        <Group mt={4}>
          <Radio value="person" label={t('tree.person')} />
          <Radio value="company" label={t('tree.company')} />
        </Group>
      </Radio.Group>
      <NativeSelect
        label={t(state.kind === 'person' ? 'tree.choosePerson' : 'tree.chooseCompany')}
        value={state.choice}
        onChange={(event) => set.setChoice(event.currentTarget.value)}
        error={state.tried && !state.choice ? t('tree.chooseRequired') : undefined}
        data={[
          { value: '', label: t('tree.choose') },
          ...options,
          {
            value: newEntity,
            label: t(state.kind === 'person' ? 'tree.newPerson' : 'tree.newCompany'),
          },
        ]}
      />
      {isNew && (
        <SchemaForm
          key={state.kind}
          formKey={state.kind === 'person' ? props.formKeys.person : props.formKeys.company}
          operationId={props.formKeys.operationId}
          submitLabel={t('tree.add')}
          embedded
          onChange={set.setCreated}
          validateRef={state.validateRef}
          onSubmit={() => undefined}
        />
      )}
      <ShareInputField
        value={state.share}
        onChange={set.setShare}
        error={state.tried && !isValidShare(state.share) ? t('tree.shareInvalid') : undefined}
      />
    </Stack>
  )
}
