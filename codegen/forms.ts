// Screens and forms (DESIGN.md section 5): reads spec/screens/*.yaml and
// brands/<id>/overlays/*.yaml, checks both against the spec, applies each brand's overlays to
// the forms the screens use, and precompiles one rjsf validator per distinct form schema, so
// the browser never compiles a schema (no 'unsafe-eval' in the CSP).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { hashForSchema } from '@rjsf/utils'
import schemaParser from '@rjsf/utils/lib/parser/schemaParser.js'
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import { formats } from '../src/shared/formats.ts'
import { parseAccess, screenAccessGap } from '../src/shared/access.ts'
import type { ScreenDescription } from '../src/generated/screen.d.ts'
import { brandFolders, fixturesEnabled, loadBrands } from './brands.ts'
import type { Json, JsonObject } from './bundle-spec.ts'
import {
  operationTable,
  requestSchema,
  responseSchema,
  type OperationEntry,
} from './operation-table.ts'
import { propertyPath, flatObject, underRoot } from './form-pick.ts'
import type { RowChoiceSource } from '../src/shared/form-sources.ts'
import {
  finalMeta,
  narrowToBrand,
  wizardForms,
  type WizardForm,
  type WizardFormMeta,
} from './wizard-forms.ts'

export interface Problem {
  file: string
  line: number
  message: string
}

interface Loaded<T> {
  file: string
  doc: Document
  counter: LineCounter
  data: T
}

type Screen = ScreenDescription
type Overlay = { form: string; order?: string[]; fields: Record<string, JsonObject> }

function loadYamlFiles<T>(dir: string, relativeDir: string, problems: Problem[]): Loaded<T>[] {
  if (!existsSync(dir)) return []
  const out: Loaded<T>[] = []
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const file = `${relativeDir}/${name}`
    const counter = new LineCounter()
    const doc = parseDocument(readFileSync(join(dir, name), 'utf8'), { lineCounter: counter })
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        problems.push({ file, line: e.linePos?.[0]?.line ?? 1, message: e.message })
      }
      continue
    }
    out.push({ file, doc, counter, data: doc.toJS() as T })
  }
  return out
}

/** The line of a dotted path (keys and array indexes) in a YAML document. */
export function lineOfPath(loaded: Loaded<unknown>, path: (string | number)[]): number {
  let node: unknown = loaded.doc.contents
  let offset = 0
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (i) => String((i.key as { value?: unknown })?.value) === String(key),
      )
      if (!pair) break
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(key)] as { range?: [number] } | undefined
      if (!item) break
      offset = item.range?.[0] ?? offset
      node = item
    } else break
  }
  return loaded.counter.linePos(offset).line
}

function closest(word: string, candidates: string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i)
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0]!
      row[0] = i
      for (let j = 1; j <= b.length; j++) {
        const current = row[j]!
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.length]!
  }
  return candidates.find((c) => distance(c, word) <= 2)
}

/** How many times a schema that refers to itself is inlined inside itself. */
const selfNesting = 3

/**
 * Inlines every $ref and drops texts: labels and help come from i18n, not from the spec.
 * `inlining` names the component schemas being inlined around this one.
 */
export function formSchema(schema: Json, components: JsonObject, inlining: string[] = []): Json {
  if (Array.isArray(schema)) return schema.map((s) => formSchema(s, components, inlining))
  if (schema === null || typeof schema !== 'object') return schema
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '')
    // A schema that refers to itself (a shareholder's shareholders) is cut where it refers to
    // itself once more, as a whole: what lies below accepts anything. Cut deeper inside it, a
    // rule would lose its parts and refuse everything (not of an emptied anyOf refused every
    // nested shareholder). The server checks the whole tree.
    if (inlining.filter((n) => n === name).length >= selfNesting) return {}
    const { $ref: _r, ...rest } = schema
    return formSchema({ ...(components[name] as JsonObject), ...rest }, components, [
      ...inlining,
      name,
    ])
  }
  const out: JsonObject = {}
  const choice = simpleStringChoice(schema, components, inlining)
  if (choice) return choice
  const narrowed = narrowedEnum(schema, components, inlining)
  if (narrowed) return narrowed
  for (const [key, value] of Object.entries(schema)) {
    if (['title', 'description', 'examples', 'example', '$defs', 'deprecated'].includes(key))
      continue
    if (key.startsWith('x-')) continue
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as JsonObject).map(([k, v]) => [
              k,
              formSchema(v, components, inlining),
            ]),
          )
        : formSchema(value, components, inlining)
  }
  return out
}

/**
 * allOf of an enum and restrictions of it (a range, "not this one"), as the access rights
 * of company access are written: one list of the options a person may choose, so the
 * refused ones (rights 5) are never offered.
 */
function narrowedEnum(
  schema: JsonObject,
  components: JsonObject,
  inlining: string[],
): Json | undefined {
  const parts = schema.allOf
  if (
    !Array.isArray(parts) ||
    Object.keys(schema).some((k) => !['allOf', 'description', 'title'].includes(k))
  )
    return undefined
  const resolved = parts.map((p) => formSchema(p, components, inlining) as JsonObject)
  const base = resolved.find((p) => Array.isArray(p.enum))
  if (!base) return undefined
  let options = base.enum as Json[]
  for (const part of resolved) {
    if (part === base) continue
    const known = Object.keys(part).every((k) => ['type', 'minimum', 'maximum', 'not'].includes(k))
    const not = part.not as JsonObject | undefined
    if (!known || (not && Object.keys(not).some((k) => k !== 'const'))) return undefined
    options = options.filter(
      (value) =>
        (part.minimum === undefined || Number(value) >= Number(part.minimum)) &&
        (part.maximum === undefined || Number(value) <= Number(part.maximum)) &&
        (not === undefined || value !== not.const),
    )
  }
  return { ...base, enum: options }
}

