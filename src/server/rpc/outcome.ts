// What a handler returns: an HTTP status and a body. Expected failures are values with a
// response code from the catalogue (STYLE.md habit 3); only programmer errors throw.
//
// A success is typed by its operation's response in the spec (generated/api.d.ts), so a
// field the spec lacks or a field of the wrong type fails `npm run typecheck`. The helpers
// take the operation from the handler's declared return type (Handler<Op>), not from their
// argument: a type inferred from the literal would accept any extra field structurally.
import { ResponseCode } from '../../generated/constants.ts'
import type { operations } from '../../generated/api.d.ts'
import {
  defaultLang,
  localeOf,
  renderMessage,
  type Lang,
  type MessageKey,
} from '../messages/messages.ts'

export type OperationId = keyof operations

/** Any answer, as the dispatcher sends it. */
export interface Outcome {
  status: number
  /** JSON, or the bytes of a file answer (fileReply). */
  body: unknown
  /** Extra response headers (a file's type and content-disposition). */
  headers?: Record<string, string>
}

type Responses<Op extends OperationId> = operations[Op]['responses']

/** The HTTP statuses the spec declares for an operation. */
export type StatusOf<Op extends OperationId> = Extract<keyof Responses<Op>, number>

type BodyOfContent<Content> =
  | (Content extends { 'application/json': infer Json } ? Json : never)
  | (Exclude<keyof Content, 'application/json'> extends never ? never : Uint8Array)

/** The body the spec declares for Op at a status: JSON, bytes for a file, none for 204. */
export type ResponseOf<
  Op extends OperationId,
  Status extends StatusOf<Op> = 200 & StatusOf<Op>,
> = Responses<Op>[Status] extends { content: infer Content } ? BodyOfContent<Content> : undefined

/** Exists only in the type: no value carries it (see Answer). */
declare const answerOf: unique symbol

/**
 * An answer the spec declares for Op, made by rpcOk, reply or fileReply. The brand exists
 * only in the type: it keeps a plain Outcome from passing for an answer, and lets the helpers
 * learn Op from the handler's return type before they check the body. It is a parameter type
 * so that a helper shared by several operations, answering Answer<'a' | 'b'> with the fields
 * both declare, suits the handler of each.
 */
export interface Answer<Op extends OperationId, Body = unknown> extends Outcome {
  body: Body
  readonly [answerOf]: (operation: Op) => void
}

/** A key of the catalogue's refusals (locales/<lang>/messages.json, "refusal"). */
export type RefusalKey = Extract<MessageKey, `refusal.${string}`>

/**
 * A refused field: its name on the wire and why, as a refusal of the catalogue with its
 * parameters (issue 16, docs/decisions.md "Refusals in the reader's language"). There is no
 * place for an English sentence: the dispatcher renders the text in the reader's language.
 * A number parameter is formatted for that language; a word a sentence needs is a key of
 * its own, never a field name or an enum's code.
 */
export interface FieldError {
  parameter: string
  text: { key: RefusalKey; params?: RefusalParams }
}

/** A refusal's parameters: numbers, verbatim values, or words of the catalogue (a list). */
export type RefusalParams = Readonly<Record<string, string | number | readonly RefusalKey[]>>

/** A refused field as the spec's envelope carries it: the rendered sentence. */
export interface WireFieldError {
  parameter: string
  description: string
}

/** The refusal of a field: refusal('amount', 'refusal.common.notEnoughMoney'). */
export function refusal(parameter: string, key: RefusalKey, params?: RefusalParams): FieldError {
  return params ? { parameter, text: { key, params } } : { parameter, text: { key } }
}

/**
 * Why a field was refused, in a language: a number formatted for it, a country code (the
 * parameter `country`) as the country's name in it, a list of words joined.
 */
export function describeRefusal(lang: Lang, error: FieldError): string {
  return renderWithParams(lang, error.text.key, error.text.params)
}

