// The widgets table of our rjsf theme: one Mantine input per kind of field. Labels, errors
// and option names arrive translated (schema-form.tsx), so nothing here holds English text.
import { useState, type ChangeEvent } from 'react'
import {
  Checkbox,
  Group,
  Input,
  List,
  MultiSelect,
  NativeSelect,
  Radio,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { localToUTC, utcToLocal, type WidgetProps, type RegistryWidgetsType } from '@rjsf/utils'
import { DocumentUploadWidget } from '../widgets/document-upload.tsx'
import { DateField } from '../../components/date-field.tsx'

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
    // A hint the form adds (the country's name of a tax id), and a field the schema leaves
    // optional but the country requires.
    description: typeof props.options.hint === 'string' ? props.options.hint : undefined,
    withAsterisk: props.required || props.options.requiredHere === true,
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

/** A date (format: date): the portal's date field, in the page's language; the value is ISO. */
export function DateWidget(props: WidgetProps) {
  const { label, description, withAsterisk, disabled, error, autoFocus, id } = common(props)
  return (
    <DateField
      id={id}
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      disabled={disabled}
      error={error}
      autoFocus={autoFocus}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(value) => props.onChange(value === '' ? props.options.emptyValue : value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
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

/** An option of a dictionary: its value, its name and the group it is listed under. */
interface Choice {
  value: unknown
  label: string
  group?: string
}

const choicesOf = (props: WidgetProps) => (props.options.choices ?? []) as Choice[]

/** Choices as Mantine's select data: by index (values may be numbers), grouped when grouped. */
function selectData(choices: Choice[]) {
  const items = choices.map((choice, i) => ({ value: String(i), label: choice.label }))
  if (!choices.some((choice) => choice.group !== undefined)) return items
  const groups = new Map<string, typeof items>()
  choices.forEach((choice, i) => {
    const group = choice.group ?? ''
    groups.set(group, [...(groups.get(group) ?? []), items[i]!])
  })
  return [...groups].map(([group, members]) => ({ group, items: members }))
}

/**
 * One option of a dictionary (an industry, a country), grouped where the dictionary groups.
 * Options may share a value (+44 is the calling code of the United Kingdom, Guernsey, Jersey
 * and the Isle of Man): the one picked stays shown, not the first of its value.
 */
export function ChoiceWidget(props: WidgetProps) {
  const choices = choicesOf(props)
  const [picked, setPicked] = useState(-1)
  const index =
    picked >= 0 && choices[picked]?.value === props.value
      ? picked
      : choices.findIndex((choice) => choice.value === props.value)
  return (
    <NativeSelect
      {...common(props)}
      value={index === -1 ? '' : String(index)}
      data={[{ value: '', label: '—' }, ...selectData(choices)]}
      onChange={(event) => {
        const chosen = event.currentTarget.value
        setPicked(chosen === '' ? -1 : Number(chosen))
        props.onChange(chosen === '' ? props.options.emptyValue : choices[Number(chosen)]?.value)
      }}
    />
  )
}

/** More options than a list of checkboxes shows at a glance: a searchable multi-select. */
const longChoiceList = 12

/**
 * Several options of a dictionary: checkboxes for a short list (sources of funds, purposes),
 * a searchable multi-select for a long one (citizenships among every country).
 */
export function ChoicesWidget(props: WidgetProps) {
  const choices = choicesOf(props)
  const chosen = Array.isArray(props.value) ? (props.value as unknown[]) : []
  if (choices.length > longChoiceList) {
    const { autoFocus: _a, ...input } = common(props)
    return (
      <MultiSelect
        {...input}
        searchable
        data={selectData(choices)}
        value={chosen.map((value) => String(choices.findIndex((c) => c.value === value)))}
        onChange={(indexes) =>
          props.onChange(indexes.map((index) => choices[Number(index)]?.value))
        }
      />
    )
  }
  const { onBlur: _b, onFocus: _f, autoFocus: _a, disabled, ...group } = common(props)
  return (
    <Checkbox.Group
      {...group}
      value={chosen.map((value) => String(choices.findIndex((c) => c.value === value)))}
      onChange={(indexes) =>
        props.onChange(
          choices.filter((_, i) => indexes.includes(String(i))).map((choice) => choice.value),
        )
      }
    >
      <Stack gap={4} mt={4}>
        {choices.map((choice, i) => (
          <Checkbox key={i} value={String(i)} label={choice.label} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  )
}

/** The options of a short choice side by side, all in sight (a question's yes and no). */
export function RadioWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? []
  const { onBlur: _b, onFocus: _f, autoFocus: _a, disabled, ...group } = common(props)
  const index = options.findIndex((option) => option.value === props.value)
  return (
    <Radio.Group
      {...group}
      value={index === -1 ? null : String(index)}
      onChange={(chosen) => props.onChange(options[Number(chosen)]?.value)}
    >
      <Group mt={4}>
        {options.map((option, i) => (
          <Radio key={i} value={String(i)} label={String(option.label)} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
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
  DocumentUploadWidget,
  TextWidget,
  EmailWidget: TextWidget,
  URLWidget: TextWidget,
  UpDownWidget: TextWidget,
  DateWidget,
  DateTimeWidget,
  PasswordWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
  ChoiceWidget,
  ChoicesWidget,
  RadioWidget,
}