/**
 * anyOf/oneOf of plain strings that differ only by pattern (an IPv4 or an IPv6 address) is
 * one text field to a person: merge it into one string with the patterns as alternatives,
 * so the form shows one input instead of a choice between two.
 */
function simpleStringChoice(
  schema: JsonObject,
  components: JsonObject,
  inlining: string[],
): JsonObject | undefined {
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (!Array.isArray(options) || options.length < 2) return undefined
  const resolved = options.map((o) => formSchema(o, components, inlining) as JsonObject)
  const allowed = new Set(['type', 'pattern', 'minLength', 'maxLength', 'format'])
  const isString = (o: JsonObject) =>
    o.type === 'string' || (o.type === undefined && schema.type === 'string')
  const simple = resolved.every(
    (o) =>
      isString(o) && Object.keys(o).every((k) => allowed.has(k)) && typeof o.pattern === 'string',
  )
  if (!simple) return undefined
  const { anyOf: _a, oneOf: _o, title: _t, description: _d, ...rest } = schema
  const maxLength = Math.max(...resolved.map((o) => Number(o.maxLength ?? 0)))
  return {
    ...(formSchema(rest, components, inlining) as JsonObject),
    type: 'string',
    pattern: resolved.map((o) => `(?:${String(o.pattern)})`).join('|'),
    ...(maxLength > 0 ? { maxLength } : {}),
  }
}

/** The schema of a dotted field, looking into allOf parts (returns the object itself). */
function propertyAt(schema: JsonObject, path: string): JsonObject | undefined {
  let node: JsonObject | undefined = schema
  for (const part of path.split('.')) {
    if (!node) return undefined
    const parts: JsonObject[] = [node, ...((node.allOf as JsonObject[] | undefined) ?? [])]
    node = parts
      .map((p) => (p.properties as JsonObject | undefined)?.[part] as JsonObject | undefined)
      .find((p) => p !== undefined)
  }
  return node
}

function requiredAt(schema: JsonObject, path: string): boolean {
  const parts = path.split('.')
  const last = parts.pop()!
  let parent = parts.length ? propertyPath(schema, parts.join('.')) : schema
  if (parent?.type === 'array') parent = parent.items as JsonObject | undefined
  return parent ? flatObject(parent).required.includes(last) : false
}

/** brand -> form (operationId) -> field path -> the options its overlays hide. */
export type HiddenOptions = Record<string, Record<string, Record<string, (string | number)[]>>>

export interface FormMeta extends WizardFormMeta {
  /** The hash of the final schema: the key of its schema and validator. */
  schema: string
  /** Field -> i18n key chosen by an overlay. */
  labels: Record<string, string>
  order: string[]
  /** Field -> options an overlay hides, also left out of a dictionary's options. */
  hideOptions?: Record<string, Json[]>
  /** Fields whose options come from a list of the row the form was opened for. */
  rowChoices?: Record<string, RowChoiceSource>
}

export interface ScreensBundle {
  screens: Screen[]
  operations: Record<
    string,
    { method: string; path: string; kind: string; paging?: JsonObject; files?: string[] }
  >
  /** brand -> form key -> meta; the form key is `<screenId>.<action>`. */
  forms: Record<string, Record<string, FormMeta>>
  schemas: Record<string, Json>
  /** Response item properties per list, for column formats and enum labels. */
  listItems: Record<string, JsonObject>
}

/** The multipart request schema of an operation, when it takes files. */
function multipartSchema(spec: JsonObject, entry: OperationEntry): JsonObject | undefined {
  const item = (spec.paths as JsonObject)[entry.path] as JsonObject
  const operation = item[entry.method.toLowerCase()] as JsonObject
  const content = (operation.requestBody as JsonObject | undefined)?.content as
    JsonObject | undefined
  if (content?.['application/json']) return undefined
  return (content?.['multipart/form-data'] as JsonObject | undefined)?.schema as
    JsonObject | undefined
}

/** In a form a file is read as a data URL (rjsf's file widget); the portal sends it as a part. */
function filesAsDataUrls(node: Json): Json {
  if (Array.isArray(node)) return node.map(filesAsDataUrls)
  if (node === null || typeof node !== 'object') return node
  if (node.type === 'string' && node.format === 'binary')
    return { type: 'string', format: 'data-url' }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, filesAsDataUrls(v)]))
}

