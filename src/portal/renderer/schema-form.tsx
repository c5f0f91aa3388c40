// SchemaForm: an rjsf form over a brand's final form schema (spec + overlays, built by
// codegen/forms.ts), validated by precompiled validators, with every label, option and error
// message from i18n, server VF errors shown on the fields they name, hidden conditional
// values dropped, and optional steps for long forms.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import Form from '@rjsf/core'
import { Button, Group, Stepper } from '@mantine/core'
import {
  TranslatableString,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import { useBrand } from '../brand/brand-context.tsx'
import {
  screensBundle,
  validatorFunctions,
  type FormMeta,
  type Json,
  type Schema,
  type VisibleWhen,
} from './screens-data.ts'
import { templates } from './theme/templates.tsx'
import { widgets } from './theme/widgets.tsx'
import type { FieldError } from './call-operation.ts'
import { runtimeValidator } from './runtime-validator.ts'
import {
  isShown,
  isShownInItems,
  isVisible,
  splitConditions,
  valueAt,
  withoutHidden,
  withoutHiddenItems,
  type ListConditions,
} from './field-paths.ts'
import {
  resolveOptionConditions,
  rowChoices,
  useDictionaries,
  useFormChoices,
  type Choice,
} from './form-choices.ts'
import { taxIdHintText, taxIdName, type TaxIdHint } from './tax-id-names.ts'

/**
 * A form whose schema the server sends at run time (a transfer's extra parameters): a flat
 * object of strings, its field titles already translated, checked by the runtime validator.
 */
export interface RuntimeForm {
  schema: Schema
  titles: Record<string, string>
  /** The shown name of each option of a field with choices, by field and value. */
  optionTitles?: Record<string, Record<string, string>>
  order: string[]
  /** A widget of the theme per field (RadioWidget for a question's options). */
  widgets?: Record<string, string>
}

export interface SchemaFormProps {
  /** `<screenId>.<action>`, the key of the form in the screens bundle. */
  formKey: string
  /** The operation the form edits: its fields' labels live under forms:<operationId>. */
  operationId: string
  initial?: Record<string, Json>
  serverErrors?: FieldError[]
  submitLabel: string
  steps?: string[][]
  /**
   * Conditional fields (spec/screens): hidden ones are neither validated nor sent, and keep
   * their value while hidden.
   */
  visibleWhen?: Record<string, VisibleWhen>
  busy?: boolean
  onSubmit(data: Record<string, Json>): void
  /** Renders this schema instead of the bundle's form `formKey` (which then only names it). */
  runtime?: RuntimeForm
  /**
   * Part of a larger hand-written form: no form element of its own (forms do not nest) and no
   * submit button. The host reads the values through onChange and checks them through
   * validateRef before its own submit.
   */
  embedded?: boolean
  onChange?(data: Record<string, Json>): void
  /** Set to a function that shows the form's errors and answers whether it is valid. */
  validateRef?: RefObject<(() => boolean) | null>
  /** Options known only where the form is used (the persons of a wizard), by dotted field. */
  extraChoices?: Record<string, Choice[]>
  /** The row a row action's form was opened for: its lists may give options (options: row). */
  sourceRow?: Record<string, Json>
  /** The request the form is part of (a wizard's payload), for a country another part holds. */
  outerData?: Record<string, Json>
}

const translatableNames = Object.fromEntries(
  Object.entries(TranslatableString).map(([name, text]) => [text, name]),
) as Record<string, string>

/** Server VF errors ("a.b") as rjsf's error schema ({a: {b: {__errors: [...]}}}). */
export function toErrorSchema(errors: FieldError[] | undefined): ErrorSchema | undefined {
  if (!errors?.length) return undefined
  const root: Record<string, unknown> = {}
  for (const error of errors) {
    let node = root
    for (const part of error.parameter.split('.')) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), error.description]
  }
  return root as ErrorSchema
}

export { isVisible, withoutHidden }

/** A runtime form's labels: none (its titles are its own), the same object every render. */
const noLabels: Record<string, string> = {}

/** The bundle's form, or the runtime form when one is given. */
function useFormSource(props: SchemaFormProps): {
  schema: Schema
  labels: Record<string, string>
  order: string[]
  meta?: FormMeta
} {
  const brand = useBrand()
  if (props.runtime)
    return { schema: props.runtime.schema, labels: noLabels, order: props.runtime.order }
  const meta = screensBundle.forms[brand.id]?.[props.formKey]
  const schema = meta ? screensBundle.schemas[meta.schema] : undefined
  if (!meta || !schema)
    throw new Error(`assertion: form ${props.formKey} exists for brand ${brand.id}`)
  return { schema, labels: meta.labels, order: meta.order, meta }
}

