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
  type Json,
  type Schema,
  type VisibleWhen,
} from './screens-data.ts'
import { templates } from './theme/templates.tsx'
import { widgets } from './theme/widgets.tsx'
import type { FieldError } from './call-operation.ts'
import { runtimeValidator } from './runtime-validator.ts'

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
  /** Conditional fields (spec/screens): hidden ones lose their value and are not validated. */
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

/** Whether a conditional field is shown for the data as it stands. */
export function isVisible(
  name: string,
  data: Record<string, Json>,
  conditions: Record<string, VisibleWhen> | undefined,
): boolean {
  const condition = conditions?.[name]
  if (!condition) return true
  const value = data[condition.field]
  if (condition.equals !== undefined) return value === condition.equals
  const filled = value !== undefined && value !== null && value !== '' && value !== false
  return condition.filled === false ? !filled : filled
}

/** The data without the values of hidden fields: what is hidden is never sent. */
export function withoutHidden(
  data: Record<string, Json>,
  conditions: Record<string, VisibleWhen> | undefined,
): Record<string, Json> {
  if (!conditions) return data
  return Object.fromEntries(
    Object.entries(data).filter(([name]) => isVisible(name, data, conditions)),
  )
}

/** The bundle's form, or the runtime form when one is given. */
function useFormSource(props: SchemaFormProps): {
  schema: Schema
  labels: Record<string, string>
  order: string[]
} {
  const brand = useBrand()
  if (props.runtime) return { schema: props.runtime.schema, labels: {}, order: props.runtime.order }
  const meta = screensBundle.forms[brand.id]?.[props.formKey]
  const schema = meta ? screensBundle.schemas[meta.schema] : undefined
  if (!meta || !schema)
    throw new Error(`assertion: form ${props.formKey} exists for brand ${brand.id}`)
  return { schema, labels: meta.labels, order: meta.order }
}

export function SchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation(['forms', 'screens'])
  const source = useFormSource(props)
  const [data, setData] = useState<Record<string, Json>>(props.initial ?? {})
  const formRef = useRef<Form>(null)
  const steps = useFormSteps(props, formRef)
  const validator = useValidator(source.schema, props.runtime !== undefined)
  useValidateRef(props.validateRef, formRef)
  const uiSchema = useUiSchema(props, source, data, steps)
  const { step, stepOf, setStep } = steps

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
        formData={data}
        validator={validator}
        templates={templates}
        widgets={widgets}
        showErrorList={false}
        noHtml5Validate
        omitExtraData
        liveOmit="onChange"
        extraErrors={toErrorSchema(props.serverErrors)}
        transformErrors={errorTransform(t, data, props.visibleWhen, steps)}
        translateString={rjsfTranslator(t)}
        disabled={props.busy}
        {...(props.embedded && { tagName: 'div' })}
        onChange={(event) => {
          const next = withoutHidden(
            (event.formData ?? {}) as Record<string, Json>,
            props.visibleWhen,
          )
          setData(next)
          props.onChange?.(next)
        }}
        onError={(errors) => {
          const index = Math.min(
            ...errors.map((error) => stepOf(topField(error.property))).filter((i) => i >= 0),
          )
          if (Number.isFinite(index) && index !== step) setStep(index)
        }}
        onSubmit={(event) =>
          props.onSubmit(
            withoutHidden((event.formData ?? {}) as Record<string, Json>, props.visibleWhen),
          )
        }
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

type Translate = ReturnType<typeof useTranslation>['t']
type FormSource = ReturnType<typeof useFormSource>
type FormSteps = ReturnType<typeof useFormSteps>

const topField = (property: string | undefined) =>
  String(property ?? '')
    .replace(/^\./, '')
    .split('.')[0] ?? ''

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
  { schema, labels, order }: FormSource,
  data: Record<string, Json>,
  { steps, step, stepFields }: FormSteps,
) {
  const { t } = useTranslation(['forms', 'screens'])
  return useMemo(() => {
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
      data,
      stepFields,
      runtime: props.runtime,
      operationId: props.operationId,
      visibleWhen: props.visibleWhen,
    })
    return ui
  }, [
    schema,
    labels,
    order,
    props.operationId,
    props.submitLabel,
    t,
    stepFields,
    steps.length,
    step,
    data,
    props.visibleWhen,
    props.runtime,
    props.embedded,
  ])
}

/** Each field's title, options, widget and visibility, recursively into nested objects. */
function describeFields(
  node: Schema,
  path: string[],
  target: UiSchema,
  context: {
    t: Translate
    labels: Record<string, string>
    data: Record<string, Json>
    stepFields: string[] | undefined
  } & Pick<SchemaFormProps, 'runtime' | 'operationId' | 'visibleWhen'>,
) {
  const { t, labels, data, stepFields, runtime, operationId, visibleWhen } = context
  const properties = (node.properties ?? {}) as Record<string, Schema>
  for (const [name, property] of Object.entries(properties)) {
    const dotted = [...path, name].join('.')
    const field: UiSchema = {
      'ui:title':
        runtime?.titles[dotted] ??
        (labels[dotted]
          ? t(labels[dotted]!)
          : t([`forms:${operationId}.${dotted}`, `forms:fields.${name}`])),
    }
    const options = property.enum as Json[] | undefined
    if (options) {
      field['ui:enumNames'] = options.map(
        (value) =>
          runtime?.optionTitles?.[dotted]?.[String(value)] ??
          t([`forms:options.${name}.${String(value)}`], { defaultValue: String(value) }),
      )
    }
    if (/password/i.test(name)) field['ui:widget'] = 'PasswordWidget'
    if (property.type === 'string' && property.format === 'date-time')
      field['ui:widget'] = 'DateTimeWidget'
    if (property.type === 'string' && Number(property.maxLength ?? 0) > 256)
      field['ui:widget'] = 'TextareaWidget'
    if (stepFields && path.length === 0 && !stepFields.includes(name)) field['ui:widget'] = 'hidden'
    if (path.length === 0 && !isVisible(name, data, visibleWhen)) field['ui:widget'] = 'hidden'
    if (property.type === 'object') describeFields(property, [...path, name], field, context)
    target[name] = field
  }
}

/** Next checks the fields of its step; the last step's submit checks them all. */
function errorTransform(
  t: Translate,
  data: Record<string, Json>,
  visibleWhen: Record<string, VisibleWhen> | undefined,
  { lastStep, stepFields }: FormSteps,
) {
  return (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => lastStep || !stepFields || stepFields.includes(topField(error.property)))
      .filter((error) => isVisible(topField(error.property), data, visibleWhen))
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