export function buildScreens(
  root: string,
  spec: JsonObject,
  brandIds: string[],
): {
  bundle: ScreensBundle
  validatorsCode: string
  /** The validators of the wizards' forms, loaded with the wizard (src/portal/renderer/wizard). */
  wizardValidatorsCode: string
  hiddenOptions: HiddenOptions
  problems: Problem[]
} {
  const problems: Problem[] = []
  const components = (spec.components as JsonObject).schemas as JsonObject
  const table = new Map(operationTable(spec).map((e) => [e.operationId, e]))
  const ajvCheck = new Ajv2020({ allErrors: true, strict: false })
  const checkScreen = ajvCheck.compile(
    JSON.parse(readFileSync(join(root, 'schemas/screen.schema.json'), 'utf8')),
  )
  const checkOverlay = ajvCheck.compile(
    JSON.parse(readFileSync(join(root, 'schemas/overlay.schema.json'), 'utf8')),
  )
  const report = (loaded: Loaded<unknown>, path: (string | number)[], message: string) =>
    problems.push({ file: loaded.file, line: lineOfPath(loaded, path), message })
  const schemaErrors = (loaded: Loaded<unknown>, errors: ErrorObject[] | null | undefined) => {
    for (const e of errors ?? []) {
      const path = e.instancePath.split('/').slice(1)
      const extra = (e.params as { additionalProperty?: string }).additionalProperty
      if (extra) path.push(extra)
      const where = path.join('.') || 'the file'
      report(
        loaded,
        path,
        extra
          ? `${where}: not a known setting; check its spelling or remove it`
          : `${where}: ${e.message}`,
      )
    }
  }

  const screens = [
    ...loadYamlFiles<Screen>(join(root, 'spec/screens'), 'spec/screens', problems),
    ...(fixturesEnabled()
      ? loadYamlFiles<Screen>(
          join(root, 'test/fixtures/screens'),
          'test/fixtures/screens',
          problems,
        )
      : []),
  ]
  const overlaysByBrand = new Map<string, Loaded<Overlay>[]>()
  const folders = brandFolders(root)
  for (const brand of brandIds) {
    const dir = folders.find((f) => f.id === brand)?.dir ?? 'brands'
    const loaded = loadYamlFiles<Overlay>(
      join(root, dir, brand, 'overlays'),
      `${dir}/${brand}/overlays`,
      problems,
    )
    overlaysByBrand.set(brand, loaded)
  }

  const operation = (
    loaded: Loaded<unknown>,
    path: (string | number)[],
    id: unknown,
  ): OperationEntry | undefined => {
    const entry = table.get(String(id))
    if (!entry) {
      const near = closest(String(id), [...table.keys()])
      report(
        loaded,
        path,
        `unknown operation "${String(id)}"${near ? `; did you mean "${near}"?` : ''}`,
      )
    }
    return entry
  }
  // A GET or DELETE has no body: its query parameters are its form.
  const requestOf = (entry: OperationEntry): JsonObject => {
    const multipart = multipartSchema(spec, entry)
    if (multipart) return formSchema(filesAsDataUrls(multipart), components) as JsonObject
    const body = requestSchema(spec, entry)
    if (body !== undefined) return formSchema(body, components) as JsonObject
    const item = (spec.paths as JsonObject)[entry.path] as JsonObject
    const operation = item[entry.method.toLowerCase()] as JsonObject
    const parameters = (operation.parameters as JsonObject[] | undefined) ?? []
    const query = parameters.filter((p) => p.in === 'query')
    return formSchema(
      {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          query.map((p) => [String(p.name), (p.schema ?? {}) as Json]),
        ),
        required: query.filter((p) => p.required === true).map((p) => String(p.name)),
      },
      components,
    ) as JsonObject
  }

  const bundle: ScreensBundle = {
    screens: [],
    operations: {},
    forms: {},
    schemas: {},
    listItems: {},
  }
  const useOperation = (entry: OperationEntry) => {
    const multipart = multipartSchema(spec, entry)
    const files = Object.entries((multipart?.properties ?? {}) as Record<string, JsonObject>)
      .filter(([, p]) => p.format === 'binary' || (p.items as JsonObject)?.format === 'binary')
      .map(([name]) => name)
    bundle.operations[entry.operationId] = {
      method: entry.method,
      path: entry.path,
      kind: entry.kind,
      ...(entry.paging ? { paging: entry.paging } : {}),
      ...(multipart ? { files } : {}),
    }
  }
  const seenIds = new Set<string>()
  const formsUsed: {
    key: string
    entry: OperationEntry
    only?: string[]
    omit?: string[]
    optional?: boolean
    /** Values the form always sends, not shown: they decide its schema's if (formRules). */
    fixed?: JsonObject
    wizard?: WizardForm
    /** A screen form's options (create, edit, a row action's form, a save). */
    meta?: Pick<FormMeta, 'choices' | 'rowChoices' | 'widgets'>
  }[] = []
  /**
   * A form's `options` as the bundle carries them, each field checked against its request: a
   * dictionary's (choices) or, in a row action's form, a list of the row's (rowChoices).
   */
  const choicesOf = (
    loaded: Loaded<unknown>,
    path: (string | number)[],
    entry: OperationEntry,
    options: JsonObject | undefined,
  ): Pick<FormMeta, 'choices' | 'rowChoices'> => {
    const request = requestOf(entry)
    const out: Pick<FormMeta, 'choices' | 'rowChoices'> = {}
    for (const [field, value] of Object.entries(options ?? {})) {
      const d = value as JsonObject
      if (!propertyPath(request, field)) {
        report(loaded, [...path, 'options', field], `${entry.operationId} takes no "${field}"`)
        continue
      }
      const common = {
        value: String(d.value ?? 'id'),
        label: String(d.label ?? 'name'),
        ...(d.where !== undefined && { where: d.where as JsonObject }),
      }
      if (d.row !== undefined) {
        ;(out.rowChoices ??= {})[field] = { row: String(d.row), ...common }
        continue
      }
      const dictionary = operation(loaded, [...path, 'options', field, 'operation'], d.operation)
      if (dictionary) useOperation(dictionary)
      ;(out.choices ??= {})[field] = {
        operation: String(d.operation),
        items: String(d.items),
        ...common,
        ...(d.group !== undefined && { group: String(d.group) }),
      }
    }
    return out
  }
  const brandSettings = Object.keys(
    JSON.parse(readFileSync(join(root, 'schemas/brand.schema.json'), 'utf8')).properties ?? {},
  )

  const links: { loaded: Loaded<unknown>; path: (string | number)[]; route: string }[] = []

  /**
   * A form of a screen (create, edit, a row action's form, a settings save): its operation, the
   * fields it shows (less from, fixed and omit), its conditions, steps and options checked
   * against the request, and its options' sources carried in the form's meta.
   */
  const formAction = (
    loaded: Loaded<unknown>,
    at: (string | number)[],
    spec_: JsonObject,
    key: string,
  ): { entry: OperationEntry; fields: string[] } | undefined => {
    const entry = operation(loaded, [...at, 'operation'], spec_.operation)
    if (!entry) return undefined
    useOperation(entry)
    const omit = [
      ...((spec_.omit as string[]) ?? []),
      ...Object.keys((spec_.from as JsonObject) ?? {}),
      ...Object.keys((spec_.fixed as JsonObject) ?? {}),
    ]
    // A request that is an entity wrapped in allOf (financialDetailUpdate) has its fields there.
    const request = oneLevel(requestOf(entry))
    const fields = Object.keys((request.properties as JsonObject) ?? {}).filter(
      (name) => !omit.includes(name),
    )
    const noField = (path: (string | number)[], what: string, field: string) => {
      if (shownField(request, fields, omit, field)) return
      const near = closest(field, fields)
      report(
        loaded,
        path,
        `${what}: "${field}" is no field of ${entry.operationId}${near ? `; did you mean "${near}"?` : ''}`,
      )
    }
    const options = (spec_.options ?? {}) as Record<string, JsonObject>
    const meta = choicesOf(loaded, at, entry, options)
    for (const name of Object.keys(options))
      if (omit.some((omitted) => name === omitted || name.startsWith(`${omitted}.`)))
        report(
          loaded,
          [...at, 'options', name],
          `options: "${name}" is not shown in this form (it is in from, fixed or omit)`,
        )
    // A part of a shown field (a controlling person's id) stays in the data, not shown.
    const nested = omit.filter((name) => name.includes('.'))
    for (const name of nested)
      if (!propertyPath(request, name))
        report(loaded, [...at, 'omit'], `omit: ${entry.operationId} has no field "${name}"`)
    const widgets = Object.fromEntries(nested.map((name) => [name, 'hidden']))
    formsUsed.push({
      key,
      entry,
      omit,
      meta: { ...meta, ...(nested.length > 0 && { widgets }) },
      fixed: (spec_.fixed as JsonObject) ?? {},
    })
    const conditions = (spec_.visibleWhen ?? {}) as Record<string, JsonObject>
    for (const [name, condition] of Object.entries(conditions)) {
      noField([...at, 'visibleWhen', name], 'visibleWhen', name)
      noField([...at, 'visibleWhen', name, 'field'], 'visibleWhen', String(condition.field))
      if (condition.option !== undefined && !options[String(condition.field)])
        report(
          loaded,
          [...at, 'visibleWhen', name, 'option'],
          `visibleWhen: "${String(condition.field)}" has no options whose rows "option" could read`,
        )
    }
    const steps = spec_.steps as string[][] | undefined
    if (steps) {
      steps.forEach((step, i) =>
        step.forEach((field, j) => noField([...at, 'steps', i, j], `step ${i + 1}`, field)),
      )
      const missing = fields.filter((field) => !steps.flat().includes(field))
      if (missing.length > 0)
        report(
          loaded,
          [...at, 'steps'],
          `fields in no step would never be shown: add ${missing.join(', ')} to a step`,
        )
    }
    return { entry, fields }
  }

  /**
   * A row action's form (form: true) asks for the request's fields the row does not give
   * (from), less those always sent (fixed) or left out (omit); its options may also come from
   * a list of the row (rowList).
   */
  const rowActionForm = (
    loaded: Loaded<unknown>,
    index: number,
    action: JsonObject,
    key: string,
  ) => {
    const form = formAction(loaded, ['actions', index], action, key)
    if (!form) return
    const { entry, fields } = form
    const request = requestOf(entry)
    const all = Object.keys((request.properties as JsonObject) ?? {})
    // A path parameter ({id} of /tickets/{id}/threads) is filled from the row as well.
    const inPath = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
    Object.keys((action.from as JsonObject | undefined) ?? {}).forEach((field) => {
      if (all.includes(field) || inPath.includes(field) || propertyPath(request, field)) return
      const near = closest(field, all)
      report(
        loaded,
        ['actions', index, 'from', field],
        `${entry.operationId} takes no "${field}"${near ? `; did you mean "${near}"?` : ''}`,
      )
    })
    if (fields.length === 0)
      report(
        loaded,
        ['actions', index, 'form'],
        `every field of ${entry.operationId} comes from the row: the form would be empty`,
      )
  }

  for (const loaded of screens) {
    const screen = loaded.data
    if (!checkScreen(screen)) {
      schemaErrors(loaded, checkScreen.errors)
      continue
    }
    if (seenIds.has(screen.id)) report(loaded, ['id'], `screen id "${screen.id}" is used twice`)
    seenIds.add(screen.id)
    const accessProblem = screenAccessProblem(screen, table)
    if (accessProblem) report(loaded, ['access'], accessProblem)
    if (typeof screen.brandFlag === 'string' && !brandSettings.includes(screen.brandFlag))
      report(loaded, ['brandFlag'], `brand.yaml has no setting "${screen.brandFlag}"`)
    if (screen.kind === 'wizard' || screen.wizard) {
      const forms = wizardForms(screen, {
        report: (path, message) => report(loaded, path, message),
        operation: (path, id) => operation(loaded, path, id),
        useOperation,
        requestOf,
        closest,
        brandSettings,
      })
      for (const wizard of forms) formsUsed.push({ key: wizard.key, entry: wizard.entry, wizard })
    }
    const list = screen.list as JsonObject | undefined
    if (list) {
      const entry = operation(loaded, ['list', 'operation'], list.operation)
      if (entry) {
        useOperation(entry)
        const response = formSchema(
          responseSchema(spec, entry, entry.kind === 'rpc' ? '200' : '200') ?? {},
          components,
        ) as JsonObject
        const merged = mergeAllOf(response)
        const items = propertyAt(merged, String(list.items))
        const itemProps = ((items?.items as JsonObject | undefined)?.properties ?? {}) as JsonObject
        if (!items)
          report(
            loaded,
            ['list', 'items'],
            `the answer of ${entry.operationId} has no field "${String(list.items)}"`,
          )
        bundle.listItems[screen.id] = itemProps
        ;(list.columns as JsonObject[]).forEach((column, index) => {
          // A dotted field reaches into an object of the row (document.statusId).
          if (items && !propertyAt(mergeAllOf({ properties: itemProps }), String(column.field))) {
            const near = closest(String(column.field), Object.keys(itemProps))
            report(
              loaded,
              ['list', 'columns', index, 'field'],
              `rows have no field "${String(column.field)}"${near ? `; did you mean "${near}"?` : ''}`,
            )
          }
        })
        const filters = (list.filters as string[] | undefined) ?? []
        const request = requestOf(entry)
        filters.forEach((field, index) => {
          if (!propertyAt(request, field))
            report(loaded, ['list', 'filters', index], `${entry.operationId} takes no "${field}"`)
        })
        if (filters.length > 0)
          formsUsed.push({
            key: `${screen.id}.filters`,
            entry,
            only: filters,
            omit: [],
            optional: true,
          })
        // The values taken from the address are typed by this form's schema, never shown.
        const query = (list.query as string[] | undefined) ?? []
        query.forEach((field, index) => {
          if (!propertyAt(request, field))
            report(loaded, ['list', 'query', index], `${entry.operationId} takes no "${field}"`)
        })
        if (query.length > 0)
          formsUsed.push({ key: `${screen.id}.query`, entry, only: query, optional: true })
      }
    }
    for (const action of ['create', 'edit'] as const) {
      const spec_ = screen[action] as JsonObject | undefined
      if (spec_) formAction(loaded, [action], spec_, `${screen.id}.${action}`)
    }
    const settings = screen.settings as JsonObject | undefined
    if (settings) {
      const get = operation(loaded, ['settings', 'get'], settings.get)
      if (get) useOperation(get)
      formAction(loaded, ['settings', 'save'], settings.save as JsonObject, `${screen.id}.save`)
    }
    const del = screen.delete as JsonObject | undefined
    if (del) {
      const entry = operation(loaded, ['delete', 'operation'], del.operation)
      if (entry) useOperation(entry)
    }
    ;((screen.actions as JsonObject[] | undefined) ?? []).forEach((action, index) => {
      if (action.link !== undefined) {
        if (action.form === true)
          report(loaded, ['actions', index, 'form'], 'a link opens a screen, not a form')
        links.push({ loaded, path: ['actions', index, 'link'], route: String(action.link) })
        return
      }
      if (action.form === true) {
        rowActionForm(loaded, index, action, `${screen.id}.actions.${String(action.id)}`)
        return
      }
      // An operation called at once sends its fixed values with the row's (decision: confirm).
      for (const part of ['options', 'omit', 'visibleWhen'])
        if (action[part] !== undefined)
          report(loaded, ['actions', index, part], `${part} is a form's: add form: true`)
      const entry = operation(loaded, ['actions', index, 'operation'], action.operation)
      if (entry) useOperation(entry)
    })
    ;((list?.columns as JsonObject[] | undefined) ?? []).forEach((column, index) => {
      const switched = column.toggle as JsonObject | undefined
      if ((column.format === 'switch') !== (switched !== undefined))
        report(loaded, ['list', 'columns', index], 'a switch column has a toggle, and only it')
      if (!switched) return
      const entry = operation(
        loaded,
        ['list', 'columns', index, 'toggle', 'operation'],
        switched.operation,
      )
      if (entry) useOperation(entry)
    })
    const toggle = screen.toggle as JsonObject | undefined
    if (toggle) {
      const entry = operation(loaded, ['toggle', 'operation'], toggle.operation)
      if (entry) useOperation(entry)
    }
    bundle.screens.push(screen)
  }

  const routes = bundle.screens.map((screen) => String(screen.route))
  for (const loaded of screens) {
    const page = loaded.data
    if (page.kind !== 'page' && page.panels === undefined && page.continueTo === undefined) continue
    if (page.continueTo !== undefined)
      links.push({ loaded, path: ['continueTo'], route: page.continueTo })
    if (page.kind !== 'page' || (!page.panels && page.continueTo === undefined)) {
      report(
        loaded,
        ['kind'],
        'a screen with panels or continueTo is kind: page, and a page lists its panels or leads on (continueTo)',
      )
      continue
    }
    ;(page.panels ?? []).forEach((item, index) => {
      const id = typeof item === 'string' ? item : item.id
      const panel = bundle.screens.find((screen) => screen.id === id)
      if (!panel) {
        const near = closest(
          id,
          bundle.screens.map((screen) => screen.id),
        )
        report(
          loaded,
          ['panels', index],
          `no screen "${id}"${near ? `; did you mean "${near}"?` : ''}`,
        )
        return
      }
      if (panel.kind !== 'resource' && panel.kind !== 'settings') {
        report(
          loaded,
          ['panels', index],
          `panel "${id}" is a ${panel.kind}; a panel is a resource or settings screen`,
        )
        return
      }
      if (panel.actsFor !== undefined && panel.actsFor !== page.actsFor)
        report(
          loaded,
          ['panels', index],
          `panel "${id}" acts for the customer of "${panel.actsFor}": give the page actsFor: ${panel.actsFor}`,
        )
      // A panel shown only to whom it admits (ifAdmitted) may admit fewer than the page.
      const gap =
        typeof item === 'string' &&
        screenAccessGap(parseAccess(page.access)!, parseAccess(panel.access)!)
      if (gap)
        report(
          loaded,
          ['access'],
          `access: "${page.access}" lets in people panel "${id}" (access ${panel.access}) refuses: ${gap}`,
        )
    })
  }
  for (const { loaded, path, route } of links) {
    if (routes.includes(route)) continue
    const near = closest(route, routes)
    report(
      loaded,
      path,
      `no screen has the route "${route}"${near ? `; did you mean "${near}"?` : ''}`,
    )
  }

  // Overlays: checked against the form they name, for every form of the spec. The options
  // they hide are also what the server refuses for the brand (hiddenOptions).
  const hiddenOptions: HiddenOptions = {}
  for (const [brand, overlays] of overlaysByBrand) {
    for (const loaded of overlays) {
      const overlay = loaded.data
      if (!checkOverlay(overlay)) {
        schemaErrors(loaded, checkOverlay.errors)
        continue
      }
      const entry = table.get(overlay.form)
      if (!entry || requestSchema(spec, entry) === undefined) {
        const near = closest(overlay.form, [...table.keys()])
        report(
          loaded,
          ['form'],
          `unknown form "${overlay.form}"${near ? `; did you mean "${near}"?` : ''} (a form is named by its operationId)`,
        )
        continue
      }
      const request = requestOf(entry)
      for (const [field, change] of Object.entries(overlay.fields)) {
        const property = propertyPath(request, field)
        if (!property) {
          const parentPath = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : ''
          const parentNode = parentPath ? propertyPath(request, parentPath) : request
          const parent =
            parentNode?.type === 'array' ? (parentNode.items as JsonObject) : parentNode
          const near = closest(
            field.split('.').pop()!,
            Object.keys((parent?.properties as JsonObject) ?? {}),
          )
          report(
            loaded,
            ['fields', field],
            `${overlay.form} has no field "${field}"${near ? `; did you mean "${near}"?` : ''}`,
          )
          continue
        }
        if (change.hidden === true && requiredAt(request, field) && change.default === undefined) {
          report(
            loaded,
            ['fields', field, 'hidden'],
            `"${field}" is required by ${overlay.form}: give it a default or do not hide it`,
          )
        }
        const options = (property.enum ?? (property.items as JsonObject | undefined)?.enum) as
          Json[] | undefined
        if (change.hideOptions) {
          const forms = (hiddenOptions[brand] ??= {})
          ;(forms[overlay.form] ??= {})[field] = change.hideOptions as (string | number)[]
        }
        ;((change.hideOptions as Json[] | undefined) ?? []).forEach((option, index) => {
          // A field whose options come from a dictionary has no enum: the hidden values are
          // refused (and left out of the dictionary's list) instead.
          const fitsType =
            (property.type === 'integer' && Number.isInteger(option)) ||
            (property.type === 'string' && typeof option === 'string')
          if (!options && fitsType) return
          if (!options?.includes(option)) {
            const near = options ? closest(String(option), options.map(String)) : undefined
            report(
              loaded,
              ['fields', field, 'hideOptions', index],
              options
                ? `"${String(option)}" is not an option of ${field}${near ? `; did you mean "${near}"?` : `; options: ${options.join(', ')}`}`
                : `${field} has no options to hide`,
            )
          }
        })
        if (typeof change.label === 'string') {
          const [ns, key] = change.label.split(':') as [string, string]
          const enFile = join(root, 'locales/en', `${ns}.json`)
          const texts = existsSync(enFile) ? JSON.parse(readFileSync(enFile, 'utf8')) : {}
          if (
            key
              .split('.')
              .reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], texts) ===
            undefined
          ) {
            report(
              loaded,
              ['fields', field, 'label'],
              `the key ${change.label} is missing: add it to locales/<lang>/${ns}.json`,
            )
          }
        }
      }
    }
  }

  // Final form schemas per brand, and their precompiled validators.
  // The wizards' validators are a module of their own, loaded with the wizard's chunk: their
  // forms (a registration's shareholder tree, persons and companies) are five times the size
  // of every other screen's together, which need not carry them.
  const newAjv = () => {
    const instance = new Ajv2020({
      allErrors: true,
      strict: false,
      code: { source: true, formats: _`require("formats")` },
    })
    for (const [name, format] of Object.entries(formats)) instance.addFormat(name, format)
    return instance
  }
  const ajv = newAjv()
  const wizardAjv = newAjv()
  const brandsData = loadBrands(root).brands
  for (const brand of brandIds) {
    bundle.forms[brand] = {}
    const overlays = (overlaysByBrand.get(brand) ?? []).map((l) => l.data)
    const brandData = brandsData.find((b) => String(b.id) === brand) ?? {}
    for (const form of formsUsed) {
      const request = requestOf(form.entry)
      const base = form.wizard
        ? form.wizard.build(request)
        : restrict(
            formRules(oneLevel(request), form.omit ?? [], form.fixed ?? {}),
            form.only,
            form.omit ?? [],
            form.optional === true,
          )
      const found = overlays.find((o) => o.form === form.entry.operationId)
      const overlay = form.wizard && found ? rerooted(found, form.wizard.root) : found
      const { schema, labels, order, hideOptions } = applyOverlay(base, overlay)
      if (form.wizard) narrowToBrand(schema, form.wizard.brandOptions, brandData)
      const hash = hashForSchema(schema as never)
      bundle.schemas[hash] = schema
      bundle.forms[brand]![form.key] = {
        schema: hash,
        labels,
        order,
        ...(Object.keys(hideOptions).length > 0 && { hideOptions }),
        ...form.meta,
        ...(form.wizard && finalMeta(schema, form.wizard.meta)),
      }
      const target = form.wizard ? wizardAjv : ajv
      for (const [id, sub] of Object.entries(
        schemaParser(schema as never) as Record<string, JsonObject>,
      )) {
        if (!target.getSchema(id)) target.addSchema(sub, id)
      }
    }
  }
  const validatorsCode = cjsToEsm(standaloneCode(ajv))
  const wizardValidatorsCode = cjsToEsm(standaloneCode(wizardAjv))
  return { bundle, validatorsCode, wizardValidatorsCode, hiddenOptions, problems }
}

