// Who a rate limit counts (src/server/rpc/rate-limit.ts): an IPv4 client by its address, an
// IPv4-mapped IPv6 one as the IPv4 it is, and an IPv6 one by its /64, so that one subscriber
// cannot step through the addresses of its own prefix to escape the limit.
import { describe, expect, it } from 'vitest'
import { clientKeyOf, tooManyRequests } from '../../../../src/server/rpc/rate-limit.ts'
import { inReaderLanguage } from '../../../../src/server/rpc/outcome.ts'

describe('clientKeyOf', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['an IPv4 address', { given: '203.0.113.7', want: '203.0.113.7' }],
    ['an IPv4-mapped IPv6 address', { given: '::ffff:203.0.113.7', want: '203.0.113.7' }],
    ['loopback IPv6', { given: '::1', want: '0:0:0:0::/64' }],
    ['a full IPv6 address', { given: '2001:db8:1:2:3:4:5:6', want: '2001:db8:1:2::/64' }],
    ['the same /64, another host', { given: '2001:db8:1:2::99', want: '2001:db8:1:2::/64' }],
    ['leading zeros and capitals', { given: '2001:0DB8:0001:0002::1', want: '2001:db8:1:2::/64' }],
    ['a compressed prefix', { given: '2001:db8::1', want: '2001:db8:0:0::/64' }],
    ['a zone index', { given: 'fe80::1%eth0', want: 'fe80:0:0:0::/64' }],
  ]
  it.each(cases)('keys %s', (_name, { given, want }) => {
    expect(clientKeyOf(given)).toBe(want)
  })
})

describe('tooManyRequests', () => {
  it('answers a REST operation with 429, its message and Retry-After', () => {
    const outcome = tooManyRequests('rest', 42)
    expect(outcome).toMatchObject({
      status: 429,
      body: {
        retryAfterSeconds: 42,
        message: 'Too many requests. Please try again in 42 seconds.',
      },
      headers: { 'retry-after': '42' },
    })
  })

  it('keeps the RPC envelope, TA1, and says minutes for a long wait', () => {
    const outcome = tooManyRequests('rpc', 540)
    expect(outcome).toMatchObject({
      status: 429,
      body: { responseCode: 'TA1', retryAfterSeconds: 540 },
      headers: { 'retry-after': '540' },
    })
    expect((outcome.body as { responseDescription: string }).responseDescription).toMatch(
      /in 9 minutes/,
    )
  })

  it('says one second in the singular', () => {
    expect(tooManyRequests('rest', 1).body).toMatchObject({
      message: 'Too many requests. Please try again in 1 second.',
    })
  })

  it("reads in the reader's language once rendered, with the wait and Retry-After kept", () => {
    expect(inReaderLanguage(tooManyRequests('rpc', 42), 'ru')).toEqual({
      status: 429,
      body: {
        responseCode: 'TA1',
        responseDescription: 'Слишком много запросов. Попробуйте снова через 42 с.',
        retryAfterSeconds: 42,
      },
      headers: { 'retry-after': '42' },
    })
    expect(inReaderLanguage(tooManyRequests('rest', 540), 'es').body).toEqual({
      message: 'Demasiadas solicitudes. Inténtelo de nuevo en 9 minutos.',
      retryAfterSeconds: 540,
    })
  })
})
