// A hub section of a wizard (the directors, owners and users hubs): the persons the hub's
// field refers to, each with its issues, to edit or remove; a new person through the item
// form, or one already entered elsewhere; for users, each one's access rights (the options
// the request schema offers: 5 never). A hub may carry a form of its own (the company's
// representative), rendered above it.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Card, Group, List, NativeSelect, Stack, Text } from '@mantine/core'
import { screensBundle, type Schema } from '../screens-data.ts'
import { FormSection, type FormSectionProps } from './form-section.tsx'
import { IssueList } from './issue-list.tsx'
import { issueText } from './issue-texts.ts'
import { PersonModal, personName } from './hub-person-modal.tsx'
import {
  hubIds,
  itemsOf,
  withReference,
  withRights,
  withoutReference,
  type Hub,
} from './hub-model.ts'

/** The access rights a hub offers: its form schema's options for the rights field. */
function offeredRights(schema: Schema | undefined, hub: Hub): number[] {
  const list = (schema?.properties as Record<string, Schema> | undefined)?.[hub.field]
  const items = list?.items as Schema | undefined
  const rights = hub.rights
    ? (items?.properties as Record<string, Schema> | undefined)?.[hub.rights]
    : undefined
  return ((rights?.enum ?? []) as number[]).filter((value) => typeof value === 'number')
}

export function HubSection(props: FormSectionProps) {
  const { t } = useTranslation(['registration', 'forms'])
  const { wizard, section, payload, update, issues } = props
  const hub = section.hub!
  const list = wizard.items![hub.item]!.field
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const persons = itemsOf(payload, list)
  const ids = hubIds(payload, hub)
  const offered = offeredRights(
    screensBundle.schemas[props.forms[`${props.screenId}.${section.id}`]?.schema ?? ''],
    hub,
  )
  const rowOf = (id: number) => persons.findIndex((person) => person.id === id)
  const onRow = (id: number) => (issue: (typeof issues)[number]) =>
    issue.path.startsWith(`${list}.${rowOf(id)}.`) ||
    issue.path.startsWith(`${hub.field}.${ids.indexOf(id)}.`)
  const general = issues.filter((issue) => !ids.some((id) => onRow(id)(issue)))
  const others = persons.filter((person) => !ids.includes(Number(person.id)))
  return (
    <Stack>
      {section.form && <FormSection {...props} issues={general} />}
      {!section.form && <IssueList issues={general} />}
      {ids.length === 0 && <Text c="dimmed">{t('registration:hub.empty')}</Text>}
      {ids.map((id, index) => (
        <Card key={id} withBorder padding="sm" data-testid={`hub-person-${index}`}>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>
                {personName(persons[rowOf(id)]) || t('registration:hub.unnamed')}
              </Text>
              {typeof persons[rowOf(id)]?.email === 'string' && (
                <Text size="sm" c="dimmed">
                  {String(persons[rowOf(id)]!.email)}
                </Text>
              )}
            </Stack>
            <Group>
              {hub.rights && (
                <RightsSelect
                  value={valueOfRights(payload[hub.field], index, hub.rights)}
                  offered={offered}
                  onChange={(rights) => update((p) => withRights(p, hub, list, id, rights))}
                />
              )}
              <Button variant="default" size="xs" onClick={() => setEditing({ id })}>
                {t('registration:hub.edit')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => update((p) => withoutReference(p, wizard, hub, list, id))}
              >
                {t('registration:hub.remove')}
              </Button>
            </Group>
          </Group>
          <RowIssues issues={issues.filter(onRow(id))} />
        </Card>
      ))}
      <Group>
        <Button variant="light" onClick={() => setEditing({})}>
          {t('registration:hub.add')}
        </Button>
        {others.length > 0 && (
          <NativeSelect
            aria-label={t('registration:hub.addExisting')}
            value=""
            data={[
              { value: '', label: t('registration:hub.addExisting') },
              ...others.map((person) => ({
                value: String(person.id),
                label: personName(person) || String(person.id),
              })),
            ]}
            onChange={(event) => {
              const id = Number(event.currentTarget.value)
              if (id) update((p) => withReference(p, hub, list, id, offered))
            }}
          />
        )}
      </Group>
      {editing && (
        <PersonModal
          {...props}
          hub={hub}
          list={list}
          personId={editing.id}
          offered={offered}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  )
}

function valueOfRights(refs: unknown, index: number, field: string): number | undefined {
  const ref = Array.isArray(refs) ? (refs[index] as Record<string, unknown> | undefined) : undefined
  return typeof ref?.[field] === 'number' ? (ref[field] as number) : undefined
}

function RightsSelect(props: {
  value: number | undefined
  offered: number[]
  onChange(rights: number): void
}) {
  const { t } = useTranslation(['registration', 'forms'])
  return (
    <NativeSelect
      aria-label={t('registration:hub.rights')}
      size="xs"
      value={props.value === undefined ? '' : String(props.value)}
      data={props.offered.map((rights) => ({
        value: String(rights),
        label: t(`forms:options.accessRights.${rights}`),
      }))}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
    />
  )
}

function RowIssues({ issues }: { issues: Parameters<typeof issueText>[1][] }) {
  const { t } = useTranslation(['registration', 'forms'])
  if (issues.length === 0) return null
  return (
    <List size="sm" c="red" mt="xs" role="alert">
      {issues.map((issue, i) => (
        <List.Item key={i}>{issueText(t, issue)}</List.Item>
      ))}
    </List>
  )
}