/**
 * The screen's access against the x-access of the operation that fills it (its list, or its
 * settings' get): the screen must admit no one that operation would refuse, or the menu would
 * offer a page that only shows a refusal (spec/README.md, Screens). Writes may need more: a
 * read-only user sees the list and is refused the change.
 */
export function screenAccessProblem(
  screen: Screen,
  table: ReadonlyMap<string, OperationEntry>,
): string | undefined {
  const access = parseAccess(screen.access)
  if (!access) return `access: "${screen.access}" is not public, user, admin or rights:N[,N]`
  const operationId = screen.list?.operation ?? screen.settings?.get
  const entry = operationId === undefined ? undefined : table.get(operationId)
  if (!entry) return undefined
  const gap = screenAccessGap(access, parseAccess(entry.access)!)
  if (!gap) return undefined
  return `access: "${screen.access}" lets in people ${entry.operationId} (x-access ${entry.access}) refuses: ${gap}`
}

function mergeAllOf(schema: JsonObject): JsonObject {
  const parts = (schema.allOf as JsonObject[] | undefined) ?? []
  let properties = { ...((schema.properties as JsonObject) ?? {}) }
  for (const part of parts)
    properties = { ...properties, ...((mergeAllOf(part).properties as JsonObject) ?? {}) }
  return { ...schema, properties }
}

