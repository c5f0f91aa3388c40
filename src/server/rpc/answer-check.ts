// Outside production every answer is checked against its operation's response in the spec,
// like its request (STYLE.md: a handler's answer is typed and checked like its input). The
// types catch most mistakes at compile time; this catches what they cannot: a value read
// from the database or a data file outside its enum, a field cast into place, a status the
// spec does not declare. A mismatch is a programmer error, so it ends the request with a
// 500 that names the operation and the field, and any test calling the operation fails.
import type { FastifyRequest } from 'fastify'
import * as validators from '../../generated/validators.js'
import type { ValidateFunction } from '../../generated/validators.js'
import { isRpcFailure, type Outcome } from './outcome.ts'

const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>

/** What the check needs of an operation: its id, kind and the statuses the spec declares. */
export interface AnsweredOperation {
  operationId: string
  kind: string
  responseStatuses: readonly (number | string)[]
}

/**
 * The validator an answer is held to: an RPC failure to the envelope of the code catalogue
 * (it travels with the success's status but has none of its fields), else the generated
 * validator of the operation's response at the answer's status.
 */
function validatorOf(operation: AnsweredOperation, outcome: Outcome): ValidateFunction | undefined {
  if (operation.kind === 'rpc' && outcome.status === 200 && isRpcFailure(outcome)) {
    return validators.rpcFailure
  }
  return validatorTable[`response_${operation.operationId}_${outcome.status}`]
}

/**
 * The handler's answer, or a logged 500 naming the operation and the field when it does not
 * match the spec. Only handlers' answers are checked: the refusals the dispatcher makes
 * before a handler runs (access, validation) are the same for every operation.
 */
export function checkedAnswer(
  operation: AnsweredOperation,
  outcome: Outcome,
  request: FastifyRequest,
): Outcome {
  const mismatch = answerMismatch(operation, outcome)
  if (!mismatch) return outcome
  request.log.error({ operation: operation.operationId, status: outcome.status }, mismatch)
  return { status: 500, body: { responseCode: 'UE', responseDescription: mismatch } }
}

/**
 * Why an answer does not match the spec, or undefined when it does. `validate` is the
 * generated validator for the answer (a test passes its own).
 */
export function answerMismatch(
  operation: AnsweredOperation,
  outcome: Outcome,
  validate = validatorOf(operation, outcome),
): string | undefined {
  const { operationId } = operation
  const prefix = `${operationId} answer does not match the spec:`
  const declared = operation.responseStatuses.some((status) => Number(status) === outcome.status)
  if (!declared) return `${prefix} status ${outcome.status} is not declared`
  // A file answer is bytes; its media type is the handler's, the spec has no schema for it.
  if (outcome.body instanceof Uint8Array) return undefined
  if (!validate) {
    return outcome.body === undefined ? undefined : `${prefix} status ${outcome.status} has no body`
  }
  if (validate(outcome.body)) return undefined
  const [first] = validate.errors ?? []
  if (!first) return `${prefix} the body is not valid`
  const detail =
    first.keyword === 'required'
      ? `must have ${String(first.params.missingProperty)}`
      : (first.message ?? first.keyword)
  return `${prefix} ${first.instancePath || '/'} ${detail}`
}
