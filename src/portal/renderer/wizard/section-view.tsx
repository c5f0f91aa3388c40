// One section of a wizard, by its kind: a hub, a widget or a form.
import { useMemo } from 'react'
import type { Choice } from '../form-choices.ts'
import { FormSection, type FormSectionProps } from './form-section.tsx'
import { HubSection } from './hub-section.tsx'
import { personName } from './hub-person-modal.tsx'
import { itemsOf } from './hub-model.ts'
import { WidgetSection } from './widget-section.tsx'

export function SectionView(props: Omit<FormSectionProps, 'persons'>) {
  const { wizard, payload } = props
  // The persons a field naming one chooses from: the list of the hubs' item form.
  const hubItem = wizard.sections.find((section) => section.hub)?.hub?.item
  const list = hubItem ? wizard.items?.[hubItem]?.field : undefined
  const people = list ? payload[list] : undefined
  const persons = useMemo<Choice[]>(
    () =>
      list
        ? itemsOf({ [list]: people ?? null }, list).map((person) => ({
            value: person.id ?? null,
            label: personName(person) || String(person.id),
          }))
        : [],
    [list, people],
  )
  const all = { ...props, persons }
  if (props.section.hub) return <HubSection {...all} />
  if (props.section.widget) return <WidgetSection {...all} />
  return <FormSection {...all} />
}
