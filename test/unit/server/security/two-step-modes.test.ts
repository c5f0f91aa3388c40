// Which two-step modes can be chosen (src/server/security/two-step-modes.ts).
import { describe, expect, it } from 'vitest'
import { modeRefusal, type TypeMode } from '../../../../src/server/security/two-step-modes.ts'
import { describeRefusal } from '../../../../src/server/rpc/outcome.ts'

const current = { login2faMode: 'no', transactionApproveMode: 'simple' }

describe('modeRefusal', () => {
  const allowed: [string, { given: [TypeMode, string, boolean] }][] = [
    ['an OTP transaction mode', { given: ['transaction', 'otp', false] }],
    ['an approval-code transaction mode', { given: ['transaction', 'approvalCode', false] }],
    ['SMS sign-in with a confirmed phone', { given: ['login', 'sms', true] }],
    ['push sign-in', { given: ['login', 'push', false] }],
  ]
  it.each(allowed)('allows %s', (_name, { given: [typeMode, mode, phone] }) => {
    expect(modeRefusal(typeMode, mode, current, phone)).toBeUndefined()
  })

  const refused: [string, { given: [TypeMode, string, boolean]; want: RegExp }][] = [
    [
      '"no" for transactions',
      { given: ['transaction', 'no', true], want: /is not a mode offered/ },
    ],
    [
      'approvalCode at sign-in',
      { given: ['login', 'approvalCode', true], want: /is not a mode offered/ },
    ],
    ['the mode already set', { given: ['transaction', 'simple', true], want: /already/ }],
    ['SMS without a confirmed phone', { given: ['transaction', 'sms', false], want: /phone/ }],
  ]
  it.each(refused)('refuses %s, naming mode', (_name, { given: [typeMode, mode, phone], want }) => {
    const refusal = modeRefusal(typeMode, mode, current, phone)
    expect(refusal?.parameter).toBe('mode')
    expect(refusal && describeRefusal('en', refusal)).toMatch(want)
  })
})
