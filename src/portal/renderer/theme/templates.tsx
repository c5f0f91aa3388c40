// The templates table of our rjsf theme (a small Mantine theme of our own instead of
// @rjsf/mantine, which adds ~150 KB gzip; DESIGN.md section 2). Lists of objects: arrays.tsx.
import { Button, Fieldset, Stack } from '@mantine/core'
import type {
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  SubmitButtonProps,
  TemplatesType,
} from '@rjsf/utils'
import { getSubmitButtonOptions } from '@rjsf/utils'
import { isVisible } from '../field-paths.ts'
import type { Json, VisibleWhen } from '../screens-data.ts'
import { AddButton, ArrayFieldItemTemplate, ArrayFieldTemplate, RemoveButton } from './arrays.tsx'

/** Mantine inputs draw their own label and error, so a field is just its widget. */
function FieldTemplate(props: FieldTemplateProps) {
  if (props.hidden) return <div hidden>{props.children}</div>
  return <div className={props.classNames}>{props.children}</div>
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  // An item of a list shows the fields its own values call for (taxId without a missing reason).
  const itemConditions = props.uiSchema?.['ui:options']?.itemConditions as
    Record<string, VisibleWhen> | undefined
  const data = (props.formData ?? {}) as Record<string, Json>
  const content = (
    <Stack gap="sm">
      {props.properties
        .filter((p) => !p.hidden && isVisible(p.name, data, itemConditions))
        .map((property) => (
          <div key={property.name}>{property.content}</div>
        ))}
    </Stack>
  )
  // An item of a list is boxed by the list (arrays.tsx), without rjsf's "name-1" title.
  const isRoot =
    props.fieldPathId?.$id === 'root' || !props.title || props.uiSchema?.['ui:options']?.listItem
  return isRoot ? (
    content
  ) : (
    // Narrow screens keep room for the fields of nested parts (a company's questions).
    <Fieldset legend={props.title} p={{ base: 'xs', sm: 'md' }}>
      {content}
    </Fieldset>
  )
}

function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender } = getSubmitButtonOptions(uiSchema)
  if (norender) return null
  return (
    <Button type="submit" mt="md">
      {submitText}
    </Button>
  )
}

/** Errors are shown on the fields they name; the list at the top would repeat them. */
function ErrorListTemplate() {
  return null
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: { SubmitButton, AddButton, RemoveButton } as TemplatesType['ButtonTemplates'],
}
