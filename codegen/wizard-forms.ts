// Wizard screens (kind: wizard, schemas/screen.schema.json): checks a wizard's description
// against its operation's request (every field it names exists, its dictionaries and the
// operations it calls are known, every required field has a section) and lists the forms it
// needs: one per section, plus one per item form (personForm over personList). forms.ts
// applies each brand's overlays to them like to any other form; an item form takes the
// overlay's fields under its list (personList.email -> email).
import type { Json, JsonObject } from './bundle-spec.ts'
import type { OperationEntry } from './operation-table.ts'
import type { ScreenDescription } from '../src/generated/screen.d.ts'
import type { ChoiceSource, TaxIdHint } from '../src/shared/form-sources.ts'
import {
  derivedConditions,
  questionWidgets,
  pickFields,
  pickItem,
  propertyPath,
  underRoot,
  withinFields,
  type Condition,
} from './form-pick.ts'

type Wizard = NonNullable<ScreenDescription['wizard']>
type Section = Wizard['sections'][number]
type Path = (string | number)[]

/** What a wizard's form adds to a form's meta in the bundle. */
export interface WizardFormMeta {
  /** The request path of the form's root (personList for an item form); labels start there. */
  labelRoot?: string
  choices?: Record<string, ChoiceSource>
  taxIds?: TaxIdHint[]
  visibleWhen?: Record<string, Condition>
  /** Fields shown with another widget of the theme than their type's (yes-or-no questions). */
  widgets?: Record<string, string>
}

export interface WizardForm {
  key: string
  entry: OperationEntry
  build(request: JsonObject): JsonObject
  /** The request path the form stands for: '' for a section, the list for an item form. */
  root: string
  meta: WizardFormMeta
  /** Fields (from the form's root) whose options are limited to a list in brand.yaml. */
  brandOptions: Record<string, string>
}

export interface WizardContext {
  report(path: Path, message: string): void
  operation(path: Path, id: unknown): OperationEntry | undefined
  useOperation(entry: OperationEntry): void
  requestOf(entry: OperationEntry): JsonObject
  closest(word: string, candidates: string[]): string | undefined
  /** The settings brand.yaml may hold (schemas/brand.schema.json). */
  brandSettings: string[]
}

/** The request fields a section checks: its form, its hub's field and its widget's fields. */
export function sectionFields(section: Section): string[] {
  return [
    ...(section.form ?? []),
    ...(section.hub ? [section.hub.field] : []),
    ...(section.fields ?? []),
  ]
}

export function wizardForms(screen: ScreenDescription, ctx: WizardContext): WizardForm[] {
  const wizard = screen.wizard
  if (!wizard) {
    ctx.report(['kind'], 'a wizard screen needs its wizard: operation, draft and sections')
    return []
  }
  if (screen.access !== 'public')
    ctx.report(['access'], 'a wizard is for people not signed in yet: set access to public')
  const entry = ctx.operation(['wizard', 'operation'], wizard.operation)
  if (!entry) return []
  ctx.useOperation(entry)
  if (entry.access !== 'public')
    ctx.report(
      ['wizard', 'operation'],
      `${entry.operationId} is not public (x-access ${entry.access})`,
    )
  const request = ctx.requestOf(entry)
  checkWizard(wizard, request, ctx)
  return [
    ...wizard.sections.flatMap((section) => sectionForms(screen.id, wizard, section, entry)),
    ...Object.entries(wizard.items ?? {}).map(([name, item]) => ({
      key: `${screen.id}.${name}`,
      entry,
      build: (schema: JsonObject) => pickItem(schema, item.field, item.omit ?? []),
      root: item.field,
      meta: {
        labelRoot: item.field,
        ...bindings(wizard, (path) => path.startsWith(`${item.field}.`), item.field),
        visibleWhen: underRoot(item.visibleWhen ?? {}, ''),
      },
      brandOptions: underRoot(wizard.brandOptions ?? {}, item.field),
    })),
  ]
}

function sectionForms(
  screenId: string,
  wizard: Wizard,
  section: Section,
  entry: OperationEntry,
): WizardForm[] {
  const form = (key: string, fields: string[]): WizardForm => ({
    key,
    entry,
    build: (schema) => pickFields(schema, fields, section.omit ?? []),
    root: '',
    meta: {
      ...bindings(wizard, (path) => withinFields(path, fields), ''),
      visibleWhen: { ...(section.visibleWhen ?? {}) },
    },
    brandOptions: Object.fromEntries(
      Object.entries(wizard.brandOptions ?? {}).filter(([path]) => withinFields(path, fields)),
    ),
  })
  const all = form(`${screenId}.${section.id}`, sectionFields(section))
  // A hub or widget with a form of its own: the form shows only its fields.
  const shown = section.form && (section.hub || section.widget)
  return shown ? [all, form(`${screenId}.${section.id}.form`, section.form!)] : [all]
}

