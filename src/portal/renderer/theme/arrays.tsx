// Lists of objects in our rjsf theme (a FATCA/CRS certification's tax residencies and
// controlling persons): each item in a box of its own with a remove button, an add button under
// the list, both labelled through rjsf's translated strings (forms:rjsf). Items keep the order
// they were added in; nothing here holds English text.
import { Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core'
import {
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type IconButtonProps,
} from '@rjsf/utils'

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { registry } = props
  const { AddButton: Add } = registry.templates.ButtonTemplates
  const title = (props.uiSchema?.['ui:title'] as string | undefined) ?? props.title
  return (
    <Fieldset legend={title} id={props.fieldPathId.$id} p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        {props.items}
        {props.canAdd && (
          <Add
            id={`${props.fieldPathId.$id}__add`}
            onClick={props.onAddClick}
            disabled={props.disabled || props.readonly}
            registry={registry}
            uiSchema={props.uiSchema}
          />
        )}
        {props.rawErrors?.map((error) => (
          <Text key={error} c="red" size="sm">
            {error}
          </Text>
        ))}
      </Stack>
    </Fieldset>
  )
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { buttonsProps, registry } = props
  const { RemoveButton: Remove } = registry.templates.ButtonTemplates
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'sm' }} className={props.className}>
      <Stack gap="xs">
        {props.children}
        {props.hasToolbar && buttonsProps.hasRemove && (
          <Group justify="flex-end">
            <Remove
              id={`${buttonsProps.fieldPathId.$id}__remove`}
              onClick={buttonsProps.onRemoveItem}
              disabled={buttonsProps.disabled || buttonsProps.readonly}
              registry={registry}
              uiSchema={props.uiSchema}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

export function AddButton({ onClick, disabled, registry, id }: IconButtonProps) {
  return (
    <Group>
      <Button id={id} variant="light" onClick={onClick} disabled={disabled}>
        {registry.translateString(TranslatableString.AddItemButton)}
      </Button>
    </Group>
  )
}

export function RemoveButton({ onClick, disabled, registry, id }: IconButtonProps) {
  return (
    <Button id={id} variant="subtle" color="red" size="xs" onClick={onClick} disabled={disabled}>
      {registry.translateString(TranslatableString.RemoveButton)}
    </Button>
  )
}
