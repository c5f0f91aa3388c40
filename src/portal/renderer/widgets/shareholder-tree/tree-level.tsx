// One level of the tree (the registering company's shareholders, or a company's own) and its
// nodes. A company's node holds the level under it, so the two live in one module.
import { memo, useCallback, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { ShareholderType } from '../../../../generated/constants.ts'
import { clearsSourceOfFunds, levelSumPercent } from '../../../../shared/registration-rules.ts'
import { CompanyDirectors } from './company-directors.tsx'
import { NodeHeader, PersonShare, type NodeRowProps } from './node-parts.tsx'
import { NodeErrors, sameErrors, TreeWarning } from './node-errors.tsx'
import { ShareInput } from './share-input.tsx'
import { isSourceError, SourcesOfFunds } from './sources-of-funds.tsx'
import { useTreeActions, useTreeData } from './tree-context.ts'
import { levelKey, levelSum, nodeKey, pathOfKey, type Shareholder } from './tree-model.ts'
import { usePercent } from './use-tree-data.ts'

export function TreeLevel(props: {
  /** The payload path of the node the level belongs to; '' for the top level. */
  parentKey: string
  nodes: readonly Shareholder[] | undefined
  /** The company whose shareholders these are; none for the top level. */
  ownerName?: string
}) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const nodes = props.nodes ?? []
  const parent = pathOfKey(props.parentKey)
  const keys = rowKeys(nodes)
  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        aria-label={
          props.ownerName ? t('tree.levelOf', { name: props.ownerName }) : t('tree.topLevel')
        }
      >
        {nodes.map((node, index) => {
          const path = nodeKey([...parent, index])
          const isPerson = node.type === ShareholderType.Person
          const effective = isPerson ? (view.effective.get(node.personId ?? -1) ?? 0) : undefined
          return (
            <NodeRow
              key={keys[index]}
              node={node}
              pathKey={path}
              name={view.nameOf(isPerson ? 'person' : 'company', node.personId ?? node.companyId)}
              effective={effective}
              needsSourceOfFunds={
                view.sourceOfWealth && effective !== undefined && !clearsSourceOfFunds(effective)
              }
              errors={view.errors.get(path)}
            />
          )
        })}
      </Stack>
      <LevelFooter parentKey={props.parentKey} nodes={nodes} ownerName={props.ownerName} />
    </Stack>
  )
}

/** Stable row keys: the entity a node names, numbered when a level names it twice. */
function rowKeys(nodes: readonly Shareholder[]): string[] {
  const seen = new Map<string, number>()
  return nodes.map((node) => {
    const base = node.type === ShareholderType.Person ? `p${node.personId}` : `c${node.companyId}`
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count === 1 ? base : `${base}#${count}`
  })
}

/** The level's sum with a warning outside 10..100 %, its errors, and its add button. */
function LevelFooter(props: {
  parentKey: string
  nodes: readonly Shareholder[]
  ownerName: string | undefined
}) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const actions = useTreeActions()
  const percent = usePercent()
  const parent = pathOfKey(props.parentKey)
  const sum = levelSum(props.nodes)
  const within = sum >= levelSumPercent.min && sum <= levelSumPercent.max
  const isTop = parent.length === 0
  return (
    <Stack gap={4}>
      {props.nodes.length === 0 && isTop && <Text size="sm">{t('tree.empty')}</Text>}
      {props.nodes.length === 0 && !isTop && (
        <TreeWarning testId="level-sum">{t('tree.noOwners')}</TreeWarning>
      )}
      {props.nodes.length > 0 && within && (
        <Text size="sm" data-testid="level-sum">
          {t('tree.sum', { sum: percent(sum) })}
        </Text>
      )}
      {props.nodes.length > 0 && !within && (
        <TreeWarning testId="level-sum">
          {t('tree.sumOutOfRange', { sum: percent(sum), ...levelSumPercent })}
        </TreeWarning>
      )}
      <NodeErrors errors={view.errors.get(levelKey(parent))} />
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          h="auto"
          py={4}
          // A long company name wraps rather than being cut off on a phone.
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          onClick={() => actions.open({ kind: 'add', parent })}
        >
          {props.ownerName ? t('tree.addUnder', { name: props.ownerName }) : t('tree.add')}
        </Button>
      </Group>
    </Stack>
  )
}

function NodeRowView(props: NodeRowProps) {
  const { node, pathKey, name } = props
  const actions = useTreeActions()
  const nameId = useId()
  const onCommit = useCallback(
    (share: number) => actions.setShare(pathOfKey(pathKey), share, node),
    [actions, pathKey, node],
  )
  const shareError = props.errors?.find((error) => error.field === 'share')?.description
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <Paper withBorder p="xs" radius="sm" role="group" aria-labelledby={nameId}>
        <NodeHeader {...props} nameId={nameId} />
        <Group align="flex-start" gap="sm" wrap="wrap" mt={4}>
          <ShareInput value={node.share} error={shareError} onCommit={onCommit} />
          <PersonShare {...props} />
        </Group>
        {props.needsSourceOfFunds && node.personId !== undefined && (
          <SourcesOfFunds personId={node.personId} errors={props.errors} />
        )}
        <NodeErrors
          errors={props.errors?.filter(
            (error) =>
              error.field !== 'share' && !(props.needsSourceOfFunds && isSourceError(error)),
          )}
        />
        {node.type === ShareholderType.Company && node.companyId !== undefined && (
          <>
            <CompanyDirectors companyId={node.companyId} companyName={name} />
            <Box
              mt="xs"
              pl="xs"
              style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)' }}
            >
              <TreeLevel parentKey={pathKey} nodes={node.shareholders} ownerName={name} />
            </Box>
          </>
        )}
      </Paper>
    </Box>
  )
}

/** A node draws again only when its node, place, name, shares or errors change. */
const NodeRow = memo(
  NodeRowView,
  (a, b) =>
    a.node === b.node &&
    a.pathKey === b.pathKey &&
    a.name === b.name &&
    a.effective === b.effective &&
    a.needsSourceOfFunds === b.needsSourceOfFunds &&
    sameErrors(a.errors, b.errors),
)