/** Every field's options: its dictionary's, the source row's lists, and the host's. */
function useChoices(props: SchemaFormProps, meta: FormMeta | undefined) {
  const dictionaryChoices = useFormChoices(meta?.choices, meta?.hideOptions)
  return useMemo(
    () => ({
      ...dictionaryChoices,
      ...rowChoices(meta?.rowChoices, props.sourceRow),
      ...props.extraChoices,
    }),
    [dictionaryChoices, meta?.rowChoices, props.sourceRow, props.extraChoices],
  )
}

/**
 * The form's conditions: those of its meta (a wizard's, from its schema) and the screen's. A
 * condition on an option's row (option: needsBackPage) becomes the values whose rows have it.
 */
function useConditions(
  props: SchemaFormProps,
  meta: FormMeta | undefined,
  choices: Record<string, Choice[]>,
) {
  return useMemo(() => {
    if (!meta?.visibleWhen && !props.visibleWhen) return undefined
    return resolveOptionConditions(
      { ...(meta?.visibleWhen ?? {}), ...(props.visibleWhen ?? {}) },
      choices,
    )
  }, [meta?.visibleWhen, props.visibleWhen, choices])
}

/**
 * Each tax-id field's name in the country another field holds (the label's hint): one of the
 * form's, or of the request the form is part of.
 */
function useTaxIdNames(
  hints: TaxIdHint[] | undefined,
  data: Record<string, Json>,
  outer: Record<string, Json> | undefined,
) {
  const replies = useDictionaries((hints ?? []).map((hint) => hint.source.operation))
  const names: Record<string, ReturnType<typeof taxIdName>> = {}
  for (const hint of hints ?? []) {
    const reply = replies[hint.source.operation]
    const country = valueAt(data, hint.country) ?? valueAt(outer, hint.country)
    if (reply) names[hint.field] = taxIdName(reply, hint.source, country, hint.kind)
  }
  return names
}

/**
 * The field a refused save names first gets the focus, so its message is in sight even when
 * the field is scrolled out of a long popup. rjsf's own focusing reads the form's elements,
 * which an embedded form (a div) has not; this looks inside the form for the field's id.
 */
