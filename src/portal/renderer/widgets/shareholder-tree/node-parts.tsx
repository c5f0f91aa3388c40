// The parts of a node's row: its header (kind, name, buttons) and a person's effective share.
import { useTranslation } from 'react-i18next'
import { Badge, Box, Button, Group, Text } from '@mantine/core'
import { ShareholderType } from '../../../../generated/constants.ts'
import { sourceOfWealthThresholdPercent } from '../../../../shared/registration-rules.ts'
import { TreeWarning } from './node-errors.tsx'
import { useTreeActions } from './tree-context.ts'
import { usePercent } from './use-tree-data.ts'
import type { NodeError } from './error-paths.ts'
import { pathOfKey, type Shareholder } from './tree-model.ts'

export interface NodeRowProps {
  node: Shareholder
  /** The node's payload path, 'shareholders.0.shareholders.1'. */
  pathKey: string
  name: string
  /** A person's effective percent of the registering company; undefined for a company. */
  effective: number | undefined
  /** Source of wealth is on and the person holds more than 25 %. */
  needsSourceOfFunds: boolean
  errors: readonly NodeError[] | undefined
}

/** The kind, the name, and the node's edit and remove buttons. */
export function NodeHeader({ node, pathKey, name, nameId }: NodeRowProps & { nameId: string }) {
  const { t } = useTranslation('registration-tree')
  const actions = useTreeActions()
  const isCompany = node.type === ShareholderType.Company
  const edit = () =>
    actions.open(
      isCompany
        ? { kind: 'entity', entity: 'company', id: node.companyId }
        : { kind: 'entity', entity: 'person', id: node.personId },
    )
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Badge variant="light" color={isCompany ? 'grape' : 'blue'} style={{ flexShrink: 0 }}>
          {t(isCompany ? 'tree.company' : 'tree.person')}
        </Badge>
        <Text fw={500} id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="subtle" onClick={edit}>
          {t(isCompany ? 'tree.editCompany' : 'tree.editPerson')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() =>
            actions.open({ kind: 'remove', path: pathOfKey(pathKey), name, isCompany })
          }
        >
          {t('tree.remove')}
        </Button>
      </Group>
    </Group>
  )
}

/** A person's effective share and, with source of wealth on above 25 %, what it asks for. */
export function PersonShare({ effective, needsSourceOfFunds }: NodeRowProps) {
  const { t } = useTranslation('registration-tree')
  const percent = usePercent()
  if (effective === undefined) return null
  return (
    <Box pt={{ base: 0, xs: 26 }}>
      <Text size="sm">{t('tree.effective', { percent: percent(effective) })}</Text>
      {needsSourceOfFunds && (
        <TreeWarning testId="source-of-funds-needed">
          {t('tree.sourceOfFundsNeeded', { threshold: sourceOfWealthThresholdPercent })}
        </TreeWarning>
      )}
    </Box>
  )
}