/** The options and tax-id hints of the fields a form holds, named from its root. */
function bindings(
  wizard: Wizard,
  holds: (path: string) => boolean,
  root: string,
): Pick<WizardFormMeta, 'choices' | 'taxIds'> {
  const dictionaries = wizard.dictionaries ?? {}
  const source = (name: string): ChoiceSource => {
    const d = dictionaries[name]!
    return {
      operation: d.operation,
      items: d.items,
      value: d.value ?? 'id',
      label: d.label ?? 'name',
      ...(d.group !== undefined && { group: d.group }),
      ...(d.where !== undefined && { where: d.where }),
    }
  }
  const strip = (path: string) => (root === '' ? path : path.slice(root.length + 1))
  const choices = Object.entries(wizard.options ?? {})
    .filter(([path, name]) => holds(path) && dictionaries[name])
    .map(([path, name]) => [strip(path), source(name)] as const)
  const taxIds = (wizard.taxIds ?? [])
    // A section's tax id may be named after a country another section asks (the personal
    // wizard's residence); an item's country is the item's own (a person's address).
    .filter(
      (hint) =>
        holds(hint.field) && (root === '' || holds(hint.country)) && dictionaries[hint.dictionary],
    )
    .map((hint) => ({
      field: strip(hint.field),
      country: strip(hint.country),
      kind: hint.kind,
      source: source(hint.dictionary),
    }))
  return {
    ...(choices.length > 0 && { choices: Object.fromEntries(choices) }),
    ...(taxIds.length > 0 && { taxIds }),
  }
}

/** What the final form schema adds to the meta: the conditions its if/then give, its widgets. */
export function finalMeta(schema: JsonObject, meta: WizardFormMeta): WizardFormMeta {
  const widgets = questionWidgets(schema)
  return {
    ...meta,
    visibleWhen: { ...derivedConditions(schema), ...(meta.visibleWhen ?? {}) },
    ...(Object.keys(widgets).length > 0 && { widgets }),
  }
}

/** Every field, dictionary and operation the description names, reported where it stands. */
function checkWizard(wizard: Wizard, request: JsonObject, ctx: WizardContext): void {
  const field = (path: Path, name: string) => {
    if (propertyPath(request, name)) return
    const parent = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : ''
    const siblings = parent ? propertyPath(request, parent) : request
    const props = (siblings?.type === 'array' ? (siblings.items as JsonObject) : siblings)
      ?.properties as JsonObject | undefined
    const near = ctx.closest(name.split('.').pop()!, Object.keys(props ?? {}))
    ctx.report(path, `the request has no field "${name}"${near ? `; did you mean "${near}"?` : ''}`)
  }
  const conditions = (path: Path, map: Record<string, Condition> | undefined, prefix = '') => {
    for (const [name, condition] of Object.entries(map ?? {})) {
      field([...path, name], `${prefix}${name}`)
      field([...path, name, 'field'], `${prefix}${condition.field}`)
    }
  }
  checkSections(wizard, ctx, field, conditions)
  checkBindings(wizard, ctx, field)
  checkCoverage(wizard, request, ctx)
}

function checkSections(
  wizard: Wizard,
  ctx: WizardContext,
  field: (path: Path, name: string) => void,
  conditions: (path: Path, map: Record<string, Condition> | undefined, prefix?: string) => void,
): void {
  const ids = new Set<string>()
  wizard.sections.forEach((section, index) => {
    const at: Path = ['wizard', 'sections', index]
    if (ids.has(section.id)) ctx.report([...at, 'id'], `section id "${section.id}" is used twice`)
    ids.add(section.id)
    const kinds = [section.hub, section.widget].filter((kind) => kind !== undefined).length
    if (kinds > 1 || (kinds === 0 && !section.form))
      ctx.report(at, 'a section is a form, a hub or a widget: give it one of form, hub or widget')
    if (section.widget && !section.fields?.length)
      ctx.report([...at, 'widget'], 'name the request fields the widget edits in fields')
    section.form?.forEach((name, i) => field([...at, 'form', i], name))
    section.omit?.forEach((name, i) => field([...at, 'omit', i], name))
    section.fields?.forEach((name, i) => field([...at, 'fields', i], name))
    if (section.hub) {
      field([...at, 'hub', 'field'], section.hub.field)
      if (!wizard.items?.[section.hub.item])
        ctx.report([...at, 'hub', 'item'], `no item form "${section.hub.item}" in items`)
      if (section.hub.rights)
        field([...at, 'hub', 'rights'], `${section.hub.field}.${section.hub.rights}`)
    }
    if (section.questions) {
      field([...at, 'questions', 'field'], section.questions.field)
      if (!wizard.dictionaries?.[section.questions.dictionary])
        ctx.report([...at, 'questions', 'dictionary'], 'no such dictionary in dictionaries')
    }
    conditions([...at, 'visibleWhen'], section.visibleWhen)
  })
  for (const [name, item] of Object.entries(wizard.items ?? {})) {
    field(['wizard', 'items', name, 'field'], item.field)
    item.omit?.forEach((omit, i) =>
      field(['wizard', 'items', name, 'omit', i], `${item.field}.${omit}`),
    )
    conditions(['wizard', 'items', name, 'visibleWhen'], item.visibleWhen, `${item.field}.`)
  }
}

