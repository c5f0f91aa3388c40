// The shareholder tree of the business registration wizard (issue 13; product-spec sections 3,
// 4 and 5, Shareholders): the one hand-written part of the rendered wizard. It edits the
// draft's shareholders, personList and companyList and shows the checks' errors at the nodes
// they name. The parts live in shareholder-tree/; this shell holds the dialog state and gives
// the parts the draft's data and the actions through two contexts.
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Stack, Text } from '@mantine/core'
import type { WizardWidgetProps } from '../wizard/widget-props.ts'
import { useStableActions } from './shareholder-tree/stable-actions.ts'
import {
  TreeActionsContext,
  TreeDataContext,
  type Dialog,
} from './shareholder-tree/tree-context.ts'
import { TreeDialogs, type DialogState } from './shareholder-tree/tree-dialogs.tsx'
import { TreeLevel } from './shareholder-tree/tree-level.tsx'
import { useTreeDataOf } from './shareholder-tree/use-tree-data.ts'

export function ShareholderTreeWidget(props: WizardWidgetProps) {
  const { t } = useTranslation('registration-tree')
  const [dialogs, setDialogs] = useState<DialogState>({ dialog: null, opened: false, serial: 0 })
  const open = useCallback(
    (dialog: Dialog) => setDialogs((old) => ({ dialog, opened: true, serial: old.serial + 1 })),
    [],
  )
  const close = useCallback(() => setDialogs((old) => ({ ...old, opened: false })), [])
  const actions = useStableActions(props, open)
  const data = useTreeDataOf(props.payload, props.errors, props.operationId)
  const formKeys = useMemo(
    () => ({
      person: props.personFormKey,
      company: props.companyFormKey,
      operationId: props.operationId,
    }),
    [props.personFormKey, props.companyFormKey, props.operationId],
  )
  return (
    <TreeActionsContext value={actions}>
      <TreeDataContext value={data}>
        <Stack gap="sm" data-testid="shareholder-tree">
          <Text size="sm">{t('tree.intro')}</Text>
          <TreeLevel parentKey="" nodes={data.tree} />
        </Stack>
        <TreeDialogs state={dialogs} formKeys={formKeys} onClose={close} />
      </TreeDataContext>
    </TreeActionsContext>
  )
}
