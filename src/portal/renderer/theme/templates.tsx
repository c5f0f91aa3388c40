// The templates table of our rjsf theme (a small Mantine theme of our own instead of
// @rjsf/mantine, which adds ~150 KB gzip; DESIGN.md section 2).
import { Button, Fieldset, Stack } from '@mantine/core'
import type {
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  SubmitButtonProps,
  TemplatesType,
} from '@rjsf/utils'
import { getSubmitButtonOptions } from '@rjsf/utils'

/** Mantine inputs draw their own label and error, so a field is just its widget. */
function FieldTemplate(props: FieldTemplateProps) {
  if (props.hidden) return <div hidden>{props.children}</div>
  return <div className={props.classNames}>{props.children}</div>
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const content = (
    <Stack gap="sm">
      {props.properties
        .filter((p) => !p.hidden)
        .map((property) => (
          <div key={property.name}>{property.content}</div>
        ))}
    </Stack>
  )
  const isRoot = props.fieldPathId?.$id === 'root' || !props.title
  return isRoot ? content : <Fieldset legend={props.title}>{content}</Fieldset>
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
  ButtonTemplates: { SubmitButton } as TemplatesType['ButtonTemplates'],
}