/** A text of the catalogue in a language, its parameters formatted as describeRefusal says. */
function renderWithParams(lang: Lang, key: MessageKey, given?: RefusalParams): string {
  const locale = localeOf(lang)
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })
  const word = (name: string, value: string | number | readonly RefusalKey[]): string => {
    if (typeof value === 'number') return numbers.format(value)
    if (typeof value !== 'string') return value.map((key) => renderMessage(lang, key)).join(', ')
    if (name !== 'country' || !/^[A-Z]{2}$/.test(value)) return value
    return new Intl.DisplayNames([locale], { type: 'region' }).of(value) ?? value
  }
  const params = Object.fromEntries(
    Object.entries(given ?? {}).map(([name, value]) => [name, word(name, value)]),
  )
  return renderMessage(lang, key, params)
}

/** The refused fields as the wire carries them, in a language. */
export function wireFieldErrors(lang: Lang, errors: readonly FieldError[]): WireFieldError[] {
  return errors.map((error) => ({
    parameter: error.parameter,
    description: describeRefusal(lang, error),
  }))
}

/** An RPC failure body: a code of the catalogue, what went wrong, and details some codes carry. */
export interface RpcFailureBody {
  responseCode: Exclude<ResponseCode, '00'>
  responseDescription: string
  errors?: WireFieldError[]
  [detail: string]: unknown
}

/** A REST failure body (token service, public API): a message to show. */
export interface RestFailureBody {
  message: string
  retryAfterSeconds?: number
}

/**
 * An expected failure: allowed for every operation. The dispatcher still checks its body
 * against the spec outside production, so a failure the spec does not describe is caught.
 */
export interface Failure extends Outcome {
  body: RpcFailureBody | RestFailureBody
}

/**
 * What a helper accepts for a body of type T: the same, with arrays and objects possibly
 * readonly (an answer is only serialized, so a frozen table may be sent as it is).
 */
export type AnswerBody<T> = T extends Uint8Array
  ? T
  : T extends readonly (infer Item)[]
    ? readonly AnswerBody<Item>[]
    : T extends object
      ? { readonly [K in keyof T]: AnswerBody<T[K]> }
      : T

/** The data of an RPC success without the envelope's responseCode, which rpcOk sets. */
export type RpcData<Op extends OperationId> = Omit<Extract<ResponseOf<Op>, object>, 'responseCode'>

/**
 * A successful RPC answer: `00` plus the operation's data. Op comes from the handler's
 * return type; called elsewhere, name it: rpcOk<'balanceInquiry'>({ ... }).
 */
export function rpcOk<Op extends OperationId = never>(
  // The data may be left out when every field of the answer is optional.
  ...data: Partial<NoInfer<RpcData<Op>>> extends NoInfer<RpcData<Op>>
    ? [data?: NoInfer<AnswerBody<RpcData<Op>>>]
    : [data: NoInfer<AnswerBody<RpcData<Op>>>]
): Answer<Op, ResponseOf<Op>> {
  const body = { responseCode: ResponseCode.Success, ...data[0] }
  return { status: 200, body } as Outcome as Answer<Op, ResponseOf<Op>>
}

/** A failed RPC answer with a code of the catalogue; AU travels as HTTP 401 (decisions.md). */
export function rpcFail(
  code: Exclude<ResponseCode, '00'>,
  description: string,
  extra: Record<string, unknown> = {},
): Failure {
  const status = code === ResponseCode.AuthenticationError ? 401 : 200
  return { status, body: { responseCode: code, responseDescription: description, ...extra } }
}

/** Whether an RPC answer is a failure: one whose responseCode is not 00. */
export function isRpcFailure(outcome: Outcome): outcome is Failure {
  const body = outcome.body as { responseCode?: unknown } | undefined
  return body?.responseCode !== ResponseCode.Success
}

/**
 * The refusals a VF body was made from, kept out of its JSON (a symbol key), so the
 * dispatcher can write them again in the reader's language (inReaderLanguage).
 */
const refusalsOf = Symbol('refusals')