/**
 * The request's rules over which fields are required, as a form that leaves some fields out
 * and always sends others sees them: an if the fixed values decide gives its then's required
 * fields (a rejection's reason when decision is fixed to reject); an anyOf of required fields
 * loses the alternatives that name a field not shown, and one alternative left is simply
 * required (a reassignment to a document type). A person is never offered a choice between
 * alternatives that only say what is required.
 */
export function formRules(schema: JsonObject, omit: string[], fixed: JsonObject): JsonObject {
  const out = { ...schema }
  const required = new Set((schema.required as string[] | undefined) ?? [])
  const condition = schema.if as JsonObject | undefined
  const decided = condition && fixedDecides(condition, fixed)
  if (decided !== undefined) {
    const branch = (decided ? schema.then : schema.else) as JsonObject | undefined
    for (const name of (branch?.required as string[] | undefined) ?? []) required.add(name)
    delete out.if
    delete out.then
    delete out.else
  }
  const alternatives = schema.anyOf as JsonObject[] | undefined
  if (alternatives?.every((a) => Object.keys(a).every((k) => k === 'required'))) {
    const shown = alternatives.filter((a) =>
      (a.required as string[]).every((name) => !omit.includes(name) || name in fixed),
    )
    if (shown.length === 1) {
      for (const name of shown[0]!.required as string[]) required.add(name)
      delete out.anyOf
    } else if (shown.length > 1) out.anyOf = shown
  }
  if (required.size > 0) out.required = [...required]
  return out
}

