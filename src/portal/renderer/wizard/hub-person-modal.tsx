// Adding or editing one person of a hub with the item form (personForm, overlays applied):
// a new person gets the next free id and is added to the hub.
import { useTranslation } from 'react-i18next'
import { Modal } from '@mantine/core'
import { SchemaForm } from '../schema-form.tsx'
import { screensBundle, type Json, type Schema } from '../screens-data.ts'
import type { FormSectionProps } from './form-section.tsx'
import { fieldErrors } from './issue-texts.ts'
import { itemsOf, withPerson, withReference, type Hub } from './hub-model.ts'
import { nextId } from './wizard-payload.ts'

/** A person's name as the hub lists it; empty before the form has one. */
export function personName(person: Record<string, Json> | undefined): string {
  return [person?.firstName, person?.lastName]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .trim()
}

export interface PersonModalProps extends FormSectionProps {
  hub: Hub
  list: string
  /** The person edited; none for a new one. */
  personId?: number
  offered: number[]
  onClose(): void
}

export function PersonModal(props: PersonModalProps) {
  const { t } = useTranslation(['registration', 'forms'])
  const { wizard, hub, list, payload, update } = props
  const formKey = `${props.screenId}.${hub.item}`
  const schema = screensBundle.schemas[props.forms[formKey]?.schema ?? ''] as Schema | undefined
  const formFields = Object.keys((schema?.properties ?? {}) as object)
  const persons = itemsOf(payload, list)
  const index = persons.findIndex((person) => person.id === props.personId)
  const initial =
    index < 0
      ? {}
      : Object.fromEntries(
          Object.entries(persons[index]!).filter(([name]) => formFields.includes(name)),
        )
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="lg"
      title={t(index < 0 ? 'registration:hub.addTitle' : 'registration:hub.editTitle')}
    >
      <SchemaForm
        formKey={formKey}
        operationId={wizard.operation}
        initial={initial}
        serverErrors={index < 0 ? [] : fieldErrors(t, props.issues, `${list}.${index}.`)}
        submitLabel={t('registration:hub.save')}
        onSubmit={(data) => {
          const id = props.personId ?? nextId(payload[list])
          update((current) => {
            const saved = withPerson(current, list, id, data, formFields)
            return props.personId === undefined
              ? withReference(saved, hub, list, id, props.offered)
              : saved
          })
          props.onClose()
        }}
      />
    </Modal>
  )
}
