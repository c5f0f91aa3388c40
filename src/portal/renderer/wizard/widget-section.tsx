// A widget section of a wizard (the shareholder tree): the renderer's widget for it, loaded as
// a chunk of its own, given the payload, the section's issues and the item forms' keys. A
// widget not in the table yet shows the issues only.
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Loader, Stack } from '@mantine/core'
import type { FormSectionProps } from './form-section.tsx'
import { IssueList } from './issue-list.tsx'
import { fieldErrors } from './issue-texts.ts'
import { wizardWidgets } from './widgets.ts'

export function WidgetSection(props: FormSectionProps) {
  const { t } = useTranslation(['registration', 'forms'])
  const { screenId, wizard, section, payload, update, issues } = props
  const Widget = section.widget ? wizardWidgets[section.widget] : undefined
  const items = Object.entries(wizard.items ?? {})
  // The person form is the hubs' item form; the company form the one of a list it edits.
  const personForm = items.find(([name]) => wizard.sections.some((s) => s.hub?.item === name))
  const companyForm = items.find(([, item]) => section.fields?.includes(item.field))
  if (!Widget) return <IssueList issues={issues} />
  return (
    <Stack>
      <Suspense fallback={<Loader />}>
        <Widget
          payload={payload}
          onChange={(next) => update(() => next)}
          errors={fieldErrors(t, issues)}
          personFormKey={`${screenId}.${personForm?.[0] ?? ''}`}
          companyFormKey={`${screenId}.${companyForm?.[0] ?? ''}`}
          operationId={wizard.operation}
        />
      </Suspense>
    </Stack>
  )
}