function verifyErrorBody(lang: Lang, errors: readonly FieldError[]): RpcFailureBody {
  const wire = wireFieldErrors(lang, errors)
  const body: RpcFailureBody = {
    responseCode: ResponseCode.VerifyError,
    responseDescription: wire.map((e) => `${e.parameter}: ${e.description}`).join(', '),
    errors: wire,
  }
  Object.defineProperty(body, refusalsOf, { value: errors, enumerable: false })
  return body
}

/**
 * A VF answer naming the refused fields. Its body reads in English until the dispatcher
 * renders it in the reader's language, so a handler's caller (a test, a job) sees English.
 */
export function validationFailure(errors: FieldError[], status = 200): Failure {
  return { status, body: verifyErrorBody(defaultLang, errors) }
}

/** The refusals a VF answer was made of (validationFailure); undefined for another answer. */
export function refusalsIn(outcome: Outcome): readonly FieldError[] | undefined {
  const body = outcome.body as { [refusalsOf]?: readonly FieldError[] } | undefined
  return body?.[refusalsOf]
}

/** A REST message of the catalogue: what the customer reads when a step is refused. */
export type AnswerKey = Extract<MessageKey, `answer.${string}`>

/**
 * The text a REST message (restMessage) or an RPC failure (rpcRefuse) was made from, kept out
 * of its JSON as refusalsOf is.
 */
const messageTextOf = Symbol('messageText')

/** A text of the catalogue a failure's sentence is made from, with its parameters. */
export interface MessageSource {
  key: AnswerKey | RefusalKey
  params?: RefusalParams
}

/** The body with its text's source attached where JSON does not see it. */
function withSource<Body extends object>(body: Body, source: MessageSource): Body {
  Object.defineProperty(body, messageTextOf, { value: source, enumerable: false })
  return body
}

function sourceOf(key: AnswerKey | RefusalKey, params?: RefusalParams): MessageSource {
  return params ? { key, params } : { key }
}

/**
 * A REST failure whose message is a text of the catalogue: English in the body until the
 * dispatcher renders it in the reader's language (inReaderLanguage), as a VF's refusals.
 */
export function restMessage(
  status: number,
  key: AnswerKey | RefusalKey,
  params?: RefusalParams,
  extra: { retryAfterSeconds?: number } = {},
): Failure {
  const body: RestFailureBody = { message: renderWithParams(defaultLang, key, params), ...extra }
  return { status, body: withSource(body, sourceOf(key, params)) }
}

/**
 * A failed RPC answer whose responseDescription is a text of the catalogue (issue 16): English
 * until the dispatcher renders it in the reader's language (inReaderLanguage); the extra
 * fields (terms, retryAfterSeconds, field) travel unchanged. The body may be shared (a
 * constant refusal): nothing writes to it, inReaderLanguage answers a copy.
 */
export function rpcRefuse(
  code: Exclude<ResponseCode, '00'>,
  key: AnswerKey | RefusalKey,
  params?: RefusalParams,
  extra: Record<string, unknown> = {},
): Failure {
  const failure = rpcFail(code, renderWithParams(defaultLang, key, params), extra)
  return { ...failure, body: withSource(failure.body, sourceOf(key, params)) }
}

/**
 * The responseDescription of an RPC success as a text of the catalogue (issue 16), to spread
 * into the answer's data: rpcOk({ transactionId, ...rpcSay('answer.transfers.submitted') }).
 * English until the dispatcher renders it in the reader's language (inReaderLanguage), as
 * rpcRefuse's. Its source rides under an enumerable symbol, so a spread or rpcOk carries it
 * and JSON never sees it; an answer kept for a retry keeps it by keptAnswer.
 */
export function rpcSay(key: AnswerKey, params?: RefusalParams): { responseDescription: string } {
  const said = { responseDescription: renderWithParams(defaultLang, key, params) }
  return Object.assign(said, { [messageTextOf]: sourceOf(key, params) })
}

/** The field a kept answer (keptAnswer) holds its text's source in; the wire never has it. */
const keptTextField = 'answerText'

/**
 * An answer's body (or data) as JSON to store for a retry of the same request, with the
 * source of its text (rpcSay, rpcRefuse) beside it, so the retry reads in its own reader's
 * language (answerFromKept). A body without such a text is stored as it is.
 */