/**
 * A request that wraps an entity in allOf (financialDetailUpdate) as one object, its parts'
 * fields and required ones merged, so that a form shows and checks them as its own.
 */
function oneLevel(schema: JsonObject): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema
  const flat = flatObject(schema)
  const { allOf: _a, ...rest } = schema
  return {
    ...rest,
    properties: flat.properties,
    ...(flat.required.length > 0 && { required: flat.required }),
    ...(flat.rules.length > 0 && { allOf: flat.rules }),
  }
}

/** Whether fixed values alone decide an if of required fields and consts; undefined if not. */
function fixedDecides(condition: JsonObject, fixed: JsonObject): boolean | undefined {
  const names = (condition.required as string[] | undefined) ?? []
  const consts = Object.entries((condition.properties as JsonObject | undefined) ?? {})
  const known = Object.keys(condition).every((k) => k === 'required' || k === 'properties')
  const named = [...names, ...consts.map(([name]) => name)]
  if (!known || named.length === 0 || !named.every((name) => name in fixed)) return undefined
  const onlyConsts = consts.every(([, rule]) => {
    const keys = Object.keys(rule as JsonObject)
    return keys.length === 1 && keys[0] === 'const'
  })
  if (!onlyConsts) return undefined
  return consts.every(([name, rule]) => (rule as JsonObject).const === fixed[name])
}