function checkBindings(
  wizard: Wizard,
  ctx: WizardContext,
  field: (path: Path, name: string) => void,
): void {
  const dictionaries = wizard.dictionaries ?? {}
  for (const [name, dictionary] of Object.entries(dictionaries)) {
    const entry = ctx.operation(['wizard', 'dictionaries', name, 'operation'], dictionary.operation)
    if (entry) ctx.useOperation(entry)
  }
  const dictionary = (path: Path, name: string) => {
    if (dictionaries[name]) return
    const near = ctx.closest(name, Object.keys(dictionaries))
    ctx.report(
      path,
      `no dictionary "${name}" in dictionaries${near ? `; did you mean "${near}"?` : ''}`,
    )
  }
  for (const [path, name] of Object.entries(wizard.options ?? {})) {
    field(['wizard', 'options', path], path)
    dictionary(['wizard', 'options', path], name)
  }
  wizard.taxIds?.forEach((hint, i) => {
    field(['wizard', 'taxIds', i, 'field'], hint.field)
    field(['wizard', 'taxIds', i, 'country'], hint.country)
    dictionary(['wizard', 'taxIds', i, 'dictionary'], hint.dictionary)
  })
  for (const [path, setting] of Object.entries(wizard.brandOptions ?? {})) {
    field(['wizard', 'brandOptions', path], path)
    if (!ctx.brandSettings.includes(setting))
      ctx.report(['wizard', 'brandOptions', path], `brand.yaml has no setting "${setting}"`)
  }
  if (wizard.brandFlag && !ctx.brandSettings.includes(wizard.brandFlag))
    ctx.report(['wizard', 'brandFlag'], `brand.yaml has no setting "${wizard.brandFlag}"`)
  for (const [key, part] of [
    ['emailCheck', wizard.emailCheck],
    ['captcha', wizard.captcha],
  ] as const) {
    if (!part) continue
    const entry = ctx.operation(['wizard', key, 'operation'], part.operation)
    if (entry) ctx.useOperation(entry)
  }
  if (wizard.captcha) field(['wizard', 'captcha', 'field'], wizard.captcha.field)
  wizard.emailCheck?.fields.forEach((name, i) => field(['wizard', 'emailCheck', 'fields', i], name))
  if (wizard.emailCheck?.when)
    field(['wizard', 'emailCheck', 'when', 'field'], wizard.emailCheck.when.field)
}

/** A required request field no section fills would make every submit fail. */
function checkCoverage(wizard: Wizard, request: JsonObject, ctx: WizardContext): void {
  const filled = [
    ...wizard.sections.flatMap(sectionFields),
    ...Object.values(wizard.items ?? {}).map((item) => item.field),
    ...(wizard.captcha ? [wizard.captcha.field] : []),
  ]
  const required = (request.required as string[] | undefined) ?? []
  for (const name of required) {
    if (!filled.some((path) => path === name || path.startsWith(`${name}.`)))
      ctx.report(['wizard', 'sections'], `the request's required field "${name}" is in no section`)
  }
}

/** Limits a field's options to a brand's list (registrationType to registrationPersonalTypes). */
export function narrowToBrand(
  schema: JsonObject,
  brandOptions: Record<string, string>,
  brand: Record<string, unknown>,
): void {
  for (const [path, setting] of Object.entries(brandOptions)) {
    const property = propertyPath(schema, path)
    const allowed = brand[setting]
    if (!property || !Array.isArray(property.enum) || !Array.isArray(allowed)) continue
    property.enum = (property.enum as Json[]).filter((value) => allowed.includes(value))
  }
}
