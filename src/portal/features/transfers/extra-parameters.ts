// The extra fields a transfer type needs for a country (transferExtraParameterList) as a form
// for the schema renderer: each parameter a string property; an options group a choice whose
// chosen option shows its own parameters (product-spec section 3: "a list of fields, some
// wrapped in an options group holding extraParams"), through SchemaForm's visibleWhen, so a
// hidden field is neither checked nor sent.
import type { RuntimeForm } from '../../renderer/schema-form.tsx'
import type { Json, Schema, VisibleWhen } from '../../renderer/screens-data.ts'
import type { ExtraParameter } from './external-methods.ts'

export interface ExtraForm {
  runtime: RuntimeForm
  visibleWhen: Record<string, VisibleWhen>
  /** The preset values the server gave. */
  initial: Record<string, string>
}

/** The format a parameter's input kind asks of the text widget. */
const formats: Record<string, string> = { date: 'date', email: 'email', url: 'uri' }

export function extraParamsForm(
  params: ExtraParameter[],
  titleOf: (param: ExtraParameter) => string,
): ExtraForm {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  const titles: Record<string, string> = {}
  const optionTitles: Record<string, Record<string, string>> = {}
  const visibleWhen: Record<string, VisibleWhen> = {}
  const initial: Record<string, string> = {}
  const order: string[] = []

  const add = (param: ExtraParameter, shownWhen?: VisibleWhen) => {
    // A name given twice keeps its first place and condition: one field cannot have two.
    if (properties[param.name]) return
    const property: Schema = { type: 'string' }
    if (param.minLength !== undefined) property.minLength = param.minLength
    if (param.maxLength !== undefined) property.maxLength = param.maxLength
    if (param.pattern !== undefined) property.pattern = param.pattern
    const format = param.type ? formats[param.type] : undefined
    if (format) property.format = format
    if (param.options?.length) {
      property.enum = param.options.map((option) => option.value) as Json[]
      optionTitles[param.name] = Object.fromEntries(
        param.options.map((option) => [option.value, option.label ?? option.value]),
      )
    }
    properties[param.name] = property
    titles[param.name] = titleOf(param)
    order.push(param.name)
    if (param.required) required.push(param.name)
    if (param.value !== undefined) initial[param.name] = param.value
    if (shownWhen) visibleWhen[param.name] = shownWhen
    for (const option of param.options ?? []) {
      for (const nested of option.extraParams ?? []) {
        add(nested, { field: param.name, equals: option.value })
      }
    }
  }
  for (const param of params) add(param)

  const schema: Schema = { type: 'object', properties, required }
  return { runtime: { schema, titles, optionTitles, order }, visibleWhen, initial }
}

/** The values to send: strings only, empty ones dropped. */
export function extraParamValues(data: Record<string, Json>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  )
}
