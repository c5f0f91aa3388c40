// Destinations shown to a client are masked (src/server/security/outbox.ts).
import { describe, expect, it } from 'vitest'
import { maskEmail, maskPhone } from '../../../../src/server/security/outbox.ts'

describe('maskEmail', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'keeps the first letter and the domain',
      { given: 'casey@nova.example', want: 'c****@nova.example' },
    ],
    ['hides an address without a local part', { given: '@nova.example', want: '****' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => expect(maskEmail(given)).toBe(want))
})

describe('maskPhone', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'keeps the first two and the last three digits',
      { given: '+447700900123', want: '+44*******123' },
    ],
    ['hides a number it cannot read', { given: '12', want: '****' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => expect(maskPhone(given)).toBe(want))
})
