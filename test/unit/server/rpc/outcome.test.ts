// A handler's answer is typed by its operation's response in the spec. Each line below an
// expect-error marker must fail `npm run typecheck`: tsc reports a marker with no error under
// it, so this file fails the typecheck the day the check accepts an extra or mistyped field.
// The runtime part checks the bodies the helpers build.
import { describe, expect, it } from 'vitest'
import type { Handler } from '../../../../src/server/rpc/handler-context.ts'
import {
  fileReply,
  refusal,
  reply,
  rpcFail,
  rpcOk,
  validationFailure,
} from '../../../../src/server/rpc/outcome.ts'

const phoneCheck = {
  valid: true,
  possible: true,
  e164: '+14155550100',
  countryCode: 'US',
  callingCode: '1',
  nationalNumber: '4155550100',
  type: 'FIXED_LINE_OR_MOBILE' as const,
}

export const typedRpc: Handler<'phoneCheck'> = async (_context, input) => {
  if (input.phoneNumber === 'extra') {
    // @ts-expect-error a field the spec does not declare for phoneCheck
    return rpcOk({ phoneCheck, carrier: 'Example Telecom' })
  }
  if (input.phoneNumber === 'nested') {
    // @ts-expect-error a field the spec does not declare inside PhoneCheckResult
    return rpcOk({ phoneCheck: { ...phoneCheck, carrier: 'Example Telecom' } })
  }
  if (input.phoneNumber === 'wrong type') {
    // @ts-expect-error valid is a boolean in the spec
    return rpcOk({ phoneCheck: { ...phoneCheck, valid: 'yes' } })
  }
  if (input.phoneNumber === 'conditional') {
    // @ts-expect-error the operation is fixed in both branches of a conditional
    return input.countryCode ? rpcFail('VF', 'no') : rpcOk({ phoneCheck, carrier: 'x' })
  }
  // Failures suit every operation.
  if (input.phoneNumber === '')
    return validationFailure([refusal('x', 'refusal.validation.invalid')])
  // A refusal is a key of the catalogue, rendered in the reader's language: no English sentence.
  if (input.phoneNumber === 'english')
    // @ts-expect-error a FieldError has no description to write a sentence into
    return validationFailure([{ parameter: 'x', description: 'is wrong' }])
  // @ts-expect-error a refusal's key is one of the catalogue's refusals, not a sentence
  if (input.phoneNumber === 'sentence') return validationFailure([refusal('x', 'is wrong')])
  return rpcOk({ phoneCheck })
}

export const typedRest: Handler<'webhookList'> = async (context) => {
  if (context.query.customerId === 0) {
    // @ts-expect-error a field the spec does not declare for webhookList's 200
    return reply(200, { items: [], total: 0 })
  }
  if (context.query.customerId === 1) {
    // @ts-expect-error a status the spec does not declare for webhookList
    return reply(418, { message: 'teapot' })
  }
  // @ts-expect-error the query is typed from the spec: customerId is a number
  if (context.query.customerId === 'two') return reply(200, { items: [] })
  return reply(200, { items: [] })
}

export const typedNoContent: Handler<'authLogout'> = async (_context, input) => {
  // @ts-expect-error a 204 has no body
  if (input) return reply(204, { done: true })
  return reply(204)
}

export const typedFile: Handler<'agreementDownload'> = async () => {
  // @ts-expect-error a file answer of agreementDownload is bytes, not text
  if (Math.random() > 2) return fileReply('text', 'application/pdf', 'a.pdf')
  return fileReply(new Uint8Array([1]), 'application/pdf', 'agreement.pdf')
}

/** Outside a handler's return the operation is not known, so it must be named. */
export function outsideAHandler() {
  // @ts-expect-error without an operation, no literal is accepted
  rpcOk({ phoneCheck })
  return rpcOk<'phoneCheck'>({ phoneCheck })
}

describe('outcome helpers', () => {
  it.each([
    ['rpcOk adds the success code', rpcOk<'phoneCheck'>({ phoneCheck }), 200],
    ['rpcFail with AU answers 401', rpcFail('AU', 'Sign in again.'), 401],
    ['reply keeps its status', reply<'authLogout', 204>(204), 204],
  ])('%s', (_name, outcome, status) => {
    expect(outcome.status).toBe(status)
  })

  it('puts responseCode 00 in front of the data', () => {
    expect(rpcOk<'phoneCheck'>({ phoneCheck }).body).toEqual({ responseCode: '00', phoneCheck })
  })
})
