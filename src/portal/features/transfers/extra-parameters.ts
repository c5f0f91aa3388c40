// The extra fields a transfer type needs for a country (transferExtraParameterList) as a form
// for the schema renderer: each parameter a string property; an options group a choice whose
// chosen option shows its own parameters (product-spec section 3: "a list of fields, some
// wrapped in an options group holding extraParams"), through SchemaForm's visibleWhen, so a
// hidden field is neither checked nor sent. Two options may each hold a field of the same
// name with their own rules (Brazil's tax id: a CPF of 11 digits for a person, a CNPJ of 14
// for a company), so a field's key in the form is unique and `sentAs` names it on the wire.
import type { RuntimeForm } from '../../renderer/schema-form.tsx'
import type { Json, Schema, VisibleWhen } from '../../renderer/screens-data.ts'
import type { ExtraParameter } from './external-methods.ts'

export interface ExtraForm {
  runtime: RuntimeForm
  visibleWhen: Record<string, VisibleWhen>
  /** The preset values the server gave. */
  initial: Record<string, string>
  /** The parameter name each form key is sent under. */
  sentAs: Record<string, string>
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
  const sentAs: Record<string, string> = {}

  const add = (param: ExtraParameter, shownWhen?: VisibleWhen) => {
    // A name met again under another option gets a key of its own; at the top level a
    // repeated name is the same field.
    const key =
      properties[param.name] && shownWhen
        ? `${param.name}__${String(shownWhen.equals)}`
        : param.name
    if (properties[key]) return
    sentAs[key] = param.name
    const property: Schema = { type: 'string' }
    if (param.minLength !== undefined) property.minLength = param.minLength
    if (param.maxLength !== undefined) property.maxLength = param.maxLength
    if (param.pattern !== undefined) property.pattern = param.pattern
    const format = param.type ? formats[param.type] : undefined
    if (format) property.format = format
    if (param.options?.length) {
      property.enum = param.options.map((option) => option.value) as Json[]
      optionTitles[key] = Object.fromEntries(
        param.options.map((option) => [option.value, option.label ?? option.value]),
      )
    }
    properties[key] = property
    titles[key] = titleOf(param)
    order.push(key)
    if (param.required) required.push(key)
    if (param.value !== undefined) initial[key] = param.value
    if (shownWhen) visibleWhen[key] = shownWhen
    for (const option of param.options ?? []) {
      for (const nested of option.extraParams ?? []) {
        add(nested, { field: key, equals: option.value })
      }
    }
  }
  for (const param of params) add(param)

  const schema: Schema = { type: 'object', properties, required }
  return { runtime: { schema, titles, optionTitles, order }, visibleWhen, initial, sentAs }
}

/** The values to send under their parameter names: strings only, empty ones dropped. */
export function extraParamValues(
  data: Record<string, Json>,
  sentAs: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && value !== '') values[sentAs[key] ?? key] = value
  }
  return values
}

/** A server error on extraParams.<name> as errors on the form keys sent under that name. */
export function extraParamErrors(
  errors: { parameter: string; description: string }[],
  sentAs: Record<string, string>,
): { parameter: string; description: string }[] {
  const prefix = 'extraParams.'
  return errors
    .filter((error) => error.parameter.startsWith(prefix))
    .flatMap((error) => {
      const name = error.parameter.slice(prefix.length)
      return Object.entries(sentAs)
        .filter(([, sent]) => sent === name)
        .map(([key]) => ({ parameter: key, description: error.description }))
    })
}