export function restrict(
  schema: JsonObject,
  only: string[] | undefined,
  omit: string[],
  optional: boolean,
): JsonObject {
  const properties = { ...((schema.properties as JsonObject) ?? {}) }
  for (const key of Object.keys(properties)) {
    if ((only && !only.includes(key)) || omit.includes(key)) delete properties[key]
  }
  // A dotted name leaves out a part of an object (data.representativeId of a multipart data).
  for (const [key, inner] of Object.entries(nestedNames(omit))) {
    const property = properties[key] as JsonObject | undefined
    if (property?.type === 'object') properties[key] = restrict(property, undefined, inner, false)
  }
  const required = optional
    ? []
    : ((schema.required as string[]) ?? []).filter((k) => k in properties)
  const { required: _r, ...rest } = schema
  return { ...rest, properties, ...(required.length ? { required } : {}) }
}

/** The dotted names under each head: ["data.a", "data.b.c", "x"] -> { data: ["a", "b.c"] }. */
function nestedNames(names: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const name of names) {
    const dot = name.indexOf('.')
    if (dot > 0) (out[name.slice(0, dot)] ??= []).push(name.slice(dot + 1))
  }
  return out
}

/**
 * Whether a form shows a field: one of its fields, or a part of one (data.documentTypeId)
 * that the request has and the form does not leave out.
 */
