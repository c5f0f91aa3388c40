// The widgets table of our rjsf theme: one Mantine input per kind of field. Labels, errors
// and option names arrive translated (schema-form.tsx), so nothing here holds English text.
import type { ChangeEvent } from 'react'
import { Checkbox, Input, List, NativeSelect, Textarea, TextInput } from '@mantine/core'
import { localToUTC, utcToLocal, type WidgetProps, type RegistryWidgetsType } from '@rjsf/utils'

/** The first error of a field, as Mantine shows it under the input. */
function errorOf(props: WidgetProps): string | undefined {
  return props.rawErrors?.[0]
}

/** The field's dotted name from rjsf's id ("root_data_name" -> "data.name"). */
export function fieldName(id: string): string {
  return id.replace(/^root_?/, '').replaceAll('_', '.')
}

function common(props: WidgetProps) {
  return {
    id: props.id,
    label: props.hideLabel ? undefined : props.label,
    withAsterisk: props.required,
    disabled: props.disabled || props.readonly,
    error: errorOf(props),
    autoFocus: props.autofocus,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  }
}

export function TextWidget(props: WidgetProps) {
  const type =
    props.schema.type === 'number' || props.schema.type === 'integer'
      ? 'number'
      : props.schema.format === 'email'
        ? 'email'
        : props.schema.format === 'uri'
          ? 'url'
          : props.schema.format === 'date'
            ? 'date'
            : 'text'
  return (
    <TextInput
      {...common(props)}
      type={type}
      value={props.value ?? ''}
      placeholder={props.placeholder}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value
        if (text === '') return props.onChange(props.options.emptyValue)
        props.onChange(type === 'number' ? Number(text) : text)
      }}
    />
  )
}

export function PasswordWidget(props: WidgetProps) {
  return (
    <TextInput
      {...common(props)}
      type="password"
      autoComplete="new-password"
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value || props.options.emptyValue)}
    />
  )
}

export function DateTimeWidget(props: WidgetProps) {
  return (
    <TextInput
      {...common(props)}
      type="datetime-local"
      value={props.value ? utcToLocal(props.value) : ''}
      onChange={(event) =>
        props.onChange(
          event.currentTarget.value
            ? localToUTC(event.currentTarget.value)
            : props.options.emptyValue,
        )
      }
    />
  )
}

export function TextareaWidget(props: WidgetProps) {
  return (
    <Textarea
      {...common(props)}
      autosize
      minRows={3}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value || props.options.emptyValue)}
    />
  )
}

export function CheckboxWidget(props: WidgetProps) {
  return (
    <Checkbox
      id={props.id}
      label={props.label}
      checked={props.value === true}
      disabled={props.disabled || props.readonly}
      error={errorOf(props)}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  )
}

export function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? []
  const index = options.findIndex((option) => option.value === props.value)
  return (
    <NativeSelect
      {...common(props)}
      value={index === -1 ? '' : String(index)}
      data={[
        { value: '', label: '—' },
        ...options.map((option, i) => ({ value: String(i), label: String(option.label) })),
      ]}
      onChange={(event) => {
        const chosen = event.currentTarget.value
        props.onChange(chosen === '' ? props.options.emptyValue : options[Number(chosen)]?.value)
      }}
    />
  )
}

/** A file as a data URL carrying its name, which rjsf's data-url fields expect. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.onload = () => {
      const url = String(reader.result).replace(/^data:;/, 'data:application/octet-stream;')
      resolve(url.replace(';base64,', `;name=${encodeURIComponent(file.name)};base64,`))
    }
    reader.readAsDataURL(file)
  })
}

/** The file names of the chosen data URLs, shown under the input. */
function fileNames(values: string[]): string[] {
  return values.map((value) => decodeURIComponent(/;name=([^;,]*)/.exec(value)?.[1] ?? ''))
}

/** One or several files (a data-url string, or an array of them), read in the browser. */
export function FileWidget(props: WidgetProps) {
  const multiple = Boolean(props.multiple)
  // rjsf fills an array with minItems with empty items until files are chosen.
  const chosen: string[] = (
    multiple ? ((props.value as unknown[] | undefined) ?? []) : [props.value]
  ).filter((value): value is string => typeof value === 'string' && value !== '')
  const error = errorOf(props)
  return (
    <Input.Wrapper
      id={props.id}
      label={props.hideLabel ? undefined : props.label}
      withAsterisk={props.required}
      error={error}
    >
      <input
        id={props.id}
        type="file"
        multiple={multiple}
        accept={typeof props.options.accept === 'string' ? props.options.accept : undefined}
        disabled={props.disabled || props.readonly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          void Promise.all(files.map(readAsDataUrl)).then((urls) =>
            props.onChange(multiple ? urls : (urls[0] ?? props.options.emptyValue)),
          )
        }}
      />
      {chosen.length > 0 && (
        <List size="sm" mt={4}>
          {fileNames(chosen).map((name, index) => (
            <List.Item key={index}>{name}</List.Item>
          ))}
        </List>
      )}
    </Input.Wrapper>
  )
}

export const widgets: RegistryWidgetsType = {
  FileWidget,
  TextWidget,
  EmailWidget: TextWidget,
  URLWidget: TextWidget,
  UpDownWidget: TextWidget,
  DateWidget: TextWidget,
  DateTimeWidget,
  PasswordWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
}
