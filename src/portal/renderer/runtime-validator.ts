// A validator for forms whose schema arrives from the server at run time (the extra
// parameters of a transfer, transferExtraParameterList). The precompiled validators of
// codegen cover only the schemas known at build time, and compiling one in the browser would
// need `new Function`, which the CSP forbids (DESIGN.md section 11). These schemas are flat
// objects of strings, so the keywords they use are checked here directly: required,
// minLength, maxLength, pattern and enum. Errors carry the keyword as `name`, as ajv's do, so
// SchemaForm translates them with the same forms:errors.<keyword> texts.
import {
  toErrorSchema,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils'

type Data = Record<string, unknown>

/** The errors of one flat object of strings against its schema. */
export function flatErrors(schema: RJSFSchema, data: unknown): RJSFValidationError[] {
  const values = (data && typeof data === 'object' ? data : {}) as Data
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>
  const errors: RJSFValidationError[] = []
  const add = (name: string, keyword: string, params: Record<string, unknown>) =>
    errors.push({
      name: keyword,
      property: `.${name}`,
      message: keyword,
      params,
      stack: `.${name} ${keyword}`,
      schemaPath: `#/properties/${name}/${keyword}`,
    })
  for (const name of schema.required ?? []) {
    const value = values[name]
    if (value === undefined || value === null || value === '') {
      add(name, 'required', { missingProperty: name })
    }
  }
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name]
    if (typeof value !== 'string' || value === '') continue
    // Lengths count characters as people see them, not UTF-16 units.
    const length = [...value].length
    if (property.minLength !== undefined && length < property.minLength)
      add(name, 'minLength', { limit: property.minLength })
    if (property.maxLength !== undefined && length > property.maxLength)
      add(name, 'maxLength', { limit: property.maxLength })
    if (property.pattern !== undefined && !safePattern(property.pattern).test(value))
      add(name, 'pattern', { pattern: property.pattern })
    if (property.enum !== undefined && !property.enum.includes(value))
      add(name, 'enum', { allowedValues: property.enum })
  }
  return errors
}

/** A pattern the server sent; one that does not compile refuses every value. */
function safePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return /(?!)/
  }
}

export const runtimeValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    let errors = flatErrors(schema, formData)
    if (transformErrors) errors = transformErrors(errors, uiSchema)
    // SchemaForm passes no customValidate; one given is a programmer error, not a user's.
    if (customValidate) throw new Error('assertion: runtime forms take no customValidate')
    return { errors, errorSchema: toErrorSchema(errors) }
  },
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return flatErrors(schema, formData).length === 0
  },
  rawValidation(schema: RJSFSchema, formData?: unknown) {
    return { errors: flatErrors(schema, formData) as never[] }
  },
}