function focusRefused(form: Form | null, error: RJSFValidationError) {
  const root = form?.formElement.current as HTMLElement | null | undefined
  const path = String(error.property ?? '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter(Boolean)
  const id = CSS.escape(['root', ...path].join('_'))
  const fields = ':is(input, select, textarea, button)'
  root?.querySelector<HTMLElement>(`${fields}[id="${id}"], ${fields}[id^="${id}-"]`)?.focus()
}

export function SchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation(['forms', 'screens'])
  const source = useFormSource(props)
  const [data, setData] = useState<Record<string, Json>>(props.initial ?? {})
  const formRef = useRef<Form>(null)
  const steps = useFormSteps(props, formRef)
  const validator = useValidator(source.schema, props.runtime !== undefined)
  useValidateRef(props.validateRef, formRef)
  const choices = useChoices(props, source.meta)
  const allConditions = useConditions(props, source.meta, choices)
  const { plain: conditions, lists } = useMemo(
    () => splitConditions(source.schema, allConditions),
    [source.schema, allConditions],
  )
  const uiSchema = useUiSchema(props, source, data, steps, { conditions, lists }, choices)
  const shown = (typed: Record<string, Json>) =>
    withoutHiddenItems(withoutHidden(typed, conditions), lists)
  const { step, stepOf, setStep } = steps
  const given = useGivenData(data, [props, uiSchema, step])

  return (
    <>
      {steps.steps.length > 0 && (
        <Stepper active={step} size="sm" mb="md">
          {steps.steps.map((_, index) => (
            <Stepper.Step key={index} label={t('forms:step', { number: index + 1 })} />
          ))}
        </Stepper>
      )}
      <Form
        ref={formRef}
        schema={source.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={given.current.data}
        validator={validator}
        templates={templates}
        widgets={widgets}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError={(error) => focusRefused(formRef.current, error)}
        omitExtraData
        liveOmit="onChange"
        experimental_defaultFormStateBehavior={defaultFormState}
        extraErrors={toErrorSchema(props.serverErrors)}
        transformErrors={errorTransform(t, data, { conditions, lists }, steps)}
        translateString={rjsfTranslator(t)}
        disabled={props.busy}
        {...(props.embedded && { tagName: 'div' })}
        onChange={(event) => {
          // The form keeps what a hidden field holds (the prefilled owner of a list shown only
          // for passive income), so it shows again when its condition does; only what is shown
          // is told to the host and sent. Dropping it here lost the value or not depending on
          // whether rjsf was given its data again before the condition changed (rjsf reports
          // its derived defaults while it mounts).
          const typed = (event.formData ?? {}) as Record<string, Json>
          setData(typed)
          props.onChange?.(shown(typed))
        }}
        onError={(errors) => {
          const index = Math.min(
            ...errors.map((error) => stepOf(topField(error.property))).filter((i) => i >= 0),
          )
          if (Number.isFinite(index) && index !== step) setStep(index)
        }}
        onSubmit={(event) => props.onSubmit(shown((event.formData ?? {}) as Record<string, Json>))}
      >
        {steps.steps.length > 0 && step < steps.steps.length - 1 ? (
          <Group mt="md">
            {step > 0 && (
              <Button variant="default" onClick={() => setStep(step - 1)}>
                {t('forms:back')}
              </Button>
            )}
            <Button onClick={steps.nextStep}>{t('forms:next')}</Button>
          </Group>
        ) : undefined}
      </Form>
    </>
  )
}

/**
 * The values given to rjsf, which keeps its own as they are typed. Given back on every change,
 * they made rjsf derive its whole state again on each keystroke (issue 13's keystroke budget).
 * rjsf takes the values it was last given whenever another of its props changes, so they are
 * given again with any change of what else it is given (`inputs`: the host's props, the
 * uiSchema, the step).
 */
function useGivenData(data: Record<string, Json>, inputs: unknown[]) {
  // A ref, not state: a render that finds the inputs changed must not ask for another render
  // (an input made anew on every render would then loop).
  const given = useRef({ inputs, data })
  if (inputs.some((input, i) => input !== given.current.inputs[i])) given.current = { inputs, data }
  return given
}

/**
 * rjsf fills a list with minItems with blank items; a list of chosen ids (sources of funds,
 * purposes) or codes (citizenships) starts empty instead, or a blank value would show as a
 * chosen option that does not exist. A list of objects (tax residences) keeps its blank item. A
 * box that must be ticked (const: true, a statement accepted) starts unticked: rjsf would tick
 * it for the person. A fixed value meant to be sent says so with its default (fieldWidget hides
 * it).
 */
const defaultFormState = {
  constAsDefaults: 'never' as const,
  arrayMinItems: {
    computeSkipPopulate: (_validator: unknown, schema: RJSFSchema) => {
      const items = schema.items as RJSFSchema | undefined
      return items?.type === 'integer' || items?.type === 'number' || items?.type === 'string'
    },
  },
}

type Translate = ReturnType<typeof useTranslation>['t']
type FormSource = ReturnType<typeof useFormSource>
type FormSteps = ReturnType<typeof useFormSteps>

const topField = (property: string | undefined) =>
  String(property ?? '')
    .replace(/^\./, '')
    .split('.')[0] ?? ''

/** rjsf's property of an error (".company.address.city", ".list.0") as a dotted field. */
const fieldPath = (property: string | undefined) =>
  String(property ?? '')
    .replace(/^\./, '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')

/** The optional steps of a long form: the one shown, and moving between them. */
function useFormSteps(props: SchemaFormProps, formRef: RefObject<Form | null>) {
  const [step, setStep] = useState(0)
  const steps = props.steps ?? []
  const stepFields = steps[step]
  const lastStep = steps.length === 0 || step === steps.length - 1
  /** The step holding a field, so a refused field is never left on a step out of sight. */
  const stepOf = (field: string) => steps.findIndex((fields) => fields.includes(field))

  // The server refused a field of an earlier step: show that step with the message.
  useEffect(() => {
    const first = props.serverErrors?.[0]
    if (!first || steps.length === 0) return
    const index = stepOf(first.parameter.split('.')[0] ?? '')
    if (index >= 0) setStep(index)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer moves the form
  }, [props.serverErrors])

  // Next shows the errors of its step's fields (rjsf's own validation, filtered by the
  // error transform).
  const nextStep = () => {
    if (formRef.current?.validateForm()) setStep(step + 1)
  }

  return { steps, step, setStep, stepFields, lastStep, stepOf, nextStep }
}

function useValidator(schema: Schema, isRuntime: boolean) {
  return useMemo(
    () =>
      isRuntime
        ? runtimeValidator
        : createPrecompiledValidator(validatorFunctions as never, schema as RJSFSchema),
    [schema, isRuntime],
  )
}

function useValidateRef(
  validateRef: SchemaFormProps['validateRef'],
  formRef: RefObject<Form | null>,
) {
  useEffect(() => {
    if (!validateRef) return
    validateRef.current = () => formRef.current?.validateForm() ?? true
    return () => {
      validateRef.current = null
    }
  }, [validateRef, formRef])
}

function useUiSchema(
  props: SchemaFormProps,
  { schema, labels, order, meta }: FormSource,
  data: Record<string, Json>,
  { steps, step, stepFields }: FormSteps,
  { conditions, lists }: FormConditions,
  choices: Record<string, Choice[]>,
) {
  const { t } = useTranslation(['forms', 'screens'])
  const taxIds = useTaxIdNames(meta?.taxIds, data, props.outerData)
  const hints = JSON.stringify(taxIds)
  // The fields hidden now: the schema is described again only when they change, not on each
  // keystroke (a new uiSchema draws every field of the form again).
  const hiddenNow = Object.keys(conditions ?? {})
    .filter((name) => !isVisible(name, data, conditions))
    .join()
  return useMemo(() => {
    const hidden = new Set(hiddenNow.split(','))
    const ui: UiSchema = {
      'ui:submitButtonOptions': {
        submitText: props.submitLabel,
        norender: props.embedded === true || (steps.length > 0 && step < steps.length - 1),
      },
      'ui:order': [...order, '*'],
    }
    describeFields(schema, [], ui, {
      t,
      labels,
      labelRoot: meta?.labelRoot ? `${meta.labelRoot}.` : '',
      hidden,
      stepFields,
      runtime: props.runtime,
      operationId: props.operationId,
      choices,
      taxIds: JSON.parse(hints) as typeof taxIds,
      widgets: meta?.widgets,
      lists,
    })
    return ui
    // `hints` stands for taxIds: the names change only when a country does; `hiddenNow` for
    // the data, of which only the hidden fields matter here.
  }, [
    schema,
    labels,
    order,
    meta?.labelRoot,
    meta?.widgets,
    props.operationId,
    props.submitLabel,
    t,
    stepFields,
    steps.length,
    step,
    hiddenNow,
    props.runtime,
    props.embedded,
    choices,
    hints,
    lists,
  ])
}

interface FieldContext {
  t: Translate
  labels: Record<string, string>
  /** The request path an item form's labels start from, with its dot, or ''. */
  labelRoot: string
  /** The dotted fields hidden by their conditions now. */
  hidden: ReadonlySet<string>
  stepFields: string[] | undefined
  runtime: RuntimeForm | undefined
  operationId: string
  choices: Record<string, Choice[]>
  taxIds: ReturnType<typeof useTaxIdNames>
  widgets: Record<string, string> | undefined
  /** The conditions of list items' fields, shown item by item (theme/templates.tsx). */
  lists: ListConditions
}

/** A form's conditions: of its own fields, and of its lists' items' fields. */
interface FormConditions {
  conditions: Record<string, VisibleWhen> | undefined
  lists: ListConditions
}

/** Each field's title, options, widget and visibility, recursively into nested objects. */
function describeFields(node: Schema, path: string[], target: UiSchema, context: FieldContext) {
  const { t, labels, hidden, stepFields, runtime, operationId } = context
  const properties = (node.properties ?? {}) as Record<string, Schema>
  for (const [name, property] of Object.entries(properties)) {
    const dotted = [...path, name].join('.')
    const field: UiSchema = {
      'ui:title':
        runtime?.titles[dotted] ??
        (labels[dotted]
          ? t(labels[dotted]!)
          : labelOf(t, [
              `forms:${operationId}.${context.labelRoot}${dotted}`,
              `forms:fields.${name}`,
            ])),
    }
    const options = property.enum as Json[] | undefined
    if (options) {
      field['ui:enumNames'] = options.map(
        (value) =>
          runtime?.optionTitles?.[dotted]?.[String(value)] ??
          // The operation's own names come first: one field name (statusId) means different
          // statuses in different operations.
          t(
            [
              `forms:${operationId}.options.${dotted}.${String(value)}`,
              `forms:options.${name}.${String(value)}`,
            ],
            {
              defaultValue: String(value),
            },
          ),
      )
    }
    Object.assign(field, fieldWidget(name, dotted, property, context))
    if (stepFields && path.length === 0 && !stepFields.includes(name)) field['ui:widget'] = 'hidden'
    if (hidden.has(dotted)) field['ui:widget'] = 'hidden'
    if (property.type === 'object') describeFields(property, [...path, name], field, context)
    const items = property.items as Schema | undefined
    if (property.type === 'array' && items?.type === 'object')
      field.items = itemFields(items, dotted, context)
    target[name] = field
  }
}

/**
 * The fields of a list's items (taxIds), named through the list (taxIds.countryCode) for their
 * labels and options; the conditions between fields of one item go with them, so each item
 * shows its own (theme/templates.tsx).
 */
function itemFields(items: Schema, list: string, context: FieldContext): UiSchema {
  const ui: UiSchema = {}
  describeFields(items, list.split('.'), ui, context)
  const conditions = context.lists[list]
  ui['ui:options'] = { listItem: true, ...(conditions && { itemConditions: conditions }) }
  return ui
}

/**
 * The first of the keys that holds a text. An operation's labels may hold a nested object's
 * own label and its fields' (company, company.name), so a key that is an object is passed
 * over, where i18next would answer it with a key's name.
 */
function labelOf(t: Translate, keys: string[]): string {
  for (const key of keys) {
    const text: unknown = t(key, { returnObjects: true, defaultValue: '' })
    if (typeof text === 'string' && text !== '') return text
  }
  return t(keys.at(-1)!)
}

/** The widget a field needs beyond its type: a dictionary's options, a hint, a password. */
function fieldWidget(name: string, dotted: string, property: Schema, context: FieldContext) {
  const field: UiSchema = {}
  if (/password/i.test(name)) field['ui:widget'] = 'PasswordWidget'
  if (property.type === 'string' && property.format === 'date-time')
    field['ui:widget'] = 'DateTimeWidget'
  if (property.type === 'string' && !property.format && Number(property.maxLength ?? 0) > 256)
    field['ui:widget'] = 'TextareaWidget'
  // One file of its own (a document and its pages); a list of files keeps rjsf's file list.
  if (property.type === 'string' && property.format === 'data-url')
    field['ui:widget'] = 'DocumentUploadWidget'
  // A value fixed by the schema and given as its default (a phone's type 2, an address's
  // status 1) leaves nothing to choose: sent, not shown. A const without that default (a box
  // that must be ticked) stays.
  if (property.const !== undefined && property.const === property.default)
    field['ui:widget'] = 'hidden'
  // A widget the form names (a question's radio, a one-line answer) over the type's.
  const widget = context.runtime?.widgets?.[dotted] ?? context.widgets?.[dotted]
  if (widget) field['ui:widget'] = widget
  const choices = context.choices[dotted]
  if (choices) {
    field['ui:widget'] = property.type === 'array' ? 'ChoicesWidget' : 'ChoiceWidget'
    field['ui:options'] = {
      choices: choices.map((choice) => ({
        ...choice,
        ...(choice.group !== undefined && {
          group: context.t(`forms:optionGroups.${choice.group}`, { defaultValue: choice.group }),
        }),
      })),
    }
  }
  const taxId = context.taxIds[dotted]
  if (taxId) {
    field['ui:options'] = { ...(field['ui:options'] ?? {}), hint: taxIdHintText(taxId) }
    if (taxId.required) field['ui:options'].requiredHere = true
  }
  return field
}

/** Next checks the fields of its step; the last step's submit checks them all. */
function errorTransform(
  t: Translate,
  data: Record<string, Json>,
  { conditions, lists }: FormConditions,
  { lastStep, stepFields }: FormSteps,
) {
  return (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => lastStep || !stepFields || stepFields.includes(topField(error.property)))
      .filter((error) => isShown(fieldPath(error.property), data, conditions))
      .filter((error) => isShownInItems(fieldPath(error.property), data, lists))
      .map((error) => ({
        ...error,
        message: t(`forms:errors.${error.name}`, {
          ...(error.params as Record<string, unknown>),
          defaultValue: t('forms:errors.invalid'),
        }),
      }))
}

/** rjsf's own strings from i18n, falling back to rjsf's English with its %1 placeholders. */
function rjsfTranslator(t: Translate) {
  return (key: TranslatableString, params?: string[]) =>
    t(`forms:rjsf.${translatableNames[key] ?? 'unknown'}`, {
      defaultValue:
        params?.reduce((text, value, i) => text.replace(`%${i + 1}`, value), String(key)) ?? key,
    })
}