export function shownField(
  request: JsonObject,
  fields: string[],
  omit: string[],
  field: string,
): boolean {
  if (fields.includes(field)) return true
  if (!field.includes('.') || !fields.includes(field.split('.')[0]!)) return false
  const left = omit.some((name) => field === name || field.startsWith(`${name}.`))
  return !left && propertyPath(request, field) !== undefined
}

/** An overlay of a request as seen by the form of one of its lists' items. */
function rerooted(overlay: Overlay, root: string): Overlay {
  if (root === '') return overlay
  const prefix = `${root}.`
  return {
    form: overlay.form,
    fields: underRoot(overlay.fields, root),
    order: (overlay.order ?? [])
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length)),
  }
}

function applyOverlay(
  schema: JsonObject,
  overlay: Overlay | undefined,
): {
  schema: JsonObject
  labels: Record<string, string>
  order: string[]
  hideOptions: Record<string, Json[]>
} {
  if (!overlay) return { schema, labels: {}, order: [], hideOptions: {} }
  const copy = structuredClone(schema) as JsonObject
  const labels: Record<string, string> = {}
  const hideOptions: Record<string, Json[]> = {}
  for (const [field, change] of Object.entries(overlay.fields)) {
    const parts = field.split('.')
    const last = parts.pop()!
    const container = parts.length ? propertyAt(copy, parts.join('.')) : copy
    const parent = [container, ...((container?.allOf as JsonObject[] | undefined) ?? [])].find(
      (p) => (p?.properties as JsonObject | undefined)?.[last] !== undefined,
    )
    const props = parent?.properties as JsonObject | undefined
    const property = props?.[last] as JsonObject | undefined
    if (!parent || !props || !property) continue
    if (change.hidden === true) {
      delete props[last]
      parent.required = ((parent.required as string[]) ?? []).filter((k) => k !== last)
      continue
    }
    const hide = (change.hideOptions as Json[] | undefined) ?? []
    if (hide.length) hideOptions[field] = hide
    if (hide.length && Array.isArray(property.enum))
      property.enum = property.enum.filter((v) => !hide.includes(v))
    else if (hide.length && !property.items) property.not = { enum: hide }
    const items = property.items as JsonObject | undefined
    if (hide.length && items && Array.isArray(items.enum))
      items.enum = items.enum.filter((v) => !hide.includes(v))
    if (change.default !== undefined) property.default = change.default as Json
    Object.assign(property, (change.constraints as JsonObject | undefined) ?? {})
    if (typeof change.label === 'string') labels[field] = change.label
  }
  return { schema: copy, labels, order: overlay.order ?? [], hideOptions }
}

/** ajv's CommonJS standalone output as an ES module with our runtime imports. */
function cjsToEsm(code: string): string {
  const replaced = code
    .replace(/^"use strict";/, '')
    .split('require("formats")')
    .join('formats')
    .split('require("ajv/dist/runtime/ucs2length").default')
    .join('ucs2length')
    .split('require("ajv/dist/runtime/equal").default')
    .join('equal')
  const left = /require\("[^"]+"\)/.exec(replaced)
  if (left) throw new Error(`form validators: no ES replacement for ${left[0]}`)
  return [
    '// Generated by codegen/forms.ts from spec/screens and brand overlays. Do not edit.',
    "import { formats } from '../shared/formats.ts'",
    "import { ucs2length, equal } from './ajv-runtime.js'",
    'const exports = {}',
    replaced,
    'export default exports',
    '',
  ].join('\n')
}