export function keptAnswer<Body extends object>(body: Body): Body {
  const source = (body as { [messageTextOf]?: MessageSource })[messageTextOf]
  const json = JSON.parse(JSON.stringify(body)) as Body
  return source ? { ...json, [keptTextField]: source } : json
}

/** A body keptAnswer stored, as an answer again: its text's source where JSON does not see it. */
export function answerFromKept<Body extends object>(kept: Body): Body {
  const { [keptTextField]: source, ...body } = kept as Record<string, unknown>
  if (!isMessageSource(source)) return body as Body
  return { ...body, [messageTextOf]: source } as Body
}

/** Whether a stored source still names a text of the catalogue with its parameters. */
function isMessageSource(value: unknown): value is MessageSource {
  const { key, params } = (value ?? {}) as { key?: unknown; params?: RefusalParams }
  if (typeof key !== 'string' || !/^(answer|refusal)\./.test(key)) return false
  try {
    renderWithParams(defaultLang, key as AnswerKey, params)
    return true
  } catch {
    return false
  }
}

/** The text an rpcRefuse, rpcSay or restMessage answer was made from; else undefined. */
export function messageSourceIn(outcome: Outcome): MessageSource | undefined {
  const body = outcome.body as { [messageTextOf]?: MessageSource } | undefined
  return body?.[messageTextOf]
}

/**
 * A VF answer's, an RPC answer's (rpcRefuse, rpcSay) or a REST message's texts in the
 * reader's language; any other answer as it is.
 */
export function inReaderLanguage<T extends Outcome>(outcome: T, lang: Lang): T {
  if (lang === defaultLang) return outcome
  const errors = refusalsIn(outcome)
  if (errors) {
    return { ...outcome, body: { ...(outcome.body as object), ...verifyErrorBody(lang, errors) } }
  }
  const source = messageSourceIn(outcome)
  if (!source) return outcome
  const body = outcome.body as object
  const text = renderWithParams(lang, source.key, source.params)
  const field = 'responseDescription' in body ? 'responseDescription' : 'message'
  return { ...outcome, body: { ...body, [field]: text } }
}

/**
 * A REST answer (token service and other REST paths) with a status the spec declares for
 * Op and that status's body; Op comes from the handler's return type, as for rpcOk.
 */
export function reply<Op extends OperationId = never, Status extends StatusOf<Op> = never>(
  status: Status,
  ...body: undefined extends NoInfer<ResponseOf<Op, Status>>
    ? [body?: NoInfer<AnswerBody<ResponseOf<Op, Status>>>]
    : [body: NoInfer<AnswerBody<ResponseOf<Op, Status>>>]
): Answer<Op, ResponseOf<Op, Status>> {
  return { status, body: body[0] } as Outcome as Answer<Op, ResponseOf<Op, Status>>
}

/** A REST failure with a message, for helpers shared by several operations. */
export function restFailure(status: number, body: RestFailureBody): Failure {
  return { status, body }
}

/** A refused token-service step: HTTP 403 with a message (product-spec section 8). */
export function refused(key: AnswerKey, params?: RefusalParams): Failure {
  return restMessage(403, key, params)
}

/** A file answer: raw bytes with their media type, offered as a download named fileName. */
export function fileReply<Op extends OperationId = never>(
  bytes: Uint8Array & NoInfer<ResponseOf<Op>>,
  contentType: string,
  fileName: string,
): Answer<Op, ResponseOf<Op>> {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_')
  return bytesReply<Op>(bytes, {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${safeName}"`,
    // A customer's document: no shared cache may keep a copy.
    'cache-control': 'no-store',
  })
}

/** Bytes with the headers that say what they are, for an operation whose answer is a file. */
export function bytesReply<Op extends OperationId = never>(
  bytes: Uint8Array & NoInfer<ResponseOf<Op>>,
  headers: Record<string, string> & { 'content-type': string },
): Answer<Op, ResponseOf<Op>> {
  const outcome: Outcome = { status: 200, body: bytes, headers }
  return outcome as Answer<Op, ResponseOf<Op>>
}
