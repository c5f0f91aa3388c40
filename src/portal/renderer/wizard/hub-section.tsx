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
import type { WizardIssue } from './wizard-checks.ts'
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

interface HubView {
  hub: Hub
  /** The item list the hub's persons are kept in (personList). */
  list: string
  persons: ReturnType<typeof itemsOf>
  ids: number[]
  offered: number[]
}

function useHubView(props: FormSectionProps): HubView {
  const hub = props.section.hub!
  const list = props.wizard.items![hub.item]!.field
  const schema =
    screensBundle.schemas[props.forms[`${props.screenId}.${props.section.id}`]?.schema ?? '']
  return {
    hub,
    list,
    persons: itemsOf(props.payload, list),
    ids: hubIds(props.payload, hub),
    offered: offeredRights(schema, hub),
  }
}

export function HubSection(props: FormSectionProps) {
  const { t } = useTranslation(['registration', 'forms'])
  const view = useHubView(props)
  const { hub, list, persons, ids } = view
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const onRow = (id: number, index: number) => (issue: WizardIssue) =>
    issue.path.startsWith(`${list}.${persons.findIndex((p) => p.id === id)}.`) ||
    issue.path.startsWith(`${hub.field}.${index}.`)
  const general = props.issues.filter((issue) => !ids.some((id, i) => onRow(id, i)(issue)))
  return (
    <Stack>
      {props.section.form && <FormSection {...props} issues={general} />}
      {!props.section.form && <IssueList issues={general} />}
      {ids.length === 0 && <Text c="dimmed">{t('registration:hub.empty')}</Text>}
      {ids.map((id, index) => (
        <HubRow
          key={id}
          {...props}
          view={view}
          id={id}
          index={index}
          issues={props.issues.filter(onRow(id, index))}
          onEdit={() => setEditing({ id })}
        />
      ))}
      <AddBar {...props} view={view} onNew={() => setEditing({})} />
      {editing && (
        <PersonModal
          {...props}
          hub={hub}
          list={list}
          personId={editing.id}
          offered={view.offered}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  )
}

/** One person of the hub: name and e-mail, a user's rights, edit and remove, its issues. */
function HubRow(
  props: FormSectionProps & { view: HubView; id: number; index: number; onEdit(): void },
) {
  const { t } = useTranslation(['registration', 'forms'])
  const { view, id, index, wizard, payload, update } = props
  const { hub, list } = view
  const person = view.persons.find((p) => p.id === id)
  return (
    <Card withBorder padding="sm" data-testid={`hub-person-${index}`}>
      <Group justify="space-between" align="flex-start">
        {/* A long name or e-mail wraps inside the card on a phone rather than running out. */}
        <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          <Text fw={600}>{personName(person) || t('registration:hub.unnamed')}</Text>
          {typeof person?.email === 'string' && (
            <Text size="sm" c="dimmed">
              {person.email}
            </Text>
          )}
        </Stack>
        <Group>
          {hub.rights && (
            <RightsSelect
              value={valueOfRights(payload[hub.field], index, hub.rights)}
              offered={view.offered}
              onChange={(rights) => update((p) => withRights(p, hub, list, id, rights))}
            />
          )}
          <Button variant="default" size="xs" onClick={props.onEdit}>
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
      <RowIssues issues={props.issues} />
    </Card>
  )
}

/** A new person through the item form, or someone already entered in another section. */
function AddBar(props: FormSectionProps & { view: HubView; onNew(): void }) {
  const { t } = useTranslation(['registration', 'forms'])
  const { hub, list, persons, ids, offered } = props.view
  const others = persons.filter((person) => !ids.includes(Number(person.id)))
  return (
    <Group>
      <Button variant="light" onClick={props.onNew}>
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
            if (id) props.update((p) => withReference(p, hub, list, id, offered))
          }}
        />
      )}
    </Group>
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

function RowIssues({ issues }: { issues: readonly WizardIssue[] }) {
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
