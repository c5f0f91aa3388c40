// Text the database cannot hold is refused at the door. PostgreSQL refuses a NUL character
// in text and jsonb, and jsonb refuses a lone UTF-16 surrogate ("\ud800" is valid JSON but
// no Unicode text); either would end the request in a 500 from deep inside a handler. The
// dispatcher checks every string of a request once, before validation (docs/decisions.md,
// "Hostile input"): body values and keys, multipart text parts and file names, query and
// path parameters. Fields are named as validation-errors.ts names them (`data.name`,
// `rows.3.note`), query and path parameters by their name.
import { refusal, type FieldError, type RefusalKey } from './outcome.ts'

/** At most this many fields are named; one is enough to fix the request. */
const maxNamedFields = 20

/** With the u flag a surrogate pair is one code point, so only lone surrogates match. */
const loneSurrogate = /\p{Surrogate}/u

/** Why a string cannot be stored, or undefined when it can. */
export function textProblem(value: string): TextProblem | undefined {
  if (value.includes('\0')) return 'refusal.request.nulCharacter'
  if (loneSurrogate.test(value)) return 'refusal.request.loneSurrogate'
  return undefined
}

export type TextProblem = 'refusal.request.nulCharacter' | 'refusal.request.loneSurrogate'

/** The same problem, said of a field's name. */
const nameProblem: Record<TextProblem, RefusalKey> = {
  'refusal.request.nulCharacter': 'refusal.request.nameNulCharacter',
  'refusal.request.loneSurrogate': 'refusal.request.nameLoneSurrogate',
}

/** A name safe to echo back: what the caller sent, its unstorable characters replaced. */
function shown(name: string): string {
  return name.replaceAll('\0', '\uFFFD').replace(/\p{Surrogate}/gu, '\uFFFD')
}

interface Pending {
  value: unknown
  /** The key under which the parent holds this value; undefined at the root. */
  key?: string
  parent?: Pending
}

/** The dotted field name of a pending value, built only when it is refused. */
function fieldOf(pending: Pending): string {
  const names: string[] = []
  for (let at: Pending | undefined = pending; at?.key !== undefined; at = at.parent) {
    names.push(at.key)
  }
  return names.reverse().join('.') || 'body'
}

/**
 * Every string in a parsed JSON value (or a multipart body), keys included, that the
 * database cannot hold. The walk keeps its own stack and links each value to its parent: a
 * body of deeply nested arrays must neither overflow the call stack nor copy its path at
 * every level. Bytes (an uploaded file's data) are not text and are skipped.
 */
export function textErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = []
  const stack: Pending[] = [{ value }]
  while (stack.length > 0 && errors.length < maxNamedFields) {
    const pending = stack.pop()!
    const current = pending.value
    if (typeof current === 'string') {
      const problem = textProblem(current)
      if (problem) errors.push(refusal(fieldOf(pending), problem))
      continue
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue
    const children: Pending[] = []
    for (const [key, child] of Object.entries(current)) {
      const problem = textProblem(key)
      const named: Pending = { value: child, key: shown(key), parent: pending }
      if (problem) errors.push(refusal(fieldOf(named), nameProblem[problem]))
      else children.push(named)
    }
    // Reversed onto the stack, so fields are named in the order the request gave them.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!)
  }
  return errors.slice(0, maxNamedFields)
}

/** Query and path parameters by name: a repeated query parameter is checked each time. */
function parameterErrors(parameters: unknown): FieldError[] {
  if (typeof parameters !== 'object' || parameters === null) return []
  const errors: FieldError[] = []
  for (const [name, value] of Object.entries(parameters)) {
    const texts = [name, ...(Array.isArray(value) ? value : [value])].filter(
      (text): text is string => typeof text === 'string',
    )
    const problem = texts.map(textProblem).find((found) => found !== undefined)
    if (problem) errors.push(refusal(shown(name), problem))
  }
  return errors
}

/** Every unstorable string of a request: path, then query, then body. */
export function requestTextErrors(
  request: { params?: unknown; query?: unknown },
  body: unknown,
): FieldError[] {
  return [
    ...parameterErrors(request.params),
    ...parameterErrors(request.query),
    ...textErrors(body),
  ].slice(0, maxNamedFields)
}
