// The tree's dialogs: add a shareholder, edit or make a person or company, confirm a removal.
// Each modal stays mounted, so Mantine returns the focus to the button that opened it, and
// keeps its content while it closes; a new key per opening starts its form afresh.
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useBrand } from '../../../brand/brand-context.tsx'
import { SchemaForm } from '../../schema-form.tsx'
import { nextId } from '../../wizard/wizard-payload.ts'
import { screensBundle, type Json } from '../../screens-data.ts'
import { AddShareholderFields, useAddShareholder, type FormKeys } from './add-shareholder.tsx'
import { mergeEntity } from './entity-form.ts'
import { useTreeActions, useTreeData, type Dialog } from './tree-context.ts'
import { nodeAt, type NodePath } from './tree-model.ts'

export interface DialogState {
  /** The open dialog, or the last one while it closes. */
  dialog: Dialog | null
  opened: boolean
  /** Counts the openings: the key that gives each its own form state. */
  serial: number
}

type Of<K extends Dialog['kind']> = Extract<Dialog, { kind: K }>

interface DialogProps<K extends Dialog['kind']> {
  opened: boolean
  dialog: Of<K> | undefined
  serial: number
  formKeys: FormKeys
  onClose(): void
}

/** Memoized: a render of the wizard that changes nothing here does not draw the dialogs. */
export const TreeDialogs = memo(function TreeDialogs(props: {
  state: DialogState
  formKeys: FormKeys
  onClose(): void
}) {
  const { dialog, opened, serial } = props.state
  const common = { serial, formKeys: props.formKeys, onClose: props.onClose }
  const pick = <K extends Dialog['kind']>(kind: K) => ({
    opened: opened && dialog?.kind === kind,
    dialog: dialog?.kind === kind ? (dialog as Of<K>) : undefined,
  })
  return (
    <>
      <AddDialog {...common} {...pick('add')} />
      <EntityDialog {...common} {...pick('entity')} />
      <RemoveDialog {...common} {...pick('remove')} />
    </>
  )
})

/** Full screen on a phone: a long person form in a small box would scroll twice. */
function useModalLayout() {
  const phone = useMediaQuery('(max-width: 36em)')
  return { size: 'lg', fullScreen: phone === true } as const
}

function AddDialog({ opened, dialog, serial, formKeys, onClose }: DialogProps<'add'>) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const owner = dialog?.parent.length ? nodeAt(view.tree, dialog.parent) : undefined
  const title = owner
    ? t('tree.addUnder', { name: view.nameOf('company', owner.companyId) })
    : t('tree.add')
  const layout = useModalLayout()
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...layout}>
      {dialog && (
        <AddBody key={serial} parent={dialog.parent} formKeys={formKeys} onClose={onClose} />
      )}
    </Modal>
  )
}

function AddBody(props: { parent: NodePath; formKeys: FormKeys; onClose(): void }) {
  const { t } = useTranslation('registration-tree')
  const actions = useTreeActions()
  const form = useAddShareholder(props.parent)
  const submit = () => {
    const built = form.build()
    if (!built) return
    actions.addNode(props.parent, built.node, built.created)
    props.onClose()
  }
  return (
    <Stack gap="md">
      <AddShareholderFields form={form} formKeys={props.formKeys} />
      <DialogButtons onClose={props.onClose} onConfirm={submit} confirm={t('tree.add')} />
    </Stack>
  )
}

function DialogButtons(props: {
  onClose(): void
  onConfirm(): void
  confirm: string
  danger?: boolean
}) {
  const { t } = useTranslation('registration-tree')
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={props.onClose}>
        {t('tree.cancel')}
      </Button>
      <Button color={props.danger ? 'red' : undefined} onClick={props.onConfirm}>
        {props.confirm}
      </Button>
    </Group>
  )
}

/** The top-level fields of a bundle form: what a saved form replaces (entity-form.ts). */
function formFieldNames(brandId: string, formKey: string): string[] {
  const meta = screensBundle.forms[brandId]?.[formKey]
  const schema = meta ? screensBundle.schemas[meta.schema] : undefined
  if (!schema) throw new Error(`assertion: form ${formKey} exists for brand ${brandId}`)
  return Object.keys((schema.properties ?? {}) as Record<string, Json>)
}

function EntityDialog({ opened, dialog, serial, formKeys, onClose }: DialogProps<'entity'>) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const actions = useTreeActions()
  const kind = dialog?.entity ?? 'person'
  const formKey = kind === 'person' ? formKeys.person : formKeys.company
  const brandId = useBrand().id
  const list = kind === 'person' ? view.persons : view.companies
  const existing = dialog?.id === undefined ? undefined : list.get(dialog.id)
  const save = (data: Record<string, Json>) => {
    const id = existing?.id ?? nextId([...list.values()])
    const entity = mergeEntity(id, existing, data, formFieldNames(brandId, formKey))
    const companyId = dialog?.directorOf
    if (companyId === undefined) actions.saveEntity(kind, entity)
    else {
      const directors = view.companies.get(companyId)?.directors
      const ids = Array.isArray(directors) ? directors.filter((d) => typeof d === 'number') : []
      actions.setDirectors(companyId, [...ids, id], entity)
    }
    onClose()
  }
  const layout = useModalLayout()
  return (
    <Modal opened={opened} onClose={onClose} title={entityTitle(t, view, dialog)} {...layout}>
      {dialog && (
        <SchemaForm
          key={serial}
          formKey={formKey}
          operationId={formKeys.operationId}
          initial={existing && pick(existing, formFieldNames(brandId, formKey))}
          submitLabel={t('tree.save')}
          onSubmit={save}
        />
      )}
    </Modal>
  )
}

/** The entry's fields the form holds: rjsf would keep the others as extra data. */
const pick = (entry: Record<string, Json>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(entry).filter(([name]) => fields.includes(name)))

function entityTitle(
  t: ReturnType<typeof useTranslation>['t'],
  view: ReturnType<typeof useTreeData>,
  dialog: Of<'entity'> | undefined,
): string {
  if (!dialog) return ''
  if (dialog.directorOf !== undefined)
    return t('tree.newDirectorTitle', { name: view.nameOf('company', dialog.directorOf) })
  if (dialog.id === undefined)
    return t(dialog.entity === 'person' ? 'tree.newPersonTitle' : 'tree.newCompanyTitle')
  const name = view.nameOf(dialog.entity, dialog.id)
  return t(dialog.entity === 'person' ? 'tree.editPersonTitle' : 'tree.editCompanyTitle', { name })
}

function RemoveDialog({ opened, dialog, onClose }: DialogProps<'remove'>) {
  const { t } = useTranslation('registration-tree')
  const actions = useTreeActions()
  const layout = useModalLayout()
  const remove = () => {
    if (dialog) actions.removeNode(dialog.path)
    onClose()
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('tree.removeTitle')} {...layout} size="md">
      <Stack gap="md">
        <Text>
          {t(dialog?.isCompany ? 'tree.removeCompanyConfirm' : 'tree.removeConfirm', {
            name: dialog?.name ?? '',
          })}
        </Text>
        <DialogButtons onClose={onClose} onConfirm={remove} confirm={t('tree.remove')} danger />
      </Stack>
    </Modal>
  )
}
